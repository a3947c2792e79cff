export const queryKeys = {
  user: ['user'] as const,
  subscription: ['subscription'] as const,
  planDebug: ['plan-debug'] as const,
  reminders: ['reminders'] as const,
  publicConfig: ['config', 'public'] as const,
};

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPage, request } from './client';
import type { AdminReminder, AdminUser, AuditEntry, Campaign, Commission, ConsoleMessage, ConversationInfo, ConversationSummary, Me, Partner, Stats } from './types';

/** One function per endpoint, with its query hook (the portal's pattern). */
export const adminApi = {
  me: () => request<Me>('GET', '/api/user'),
  login: (username: string, password: string) => request<Me>('POST', '/api/login', { username, password }),
  logout: () => request<unknown>('POST', '/api/logout'),
  stats: (timeRange: string) => request<Stats>('GET', `/api/admin/stats?timeRange=${encodeURIComponent(timeRange)}`),
  users: (q: string, cursor?: string) => getPage<AdminUser>('/api/admin/users', { q, cursor, limit: 50 }),
  updateUser: (id: number, body: Partial<Pick<AdminUser, 'email' | 'phoneNumber' | 'plan' | 'reminderQuota' | 'remindersUsed'>>) => request<AdminUser>('PATCH', `/api/admin/users/${id}`, body),
  deleteUser: (id: number) => request<unknown>('DELETE', `/api/admin/users/${id}`),
  reminders: (q: string, cursor?: string) => getPage<AdminReminder>('/api/admin/reminders', { q, cursor, limit: 50 }),
  updateReminder: (id: number, body: Partial<Pick<AdminReminder, 'subject' | 'reminderText' | 'status' | 'languageCode'>>) => request<AdminReminder>('PATCH', `/api/admin/reminders/${id}`, body),
  deleteReminder: (id: number) => request<unknown>('DELETE', `/api/admin/reminders/${id}`),
  triggerReminder: (id: number) => request<AdminReminder>('POST', `/api/admin/reminders/${id}/trigger`),
  partners: () => request<Partner[]>('GET', '/api/admin/referral/partners'),
  createPartner: (body: { name: string; email: string; phoneNumber: string | null; referralCode: string; active: boolean }) => request<Partner>('POST', '/api/admin/referral/partners', body),
  setPartnerActive: (id: number, active: boolean) => request<Partner>('PATCH', `/api/admin/referral/partners/${id}`, { active }),
  deletePartner: (id: number) => request<unknown>('DELETE', `/api/admin/referral/partners/${id}`),
  commissions: () => request<Commission[]>('GET', '/api/admin/referral/commissions'),
  markCommissionPaid: (id: number) => request<Commission>('PATCH', `/api/admin/referral/commissions/${id}`, { status: 'paid' }),
  campaigns: () => request<Campaign[]>('GET', '/api/admin/push-notifications'),
  createCampaign: (body: { message: string; language: string; targetUsers: string }) => request<{ message: string; campaign: Campaign }>('POST', '/api/admin/push-notification', body),
  conversations: (q: string, cursor?: string) => getPage<ConversationSummary>('/api/admin/conversations', { q, cursor, limit: 30 }),
  conversation: (userId: number) => request<ConversationInfo>('GET', `/api/admin/conversations/${userId}`),
  messages: (userId: number, cursor?: string) => getPage<ConsoleMessage>(`/api/admin/conversations/${userId}/messages`, { cursor, limit: 30 }),
  reply: (userId: number, text: string) => request<{ channel: string }>('POST', `/api/admin/conversations/${userId}/reply`, { text }),
  audit: (q: string, cursor?: string) => getPage<AuditEntry>('/api/admin/audit', { q, cursor, limit: 50 }),
};

export const keys = {
  me: ['me'] as const,
  stats: (range: string) => ['admin', 'stats', range] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  reminders: (q: string) => ['admin', 'reminders', q] as const,
  partners: ['admin', 'partners'] as const,
  commissions: ['admin', 'commissions'] as const,
  campaigns: ['admin', 'campaigns'] as const,
  conversations: (q: string) => ['admin', 'conversations', q] as const,
  conversation: (id: number) => ['admin', 'conversation', id] as const,
  messages: (id: number) => ['admin', 'messages', id] as const,
  audit: (q: string) => ['admin', 'audit', q] as const,
};

/** The signed-in account; null when anonymous (401). */
export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async () => {
      try {
        return await adminApi.me();
      } catch (e) {
        if ((e as { status?: number }).status === 401) return null;
        throw e;
      }
    },
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

export const useStats = (range: string) => useQuery({ queryKey: keys.stats(range), queryFn: () => adminApi.stats(range), placeholderData: keepPreviousData });

function paged<T>(key: readonly unknown[], fetchPage: (cursor?: string) => Promise<{ rows: T[]; total: number; capped: boolean; nextCursor: string | null }>) {
  return {
    queryKey: key,
    queryFn: ({ pageParam }: { pageParam: string | undefined }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  };
}

export const useUsers = (q: string) => useInfiniteQuery(paged(keys.users(q), (c) => adminApi.users(q, c)));
export const useReminders = (q: string) => useInfiniteQuery(paged(keys.reminders(q), (c) => adminApi.reminders(q, c)));
export const useConversations = (q: string) => useInfiniteQuery(paged(keys.conversations(q), (c) => adminApi.conversations(q, c)));
export const useAudit = (q: string) => useInfiniteQuery(paged(keys.audit(q), (c) => adminApi.audit(q, c)));
export const useMessages = (userId: number) => useInfiniteQuery({ ...paged(keys.messages(userId), (c) => adminApi.messages(userId, c)), placeholderData: undefined });
export const useConversationInfo = (userId: number) => useQuery({ queryKey: keys.conversation(userId), queryFn: () => adminApi.conversation(userId), refetchInterval: 60_000 });
export const usePartners = () => useQuery({ queryKey: keys.partners, queryFn: adminApi.partners });
export const useCommissions = () => useQuery({ queryKey: keys.commissions, queryFn: adminApi.commissions });
/** SPEC §9: the push history refreshes every 5 seconds. */
export const useCampaigns = () => useQuery({ queryKey: keys.campaigns, queryFn: adminApi.campaigns, refetchInterval: 5000 });

/** A mutation that refreshes the given lists when it succeeds. */
export function useAdminMutation<A, R>(fn: (arg: A) => Promise<R>, invalidate: Array<readonly unknown[]>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(invalidate.map((k) => qc.invalidateQueries({ queryKey: k }))),
  });
}

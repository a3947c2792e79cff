import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { PlanDebug, Subscription } from './types';

export const getSubscription = () => api.get<Subscription>('/api/subscription');
export const getPlanDebug = () => api.get<PlanDebug>('/api/plan-debug');

export function useSubscriptionQuery(enabled = true) {
  return useQuery({ queryKey: queryKeys.subscription, queryFn: getSubscription, enabled });
}

/** SPEC §9: the plan is polled every 5 s so an upgrade shows without a reload. */
export function usePlanDebugQuery(enabled = true) {
  return useQuery({ queryKey: queryKeys.planDebug, queryFn: getPlanDebug, enabled, refetchInterval: 5000 });
}

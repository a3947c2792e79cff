import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { PublicConfig } from './types';

export const getPublicConfig = () => api.get<PublicConfig>('/api/config/public');

export function usePublicConfigQuery() {
  return useQuery({ queryKey: queryKeys.publicConfig, queryFn: getPublicConfig, staleTime: Infinity });
}

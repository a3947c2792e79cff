import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { isApiError } from './api-error';
import { queryKeys } from './query-keys';
import type { User } from './types';

/** GET /api/user — a 401 means "anonymous", which is an answer, not a failure (SPEC §6). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await api.get<User>('/api/user');
  } catch (err) {
    if (isApiError(err) && err.status === 401) return null;
    throw err;
  }
}

export function useCurrentUserQuery() {
  return useQuery({ queryKey: queryKeys.user, queryFn: getCurrentUser });
}

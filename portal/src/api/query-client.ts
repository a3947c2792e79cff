import { QueryClient } from '@tanstack/react-query';

/** SPEC §9: data queries are never retried and are refetched on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: true, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

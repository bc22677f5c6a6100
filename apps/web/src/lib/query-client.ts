import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The app's one cache of server state. A 4xx is an answer, not a hiccup: it is never retried.
 * Windows regaining focus do not refetch: pages change when the shopper acts, as before.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/**
 * Server state cache. Client errors (4xx) are not retried: asking again gives the same answer.
 * Queries that poll (e.g. the status page) set their own `retry`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { isRetriedStatus } from '@app/contracts/http';
import { isApiError } from '../api/client';

/**
 * Server state cache. Client errors (4xx) are not retried: asking again gives the same answer.
 * Nor are no answer, 502, 503 and 504: the API client already sent the call again by the
 * shared retry policy, and this would multiply its sends. Other failures (a 500) are asked
 * twice more. Queries that poll (e.g. the status page) set their own `retry`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) return false;
          if (isApiError(error) && isRetriedStatus(error.statusCode)) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

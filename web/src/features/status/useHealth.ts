import { useQuery } from '@tanstack/react-query';
import { healthQueries } from '../../api/health';

/** How often the status page asks the gateway again. */
export const HEALTH_POLL_MS = 5_000;

/**
 * `GET /api/health`, polled every 5 s. No retries: the next poll is the retry, and a failure
 * should show at once rather than after back-off.
 */
export function useHealth() {
  return useQuery({
    ...healthQueries.get(),
    refetchInterval: HEALTH_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
}

import { Routes } from '@app/contracts/http';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const healthKeys = {
  all: ['health'] as const,
  get: () => ['health', 'get', {}] as const,
};

/** `GET /health`: each service pinged over NATS by the gateway. Sent once: the status page's next poll is the retry, and a failure is what it shows. */
export function getHealth(signal?: AbortSignal) {
  return api.call(Routes.health.all, { signal, retry: false });
}

/** Query options of the health of the services (`useQuery({ ...healthQueries.get(), refetchInterval })`). */
export const healthQueries = {
  get: () => queryOptions({ queryKey: healthKeys.get(), queryFn: ({ signal }) => getHealth(signal) }),
};

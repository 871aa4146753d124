import { api } from './client';

/**
 * The seven back-end services, in the order the gateway reports them. Mirrors `SERVICE_NAMES`
 * in libs/contracts, which the browser bundle does not import (it pulls in server code).
 */
export const SERVICE_NAMES = ['users', 'style-guides', 'orders', 'images', 'pipeline', 'delivery', 'statistics'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];
export type ServiceState = 'up' | 'down';

/** `GET /api/health`: each service pinged over NATS by the gateway. */
export interface HealthResponse {
  status: 'ok' | 'degraded';
  services: Partial<Record<ServiceName, ServiceState>>;
}

export const healthKeys = {
  all: ['health'] as const,
  get: () => ['health', 'get', {}] as const,
};

export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return api.get<HealthResponse>('/health', { signal });
}

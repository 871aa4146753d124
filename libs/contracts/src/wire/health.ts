import type { ServiceName } from './services';

export type ServiceState = 'up' | 'down';

/** `GET /health`: each service pinged over NATS by the gateway (up when an instance answered in time). */
export interface HealthView {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceState>;
}

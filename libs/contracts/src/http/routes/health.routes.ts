import { defineRoute } from '../define-route';
import { HealthResponse, LiveResponse, ServicePingResponse } from '../schemas/health.schemas';

/**
 * The gateway's health routes under `/api` (the process probes `/health/live` and
 * `/health/ready` of the operations port are not HTTP operations of the API).
 */
export const HealthRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'optional-session',
    result: HealthResponse,
    summary: 'Health of the gateway, of every service (each pinged over NATS) and of the segmentation network',
    description: 'Public. Staff (Admin, QA) signed in also get why the segmentation network is down.',
  }),
  live: defineRoute({
    method: 'GET',
    path: '/health/live',
    access: 'public',
    result: LiveResponse,
    summary: 'Liveness of the gateway process itself, answered without NATS; no instance id or uptime (public)',
  }),
  service: defineRoute({
    method: 'GET',
    path: '/health/services/:service',
    access: 'optional-session',
    result: ServicePingResponse,
    summary: 'Ping one service over NATS; 503 when no instance answers in time',
    description: 'Public: up, or 503. Staff (Admin, QA) signed in also get the answering instance and its uptime.',
  }),
};

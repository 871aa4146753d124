import type { RpcDef } from '../rpc';
import { SERVICE_NAMES, type ServiceName } from '../wire/services';

export interface HealthPingResult {
  service: ServiceName;
  status: 'up';
  /** seconds since the process started */
  uptime: number;
  /** instance id, to tell replicas apart */
  instance: string;
}

/**
 * Every service answers `health.<service>`; the gateway's health route asks all seven.
 * Health subjects live outside the services' own subject spaces because `pipeline.>` belongs
 * to the PIPELINE stream: a request there would be stored as a job, not answered.
 */
export function healthPing(service: ServiceName): RpcDef<Record<string, never>, HealthPingResult> {
  return { subject: `health.${service}`, service, payload: null };
}

export const HEALTH_PINGS = Object.fromEntries(
  SERVICE_NAMES.map((s) => [s, healthPing(s)]),
) as Record<ServiceName, RpcDef<Record<string, never>, HealthPingResult>>;

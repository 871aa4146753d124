import { defineRpc, type RpcDef } from '../rpc';
import { SERVICE_NAMES, type ServiceName } from '../services';

export interface HealthPingResult {
  service: ServiceName;
  status: 'up';
  /** seconds since the process started */
  uptime: number;
  /** instance id, to tell replicas apart */
  instance: string;
}

/** Every service answers `<service>.health.ping`; the gateway's health route asks all seven. */
export function healthPing(service: ServiceName): RpcDef<Record<string, never>, HealthPingResult> {
  return defineRpc<Record<string, never>, HealthPingResult>(service, 'health.ping', null);
}

export const HEALTH_PINGS = Object.fromEntries(
  SERVICE_NAMES.map((s) => [s, healthPing(s)]),
) as Record<ServiceName, RpcDef<Record<string, never>, HealthPingResult>>;

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

/**
 * The segmentation network the pipeline's AI routes use (PIPELINE_SEGMENTER): `classical` is
 * the built-in fallback (no network, always up), `onnx` a model run in the worker (up: it was
 * loaded at boot), `http` the segmenter service, up when its `/health/ready` answers 200.
 */
export interface SegmenterHealth {
  kind: 'classical' | 'onnx' | 'http';
  status: 'up' | 'down';
  /** the network: the segmenter's own name for it (`isnet-quint8@768`), or the ONNX file's base name */
  model?: string;
  /** why it is down: the segmenter's HTTP status or the connection error */
  reason?: string;
}

/** How long the pipeline waits for the segmenter's `/health/ready`; the gateway waits this much longer than for a ping. */
export const SEGMENTER_PROBE_TIMEOUT_MS = 1500;

/**
 * `health.pipeline.segmenter`: answered by one pipeline instance (all run the same
 * configuration). In the `health.*` space for the reason above: `pipeline.>` is the PIPELINE
 * stream's. Not `health.pipeline` itself, which is the pipeline's ping.
 */
export const SEGMENTER_HEALTH: RpcDef<Record<string, never>, SegmenterHealth> = {
  subject: 'health.pipeline.segmenter',
  service: 'pipeline',
  payload: null,
};

import {
  HEALTH_PINGS,
  isServiceName,
  isStaff,
  Routes,
  SEGMENTER_HEALTH,
  SEGMENTER_PROBE_TIMEOUT_MS,
  SERVICE_NAMES,
  type Actor,
  type HealthView,
  type ServiceName,
  type ServiceState,
} from '@app/contracts';
import type { LiveResponse, SegmentationHealth, ServicePingResponse } from '@app/contracts/http';
import { RpcClient } from '@app/messaging';
import { Controller, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { GATEWAY_CONFIG } from '../messaging/nats.module';
import type { GatewayConfig } from '../gateway.config';

@ApiTags('health')
@ApiErrorResponses()
@Controller()
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Public; a sign-in is optional (staff signed in also get why the segmentation network is
   * down). Degraded when a service is down, or when the pipeline relies on the segmenter
   * service and it is down (the AI routes fail); the classical fallback in use is not.
   */
  @Operation(Routes.health.all)
  async health(@CurrentActor() actor: Actor): Promise<HealthView> {
    const [states, segmentation] = await Promise.all([
      Promise.all(
        SERVICE_NAMES.map(async (service): Promise<[ServiceName, ServiceState]> => {
          try {
            await this.rpc.send(HEALTH_PINGS[service], {}, actor, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
            return [service, 'up'];
          } catch {
            return [service, 'down'];
          }
        }),
      ),
      this.segmentation(actor),
    ]);
    const services = Object.fromEntries(states) as Record<ServiceName, ServiceState>;
    const networkDown = segmentation.kind === 'http' && segmentation.status === 'down';
    return { status: states.every(([, s]) => s === 'up') && !networkDown ? 'ok' : 'degraded', services, segmentation };
  }

  /** The pipeline's word on its segmentation network; it may ask the segmenter first, so it gets that much longer than a ping. */
  private async segmentation(actor: Actor): Promise<SegmentationHealth> {
    try {
      const { kind, status, model, reason } = await this.rpc.send(SEGMENTER_HEALTH, {}, actor, {
        timeoutMs: this.config.HEALTH_TIMEOUT_MS + SEGMENTER_PROBE_TIMEOUT_MS,
      });
      return { kind, status, ...(model ? { model } : {}), ...(reason && isStaff(actor.role) ? { reason } : {}) };
    } catch {
      return { status: 'unknown' };
    }
  }

  /** Public: says only that the process answers (which instance, and since when, is for staff). */
  @Operation(Routes.health.live)
  live(): LiveResponse {
    return { service: 'gateway', status: 'up' };
  }

  /** Public; a sign-in is optional (staff signed in also get the instance and its uptime). */
  @Operation(Routes.health.service)
  async ping(@Param('service') service: string, @CurrentActor() actor: Actor): Promise<ServicePingResponse> {
    if (!isServiceName(service)) {
      throw new NotFoundException(`Unknown service "${service}". Known: ${SERVICE_NAMES.join(', ')}`);
    }
    const answer = await this.rpc.send(HEALTH_PINGS[service], {}, actor, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
    if (isStaff(actor.role)) return answer;
    return { service: answer.service, status: answer.status };
  }
}

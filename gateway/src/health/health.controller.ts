import { HEALTH_PINGS, isServiceName, isStaff, Routes, SERVICE_NAMES, type Actor, type HealthView, type ServiceName, type ServiceState } from '@app/contracts';
import type { LiveResponse, ServicePingResponse } from '@app/contracts/http';
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

  @Operation(Routes.health.all)
  async health(@CurrentActor() actor: Actor): Promise<HealthView> {
    const states = await Promise.all(
      SERVICE_NAMES.map(async (service): Promise<[ServiceName, ServiceState]> => {
        try {
          await this.rpc.send(HEALTH_PINGS[service], {}, actor, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
          return [service, 'up'];
        } catch {
          return [service, 'down'];
        }
      }),
    );
    const services = Object.fromEntries(states) as Record<ServiceName, ServiceState>;
    return { status: states.every(([, s]) => s === 'up') ? 'ok' : 'degraded', services };
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

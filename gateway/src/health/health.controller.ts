import { HEALTH_PINGS, isServiceName, SERVICE_NAMES, type HealthView, type ServiceName, type ServiceState } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import type { Actor } from '@app/contracts';
import { CurrentActor } from '../common/actor.decorator';
import { GATEWAY_CONFIG } from '../messaging/nats.module';
import type { GatewayConfig } from '../gateway.config';

export class HealthResponse implements HealthView {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: 'ok' | 'degraded';

  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(SERVICE_NAMES.map((s) => [s, { type: 'string', enum: ['up', 'down'] }])),
    required: [...SERVICE_NAMES],
    example: Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'up'])),
    description: 'each service pinged over NATS: up when an instance answered in time',
  })
  services!: Record<ServiceName, ServiceState>;
}

export class ServicePingResponse {
  @ApiProperty() service!: string;
  @ApiProperty({ enum: ['up'] }) status!: 'up';
  @ApiProperty({ description: 'seconds since the answering instance started' }) uptime!: number;
  @ApiProperty({ description: 'id of the answering instance' }) instance!: string;
}

@ApiTags('health')
@ApiErrorResponses()
@Controller('health')
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @ApiResult(HealthResponse)
  @Get()
  @ApiOperation({ summary: 'Health of the gateway and of every service (each pinged over NATS)' })
  async health(@CurrentActor() actor: Actor): Promise<HealthResponse> {
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

  @ApiResult(ServicePingResponse)
  @Get('live')
  @ApiOperation({ summary: 'Liveness of the gateway process itself, answered without NATS' })
  live(): ServicePingResponse {
    return { service: 'gateway', status: 'up', uptime: Math.round((Date.now() - this.startedAt) / 1000), instance: String(process.pid) };
  }

  @ApiResult(ServicePingResponse)
  @Get('services/:service')
  @ApiOperation({ summary: 'Ping one service over NATS; 503 when no instance answers in time' })
  async ping(@Param('service') service: string, @CurrentActor() actor: Actor): Promise<ServicePingResponse> {
    if (!isServiceName(service)) {
      throw new NotFoundException(`Unknown service "${service}". Known: ${SERVICE_NAMES.join(', ')}`);
    }
    return this.rpc.send(HEALTH_PINGS[service], {}, actor, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
  }
}

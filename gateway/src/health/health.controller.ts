import { HEALTH_PINGS, isServiceName, SERVICE_NAMES, type HealthView, type ServiceName, type ServiceState } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Get, Inject, NotFoundException, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import type { Actor } from '@app/contracts';
import { OptionalJwtAuthGuard } from '../auth/authenticated.decorator';
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

export class LiveResponse {
  @ApiProperty({ enum: ['gateway'] }) service!: 'gateway';
  @ApiProperty({ enum: ['up'] }) status!: 'up';
}

export class ServicePingResponse {
  @ApiProperty() service!: string;
  @ApiProperty({ enum: ['up'] }) status!: 'up';
  @ApiPropertyOptional({ description: 'seconds since the answering instance started (staff only)' }) uptime?: number;
  @ApiPropertyOptional({ description: 'id of the answering instance (staff only)' }) instance?: string;
}

/** Who may see which instance answered, and since when: what helps an attacker aim at one instance. */
const STAFF: readonly string[] = ['Admin', 'QA'];

@ApiTags('health')
@ApiErrorResponses()
@Controller('health')
export class HealthController {
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

  /** Public: says only that the process answers (which instance, and since when, is for staff). */
  @ApiResult(LiveResponse)
  @Get('live')
  @ApiOperation({ summary: 'Liveness of the gateway process itself, answered without NATS; no instance id or uptime (public)' })
  live(): LiveResponse {
    return { service: 'gateway', status: 'up' };
  }

  @ApiResult(ServicePingResponse)
  @Get('services/:service')
  @UseGuards(OptionalJwtAuthGuard)
  // a sign-in is optional: OpenAPI says so with an empty requirement beside the bearer one
  @ApiSecurity({})
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Ping one service over NATS; 503 when no instance answers in time',
    description: 'Public: up, or 503. Staff (Admin, QA) signed in also get the answering instance and its uptime.',
  })
  async ping(@Param('service') service: string, @CurrentActor() actor: Actor): Promise<ServicePingResponse> {
    if (!isServiceName(service)) {
      throw new NotFoundException(`Unknown service "${service}". Known: ${SERVICE_NAMES.join(', ')}`);
    }
    const answer = await this.rpc.send(HEALTH_PINGS[service], {}, actor, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
    if (STAFF.includes(actor.role)) return answer;
    return { service: answer.service, status: answer.status };
  }
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SERVICE_NAMES, type ServiceName } from '../../wire/services';

export type ServiceState = 'up' | 'down';

/** `GET /health`: each service pinged over NATS by the gateway (up when an instance answered in time). */
export class HealthResponse {
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

/** `GET /health/live`: the gateway process answers. */
export class LiveResponse {
  @ApiProperty({ enum: ['gateway'] }) service!: 'gateway';
  @ApiProperty({ enum: ['up'] }) status!: 'up';
}

/** `GET /health/services/{service}`: one service answered; staff also see which instance, and since when. */
export class ServicePingResponse {
  @ApiProperty() service!: string;
  @ApiProperty({ enum: ['up'] }) status!: 'up';
  @ApiPropertyOptional({ description: 'seconds since the answering instance started (staff only)' }) uptime?: number;
  @ApiPropertyOptional({ description: 'id of the answering instance (staff only)' }) instance?: string;
}

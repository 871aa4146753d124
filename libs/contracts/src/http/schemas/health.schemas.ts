import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SERVICE_NAMES, type ServiceName } from '../../wire/services';

export type ServiceState = 'up' | 'down';

/**
 * The segmentation network of the AI routes, as the pipeline reports it
 * (`health.pipeline.segmenter`): which segmenter it is configured with and whether it is there.
 */
export class SegmentationHealth {
  @ApiProperty({
    enum: ['up', 'down', 'unknown'],
    description: 'up or down as the pipeline sees it; unknown when the pipeline did not answer (then nothing else is said)',
  })
  status!: 'up' | 'down' | 'unknown';

  @ApiPropertyOptional({
    enum: ['classical', 'onnx', 'http'],
    description:
      'PIPELINE_SEGMENTER: `classical` is the built-in fallback without a network (always up), `onnx` a model run in the pipeline, `http` the segmenter service. Absent when unknown',
  })
  kind?: 'classical' | 'onnx' | 'http';

  @ApiPropertyOptional({ example: 'isnet-quint8@768', description: 'the network: the segmenter service\'s name for it, or the ONNX file\'s base name' })
  model?: string;

  @ApiPropertyOptional({ example: 'The segmenter answered HTTP 503: the model is loading.', description: 'why it is down (staff only)' })
  reason?: string;
}

/** `GET /health`: each service pinged over NATS by the gateway (up when an instance answered in time), and the segmentation network. */
export class HealthResponse {
  @ApiProperty({
    enum: ['ok', 'degraded'],
    description:
      'degraded when a service is down, or when the pipeline uses the segmenter service (`http`) and it is down (the AI routes fail). The classical fallback in use is not degraded',
  })
  status!: 'ok' | 'degraded';

  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(SERVICE_NAMES.map((s) => [s, { type: 'string', enum: ['up', 'down'] }])),
    required: [...SERVICE_NAMES],
    example: Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'up'])),
    description: 'each service pinged over NATS: up when an instance answered in time',
  })
  services!: Record<ServiceName, ServiceState>;

  @ApiProperty({
    type: SegmentationHealth,
    description: 'the segmentation network of the AI routes: `{ status: unknown }` when the pipeline did not answer',
  })
  segmentation!: SegmentationHealth;
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

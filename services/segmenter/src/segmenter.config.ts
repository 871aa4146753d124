import { EXECUTION_PROVIDERS, type ExecutionProvider } from '@app/segmentation';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** the sides IS-Net runs at: it halves the picture six times, so a multiple of 64 */
const SIDES = Array.from({ length: 9 }, (_, i) => 512 + 64 * i);

/** The segmenter service's settings (environment variables; README, Configuration). */
export class SegmenterConfig {
  /** the one HTTP port: POST /segment, GET /health/live, /health/ready, /metrics */
  @IsInt() @Min(0) @Max(65535) SEGMENTER_PORT: number = 7070;
  @IsString() SEGMENTER_HOST: string = '0.0.0.0';
  /** the IS-Net model file (scripts/fetch-segmentation-model.mjs writes it there) */
  @IsString() SEGMENTER_MODEL: string = 'services/segmenter/model/isnet-quint8.onnx';
  /** the side the network runs at: the picture is scaled to SIDE x SIDE (CPU grows with its square) */
  @IsIn(SIDES, { message: `must be a multiple of 64 from 512 to 1024 (the network halves the picture six times): ${SIDES.join(', ')}` })
  SEGMENTER_SIDE: number = 768;
  /** onnxruntime's threads for one picture; scale with processes (replicas) rather than threads */
  @IsInt() @Min(1) @Max(64) SEGMENTER_THREADS: number = 1;
  /** `cuda` runs the network on a GPU (onnxruntime's CUDA execution provider) */
  @IsIn(EXECUTION_PROVIDERS) SEGMENTER_PROVIDER: ExecutionProvider = 'cpu';
  /** pictures waiting behind the one being segmented; one more is answered 503 with Retry-After */
  @IsInt() @Min(0) @Max(1000) SEGMENTER_QUEUE: number = 4;
  /** the largest picture accepted, in pixels (the pipeline sends its segmentation copy: about 1024 x 768) */
  @IsInt() @Min(65_536) @Max(100_000_000) SEGMENTER_MAX_PIXELS: number = 16_777_216;
  /** the largest request body, in bytes */
  @IsInt() @Min(65_536) @Max(200_000_000) SEGMENTER_MAX_BYTES: number = 30_000_000;
  @IsIn(LOG_LEVELS) LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';
}

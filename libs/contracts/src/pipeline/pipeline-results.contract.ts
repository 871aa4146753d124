import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsString, IsUUID, Min, ValidateNested } from 'class-validator';
import { defineEvent } from '../rpc';
import { ROUTES, type Route } from '../wire/routes';
import { PipelineOutputKeys, PipelinePlate, PlateList } from './pipeline-job.contract';
import { PIPELINE_LANES, type PipelineLane } from './pipeline.subjects';

/**
 * Why a job failed, for machines; `reason` is the sentence for people (the QA screens show
 * it beside the image label "pipeline error").
 */
export const PIPELINE_FAILURE_CODES = [
  /** the job message itself is wrong (a producer bug) */
  'invalid-job',
  /** the original is not in storage */
  'source-missing',
  /** the original is a 0-byte object */
  'source-empty',
  /** the original is larger than the pipeline takes */
  'source-too-large',
  /** not an image at all, or a format the pipeline does not take */
  'not-an-image',
  /** an image whose data is damaged or cut short */
  'corrupt-image',
  /** more pixels than the cap (a decompression bomb, or simply too large) */
  'too-many-pixels',
  /** a style-guide medium the route needs is not configured, missing or unreadable */
  'medium-missing',
  /** the car could not be told apart from its background */
  'car-not-found',
  /** the output cannot be made to fit maxImageSize */
  'output-too-large',
  /** the job kept failing (or the worker kept stopping) until its attempts ran out */
  'processing-error',
] as const;
export type PipelineFailureCode = (typeof PIPELINE_FAILURE_CODES)[number];

/** The image label the images service shows for a failed job. */
export const PIPELINE_ERROR_LABEL = 'pipeline error';

export class PipelineImageProcessed {
  @IsUUID() jobId!: string;
  @IsString() imageId!: string;
  @IsString() orderId!: string;
  @IsIn(ROUTES) route!: Route;
  @IsIn(PIPELINE_LANES) lane!: PipelineLane;
  @ValidateNested() @Type(() => PipelineOutputKeys) keys!: PipelineOutputKeys;
  /** of the optimized image */
  @IsInt() @Min(1) width!: number;
  @IsInt() @Min(1) height!: number;
  /** bytes of the optimized image, at most the style guide's maxImageSize */
  @IsInt() @Min(1) fileSize!: number;
  /** the JPEG quality that made it fit */
  @IsInt() quality!: number;
  @IsInt() thumbWidth!: number;
  @IsInt() thumbHeight!: number;
  /** which delivery of the job did the work (1 = first try) */
  @IsInt() @Min(1) attempt!: number;
  @IsInt() @Min(0) durationMs!: number;
  /** the worker (host and process) that did it */
  @IsString() worker!: string;
  @IsISO8601() processedAt!: string;
  /**
   * the number plates the output has masked, on the original (QA's, or the ones the finder
   * found); absent when the job did not mask plates (the guide's setting is off)
   */
  @PlateList()
  plates?: PipelinePlate[];
}

export class PipelineImageFailed {
  @IsUUID() jobId!: string;
  @IsString() imageId!: string;
  @IsString() orderId!: string;
  @IsIn(ROUTES) route!: Route;
  @IsIn(PIPELINE_LANES) lane!: PipelineLane;
  @IsIn(PIPELINE_FAILURE_CODES) code!: PipelineFailureCode;
  /** one sentence a QA editor can act on */
  @IsString() reason!: string;
  @IsInt() @Min(1) attempts!: number;
  /** a copy of the job is in the dead-letter stream for operators */
  @IsBoolean() deadLettered!: boolean;
  @IsISO8601() failedAt!: string;
}

/** Result events of the pipeline, published through its outbox onto EVENTS. */
export const PipelineEvents = {
  imageProcessed: defineEvent('pipeline', 'image-processed', PipelineImageProcessed),
  imageFailed: defineEvent('pipeline', 'image-failed', PipelineImageFailed),
};

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { IsOmittable } from '../validation';
import { defineEvent, defineRpc } from '../rpc';
import { ORDER_EVENT_NAMES, type OrderEventName } from '../orders/order-events.contract';
import type { Route } from '../style-guides/routes';
import { queryBool } from '../transforms';

// ---------------------------------------------------------------------------------------
// constants

/** largest upload the presigned POST allows, and the server's check after it */
export const IMAGE_UPLOAD_MAX_BYTES = 8_388_608;
/** largest photo the creator sends (it resizes larger ones first) */
export const IMAGE_MAX_WIDTH = 4032;
export const IMAGE_MAX_HEIGHT = 3024;
/** pixel cap of the server's check: a 4032x3024 photo either way round, with room for rounding */
export const IMAGE_MAX_PIXELS = 4032 * 3024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** the most sensor data an image keeps: its JSON text in bytes, and how deep it nests */
export const SENSOR_DATA_MAX_BYTES = 16_384;
export const SENSOR_DATA_MAX_DEPTH = 4;
/** minutes a presigned upload stays valid */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** minutes a download link stays valid */
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;
/** how long a view's image links stay valid */
export const VIEW_URL_TTL_SECONDS = 60 * 60;

export const MEDIA_ORIGINS = ['original', 'optimized'] as const;
export type MediaOrigin = (typeof MEDIA_ORIGINS)[number];

/** Image type labels, also the select view's filter. */
export const IMAGE_TYPE_LABELS = ['original', 'optimized', 'AI', 'enhanced', 'bypassed', 'featured'] as const;
export type ImageType = (typeof IMAGE_TYPE_LABELS)[number];

/** Image labels, worked out when an image is read (docs/images.md). */
export const IMAGE_LABELS = [
  'pending load',
  'completed',
  'approved',
  'ready to download',
  'waiting for QA',
  'waiting for edition',
  'needs edition',
  'pipeline error',
] as const;
export type ImageLabel = (typeof IMAGE_LABELS)[number];

/**
 * Where an image is in its life: waiting for its file, checked and refused, queued for or in the
 * pipeline, processed, or failed there (optimisationStatus `rejected`).
 */
export const OPTIMISATION_STATUSES = ['awaiting-upload', 'upload-rejected', 'queued', 'completed', 'rejected'] as const;
export type OptimisationStatus = (typeof OPTIMISATION_STATUSES)[number];

export const IMAGE_MESSAGES = {
  notFound: 'Image not found',
  positionTaken: (position: number) => `Position ${position} of this order already has an image`,
  positionUnknown: (position: number) => `The style guide has no position ${position}`,
  tooManyImages: (max: number) => `An order holds at most ${max} images`,
  tooLarge: `The file is larger than ${IMAGE_UPLOAD_MAX_BYTES} bytes`,
  tooManyPixels: `The image is larger than ${IMAGE_MAX_WIDTH}x${IMAGE_MAX_HEIGHT}`,
  notAnImage: 'The file is not a JPEG, PNG or WebP image',
  notUploaded: 'The file has not been uploaded yet',
  emptyFile: 'The file is empty',
  notProcessed: 'The image has not been processed yet',
  noImages: 'The order has no images to download',
  noVideo: 'This order does not have any video',
  orderUploading: 'The order is still uploading',
  orderNotUploading: 'The order no longer takes uploads',
  noOriginal: 'The image has no original picture to process',
  noReplacement: 'No replacement picture was requested for this image',
  uploadExpired: 'The upload link expired before the file arrived',
} as const;

// ---------------------------------------------------------------------------------------
// payloads

/** How deep a value nests (a scalar 0, `{}` 1, `{a: {}}` 2); stops counting past `max`. */
function depthOf(value: unknown, max: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (max < 0) return 1;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, max - 1));
  return 1 + deepest;
}

/**
 * Sensor data is kept as sent, so it is bounded: an object (not a list or text), at most
 * SENSOR_DATA_MAX_BYTES as JSON and SENSOR_DATA_MAX_DEPTH levels deep. The phone sends a few
 * readings (pitch, roll, heading, an accelerometer sample); a megabyte stored with every
 * image would be kept and sent back with every view of it.
 */
const IsSensorData = (): PropertyDecorator =>
  ValidateBy({
    name: 'isSensorData',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        depthOf(value, SENSOR_DATA_MAX_DEPTH) <= SENSOR_DATA_MAX_DEPTH &&
        new TextEncoder().encode(JSON.stringify(value)).length <= SENSOR_DATA_MAX_BYTES,
      defaultMessage: () =>
        `sensorData must be an object of at most ${SENSOR_DATA_MAX_BYTES} bytes as JSON, nested at most ${SENSOR_DATA_MAX_DEPTH} levels`,
    },
  });


export class SignedUploadBody {
  @ApiProperty({ description: 'order id' }) @IsUUID() order!: string;
  @ApiProperty({ description: 'position in the style guide (free-form uploads number them 1, 2, 3 …)', minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(999)
  position!: number;
  @ApiProperty({ maximum: IMAGE_UPLOAD_MAX_BYTES }) @IsInt() @Min(1) @Max(IMAGE_UPLOAD_MAX_BYTES, { message: IMAGE_MESSAGES.tooLarge }) fileSize!: number;
  @ApiProperty({ maximum: 8192 }) @IsInt() @Min(1) @Max(8192) height!: number;
  @ApiProperty({ maximum: 8192 }) @IsInt() @Min(1) @Max(8192) width!: number;
  @ApiPropertyOptional({ enum: IMAGE_CONTENT_TYPES, default: 'image/jpeg' }) @IsOmittable() @IsIn(IMAGE_CONTENT_TYPES) contentType?: ImageContentType;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `from the mobile app: the phone sensors when the photo was taken (kept as sent); an object of at most ${SENSOR_DATA_MAX_BYTES} bytes as JSON, nested at most ${SENSOR_DATA_MAX_DEPTH} levels`,
  })
  @IsOmittable()
  @IsSensorData()
  sensorData?: Record<string, unknown>;
}

/** The presigned upload `{url, fields, imageId}`; `fields` is JSON text, posted with the file (last) as multipart. */
export interface SignedUploadResult {
  url: string;
  fields: string;
  imageId: string;
  expiresAt: string;
}

export class InsertImageBody {
  @ApiProperty({ description: 'order id' }) @IsUUID() order!: string;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0, { message: 'position must not be negative' }) @Max(999) position!: number;
  @ApiProperty({ enum: MEDIA_ORIGINS, description: 'original: goes through the pipeline; optimized: a finished picture, shown as is' })
  @IsIn(MEDIA_ORIGINS)
  mediaOrigin!: MediaOrigin;
  @ApiPropertyOptional({ maximum: IMAGE_UPLOAD_MAX_BYTES }) @IsOmittable() @IsInt() @Min(1) @Max(IMAGE_UPLOAD_MAX_BYTES) fileSize?: number;
  @ApiPropertyOptional({ enum: IMAGE_CONTENT_TYPES, default: 'image/jpeg' }) @IsOmittable() @IsIn(IMAGE_CONTENT_TYPES) contentType?: ImageContentType;
}

export class ReplaceImageBody {
  @ApiProperty() @IsInt() @Min(1) @Max(IMAGE_UPLOAD_MAX_BYTES, { message: IMAGE_MESSAGES.tooLarge }) fileSize!: number;
  @ApiProperty() @IsInt() @Min(1) @Max(8192) height!: number;
  @ApiProperty() @IsInt() @Min(1) @Max(8192) width!: number;
  @ApiPropertyOptional({ enum: IMAGE_CONTENT_TYPES, default: 'image/jpeg' }) @IsOmittable() @IsIn(IMAGE_CONTENT_TYPES) contentType?: ImageContentType;
}

export class ReplaceImagePayload extends ReplaceImageBody {
  @IsUUID() id!: string;
}

export class ImageIdPayload {
  @IsUUID() id!: string;
}

/** `POST /images/invoke-image-optimization` */
export class ImageIdBody {
  @ApiProperty() @IsUUID() imageId!: string;
}

export class OrderRefPayload {
  @IsUUID() id!: string;
}

export class ApprovalBody {
  @ApiProperty() @IsBoolean() approved!: boolean;
}

export class ImageApprovalPayload extends ApprovalBody {
  @IsUUID() id!: string;
}

export class DeleteImagesBody {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @IsUUID('4', { each: true }) ids!: string[];
}

export const DOWNLOAD_MEDIA = ['optimized', 'original'] as const;
export type DownloadMedia = (typeof DOWNLOAD_MEDIA)[number];

export class DownloadQuery {
  @ApiPropertyOptional({ description: 'name files by the style guide (position and angle) instead of order name and position' })
  @IsOptional()
  @Transform(queryBool)
  @IsBoolean()
  downloadStyleGuide?: boolean;
}

export class DownloadBody {
  @ApiPropertyOptional({ description: 'order id (the path has it too)' }) @IsOmittable() @IsUUID() order?: string;
  @ApiPropertyOptional({ type: [String], description: 'image ids; empty or absent: every image' })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('4', { each: true })
  images?: string[];
  @ApiPropertyOptional({ enum: DOWNLOAD_MEDIA, default: 'optimized' }) @IsOmittable() @IsIn(DOWNLOAD_MEDIA) media?: DownloadMedia;
  @ApiPropertyOptional({ description: 'only images marked as requiring edition (the "required edition" download)' })
  @IsOmittable()
  @IsBoolean()
  needsEditionOnly?: boolean;
}

export class DownloadPayload extends DownloadBody {
  @IsUUID() orderId!: string;
  @IsOptional() @IsBoolean() downloadStyleGuide?: boolean;
}

export class DownloadMediaPayload {
  /** when given, the image must belong to this order */
  @IsOptional() @IsUUID() orderId?: string;
  @IsUUID() imageId!: string;
  @IsOptional() @IsIn(DOWNLOAD_MEDIA) media?: DownloadMedia;
}

export class DownloadMediaQuery {
  @ApiPropertyOptional({ enum: DOWNLOAD_MEDIA, default: 'optimized' }) @IsOptional() @IsIn(DOWNLOAD_MEDIA) media?: DownloadMedia;
}

export class UploadCompleteBody {
  @ApiProperty() @IsUUID() imageId!: string;
}

// ---------------------------------------------------------------------------------------
// views

export interface ImageView {
  id: string;
  orderId: string;
  position: number;
  mediaOrigin: MediaOrigin;
  /** type labels for the select view's filter (original, optimized, AI, enhanced, bypassed, featured) */
  types: ImageType[];
  optimisedVia: Route | null;
  optimisationStatus: OptimisationStatus;
  label: ImageLabel;
  /** the reason of a refused upload or a pipeline error, for QA */
  failureReason: string | null;
  approved: boolean;
  needsEdition: boolean;
  /** the optimized picture once processed, else the original; short-lived */
  url: string | null;
  thumbnailUrl: string | null;
  /** the uploaded original, for admin and QA only (null for everyone else); short-lived */
  originalUrl: string | null;
  width: number | null;
  height: number | null;
  fileSize: number | null;
  sensorData: Record<string, unknown> | null;
  expectedAngle: string | null;
  detectedAngle: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DownloadResult {
  url: string;
  fileName: string;
  expiresAt: string;
  imageCount: number;
}

export interface UrlResult {
  url: string;
  expiresAt: string;
}

// ---------------------------------------------------------------------------------------
// events

/**
 * The images of an order, counted in the same transaction as the change that moved them.
 * `version` grows with every change, so a consumer keeps the highest it has seen and ignores
 * an older copy that arrives late.
 */
export class OrderImagesProgress {
  @IsUUID() orderId!: string;
  @IsInt() @Min(1) version!: number;
  /** image rows on the order (any state) */
  @IsInt() @Min(0) imageCount!: number;
  /** accepted after the server's check */
  @IsInt() @Min(0) uploadedCount!: number;
  /** the pipeline finished them (processed or failed), or they needed no processing */
  @IsInt() @Min(0) processedCount!: number;
  @IsInt() @Min(0) failedCount!: number;
  @IsInt() @Min(0) videoCount!: number;
  /**
   * the object key of the order's picture for lists: the thumbnail of the first picture by
   * position that has one, else the first accepted original; null when there is none (absent
   * in messages from before it was added: the order keeps what it had)
   */
  @IsOptional() @IsString() @MaxLength(500) thumbnailKey?: string | null;
  @IsISO8601() at!: string;
}

/** Something that happened to an image, for the order's timeline. */
export class ImageTimelineEvent {
  @IsUUID() orderId!: string;
  @IsIn(ORDER_EVENT_NAMES) eventName!: OrderEventName;
  /** who did it (null for the system: the upload check, the pipeline) */
  @IsOptional() @IsUUID() userId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) userName?: string | null;
  payload!: Record<string, unknown>;
  @IsISO8601() at!: string;
}

/** Durable consumers of the images service (public names: renaming one leaves its backlog behind). */
export const IMAGES_DURABLES = {
  pipelineResults: 'images-pipeline-results',
  orderDeleted: 'images-order-deleted',
} as const;

export const ImagesEvents = {
  orderProgress: defineEvent('images', 'order-progress', OrderImagesProgress),
  timeline: defineEvent('images', 'timeline-event', ImageTimelineEvent),
};

export const ImagesRpc = {
  signedUpload: defineRpc<SignedUploadBody, SignedUploadResult>('images', 'images.signed-upload', SignedUploadBody),
  uploadComplete: defineRpc<UploadCompleteBody, ImageView>('images', 'images.upload-complete', UploadCompleteBody),
  insert: defineRpc<InsertImageBody, SignedUploadResult>('images', 'images.insert', InsertImageBody),
  replaceUpload: defineRpc<ReplaceImagePayload, SignedUploadResult>('images', 'images.replace-upload', ReplaceImagePayload),
  replaceComplete: defineRpc<ImageIdPayload, ImageView>('images', 'images.replace-complete', ImageIdPayload),
  get: defineRpc<ImageIdPayload, ImageView>('images', 'images.get', ImageIdPayload),
  ofOrder: defineRpc<OrderRefPayload, ImageView[]>('images', 'images.of-order', OrderRefPayload),
  approval: defineRpc<ImageApprovalPayload, ImageView>('images', 'images.approval', ImageApprovalPayload),
  delete: defineRpc<DeleteImagesBody, { deleted: number }>('images', 'images.delete', DeleteImagesBody),
  optimize: defineRpc<ImageIdBody, ImageView>('images', 'images.optimize', ImageIdBody),
  download: defineRpc<DownloadPayload, DownloadResult>('images', 'images.download', DownloadPayload),
  downloadOne: defineRpc<DownloadMediaPayload, UrlResult>('images', 'images.download-one', DownloadMediaPayload),
};

/** The type label of an image processed by a route. */
export const IMAGE_TYPE_OF_ROUTE: Record<Route, ImageType> = {
  full: 'AI',
  ai_no_enh: 'AI',
  enhancer: 'enhanced',
  bypass: 'bypassed',
  FEATURED: 'featured',
  logo_only: 'optimized',
};

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { IsJsonObjectWhere, IsOmittable } from '../validation';
import { defineEvent, defineRpc } from '../rpc';
import { IsOrderEventPayload } from '../orders/order-event-payloads.contract';
import { ORDER_EVENT_NAMES, type OrderEventName, type OrderEventPayload } from '../wire/order-events';
import { ANGLE_CATEGORIES, ROUTES, TRI_STATES, type AngleCategory, type Margins, type Route, type TriState } from '../wire/routes';
import { MAX_PLATES_PER_PICTURE, PLATE_QUAD_MESSAGE, type PlateCorner, type PlateQuad } from '../wire/number-plates';
import { queryBool } from '../transforms';
import type { Mirror } from '../mirror';
import {
  DOWNLOAD_MEDIA,
  ZIP_MEDIA,
  IMAGE_CONTENT_TYPES,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  MEDIA_ORIGINS,
  REPUSH_MARGIN_MAX,
  REPUSH_MAX_IMAGES,
  REPUSH_METHODS,
  SENSOR_DATA_MAX_BYTES,
  SENSOR_DATA_MAX_DEPTH,
  type ApprovalRequest,
  type DeleteImagesRequest,
  type DownloadMedia,
  type ZipMedia,
  type DownloadRequest,
  type DownloadResult,
  type ImageContentType,
  type ImageView,
  type InsertImageRequest,
  type MediaOrigin,
  type RepushMethod,
  type RepushRequest,
  type SignedUploadRequest,
  type SignedUploadResult,
  type UploadCompleteRequest,
  type UrlResult,
} from '../wire';

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
  IsJsonObjectWhere(
    'isSensorData',
    (value) => depthOf(value, SENSOR_DATA_MAX_DEPTH) <= SENSOR_DATA_MAX_DEPTH && new TextEncoder().encode(JSON.stringify(value)).length <= SENSOR_DATA_MAX_BYTES,
    `sensorData must be an object of at most ${SENSOR_DATA_MAX_BYTES} bytes as JSON, nested at most ${SENSOR_DATA_MAX_DEPTH} levels`,
  );

export class SignedUploadBody implements SignedUploadRequest {
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

export class InsertImageBody implements InsertImageRequest {
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
  @ApiPropertyOptional({ enum: ROUTES, enumName: 'Route', description: "another optimisation method (route) than the position's; the guide's settings otherwise" })
  @IsOmittable()
  @IsIn(ROUTES)
  method?: Route;
}

export class OrderRefPayload {
  @IsUUID() id!: string;
}

export class ApprovalBody implements ApprovalRequest {
  @ApiProperty() @IsBoolean() approved!: boolean;
  @ApiPropertyOptional({ description: 'with approved false: the reason, an IMAGE_ERROR tag of images; it is put on the image' })
  @IsOmittable()
  @IsUUID()
  errorTagId?: string;
}

export class ImageApprovalPayload extends ApprovalBody {
  @IsUUID() id!: string;
}

export class RepushMarginsBody implements Margins {
  @ApiProperty({ minimum: 0, maximum: REPUSH_MARGIN_MAX }) @IsNumber() @Min(0) @Max(REPUSH_MARGIN_MAX) top!: number;
  @ApiProperty({ minimum: 0, maximum: REPUSH_MARGIN_MAX }) @IsNumber() @Min(0) @Max(REPUSH_MARGIN_MAX) bottom!: number;
  @ApiProperty({ minimum: 0, maximum: REPUSH_MARGIN_MAX }) @IsNumber() @Min(0) @Max(REPUSH_MARGIN_MAX) left!: number;
  @ApiProperty({ minimum: 0, maximum: REPUSH_MARGIN_MAX }) @IsNumber() @Min(0) @Max(REPUSH_MARGIN_MAX) right!: number;
}

const SWITCH = { enum: TRI_STATES, default: 'auto', description: 'auto: what the method does by default' } as const;

const PLATE = { message: PLATE_QUAD_MESSAGE };

/** A corner of a plate QA drew: a share (0..1) of the original picture's width and height, as shown. */
export class PlateCornerBody implements PlateCorner {
  @ApiProperty({ type: Number, minimum: 0, maximum: 1, description: 'share of the width, from the left' }) @IsNumber({}, PLATE) @Min(0, PLATE) @Max(1, PLATE) x!: number;
  @ApiProperty({ type: Number, minimum: 0, maximum: 1, description: 'share of the height, from the top' }) @IsNumber({}, PLATE) @Min(0, PLATE) @Max(1, PLATE) y!: number;
}

/** A number plate QA drew on the original picture: four corners, clockwise from the top-left. */
export class PlateQuadBody implements PlateQuad {
  @ApiProperty({ type: [PlateCornerBody], minItems: 4, maxItems: 4, description: 'clockwise from the top-left as the plate reads' })
  @IsArray(PLATE)
  @ArrayMinSize(4, PLATE)
  @ArrayMaxSize(4, PLATE)
  @ValidateNested({ each: true })
  @Type(() => PlateCornerBody)
  corners!: [PlateCornerBody, PlateCornerBody, PlateCornerBody, PlateCornerBody];
}

/** QA's plates are drawn on one picture: a repush that carries them names one image (the same id twice is one). */
const IsForOneImage = (): PropertyDecorator =>
  ValidateBy({
    name: 'isForOneImage',
    validator: {
      validate: (_value: unknown, args) => {
        const ids = (args?.object as { imageArray?: unknown }).imageArray;
        return !Array.isArray(ids) || new Set(ids).size <= 1;
      },
      defaultMessage: () => IMAGE_MESSAGES.platesOfOneImage,
    },
  });

/** `POST /images/repush` */
export class RepushBody implements RepushRequest {
  @ApiProperty({ description: 'the order of every image' }) @IsUUID() orderId!: string;
  @ApiProperty({ type: [String], minItems: 1, maxItems: REPUSH_MAX_IMAGES, description: 'image ids of that order' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(REPUSH_MAX_IMAGES)
  @IsUUID('4', { each: true })
  imageArray!: string[];
  @ApiProperty({ enum: REPUSH_METHODS }) @IsIn(REPUSH_METHODS) method!: RepushMethod;
  @ApiPropertyOptional({ enum: ANGLE_CATEGORIES, default: 'exterior', description: 'interior: ai_no_enh, zero margins, the interior colour' })
  @IsOmittable()
  @IsIn(ANGLE_CATEGORIES)
  imageCategory?: AngleCategory;
  @ApiPropertyOptional({ example: '#FFFFFF' })
  @IsOmittable()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'backgroundColor must be a colour like #FFFFFF' })
  backgroundColor?: string;
  @ApiPropertyOptional({ default: false, description: 'the settings (colour, margins, horizon line, switches) count only when true' })
  @IsOmittable()
  @IsBoolean()
  isImageRepushedWithSettings?: boolean;
  @ApiPropertyOptional({ minimum: 0, maximum: 100 }) @IsOmittable() @IsNumber() @Min(0) @Max(100) horizonLineHeight?: number;
  @ApiPropertyOptional({ type: RepushMarginsBody }) @IsOmittable() @ValidateNested() @Type(() => RepushMarginsBody) margins?: RepushMarginsBody;
  @ApiPropertyOptional({ description: "the order's style guide" }) @IsOmittable() @IsUUID() styleGuideId?: string;
  @ApiPropertyOptional(SWITCH) @IsOmittable() @IsIn(TRI_STATES) userControlCropEnabled?: TriState;
  @ApiPropertyOptional(SWITCH) @IsOmittable() @IsIn(TRI_STATES) userControlForceAddLogo?: TriState;
  @ApiPropertyOptional(SWITCH) @IsOmittable() @IsIn(TRI_STATES) userControlRotationFixEnabled?: TriState;
  @ApiPropertyOptional(SWITCH) @IsOmittable() @IsIn(TRI_STATES) userControlYellowFixEnabled?: TriState;
  @ApiPropertyOptional(SWITCH) @IsOmittable() @IsIn(TRI_STATES) userControlForceBGRemove?: TriState;
  @ApiPropertyOptional({
    ...SWITCH,
    description: "auto: the guide's number plate setting; enabled: masks the plates with the guide's mode (blur when the guide's is off); disabled: leaves them",
  })
  @IsOmittable()
  @IsIn(TRI_STATES)
  userControlNumberPlates?: TriState;
  @ApiPropertyOptional({
    type: [PlateQuadBody],
    maxItems: MAX_PLATES_PER_PICTURE,
    description: `QA's number plates on the original picture, for a repush of one image: masked instead of the ones the pipeline would find (an empty list: none to mask); counted with or without isImageRepushedWithSettings. At most ${MAX_PLATES_PER_PICTURE}, corners as shares (0 to 1) of the original's width and height`,
  })
  @IsOmittable()
  @IsArray(PLATE)
  @ArrayMaxSize(MAX_PLATES_PER_PICTURE, PLATE)
  @ValidateNested({ each: true })
  @Type(() => PlateQuadBody)
  @IsForOneImage()
  numberPlates?: PlateQuadBody[];
}

export class DeleteImagesBody implements DeleteImagesRequest {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @IsUUID('4', { each: true }) ids!: string[];
}

export class DownloadQuery {
  @ApiPropertyOptional({ description: 'name files by the style guide (position and angle) instead of order name and position' })
  @IsOptional()
  @Transform(queryBool)
  @IsBoolean()
  downloadStyleGuide?: boolean;
}

export class DownloadBody implements DownloadRequest {
  @ApiPropertyOptional({ description: 'order id (the path has it too)' }) @IsOmittable() @IsUUID() order?: string;
  @ApiPropertyOptional({ type: [String], description: 'image ids; empty or absent: every image' })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('4', { each: true })
  images?: string[];
  @ApiPropertyOptional({ enum: ZIP_MEDIA, default: 'optimized', description: 'all: the originals, the optimized pictures, the videos and the 360s (a folder per 360 under 360/), each in a folder' })
  @IsOmittable()
  @IsIn(ZIP_MEDIA, { message: `media must be one of ${ZIP_MEDIA.join(', ')}` })
  media?: ZipMedia;
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

export class UploadCompleteBody implements UploadCompleteRequest {
  @ApiProperty() @IsUUID() imageId!: string;
}

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type ImageBodiesMirrored = [
  Mirror<SignedUploadBody, SignedUploadRequest>,
  Mirror<InsertImageBody, InsertImageRequest>,
  Mirror<ApprovalBody, ApprovalRequest>,
  Mirror<RepushBody, RepushRequest>,
  Mirror<DeleteImagesBody, DeleteImagesRequest>,
  Mirror<DownloadBody, DownloadRequest>,
  Mirror<UploadCompleteBody, UploadCompleteRequest>,
];

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
  /**
   * the object key of the full picture of that same image (its processed picture, else its
   * original's shared copy, else the original): what the list shows when the thumbnail is
   * missing or fails to load; null when there is none (absent in older messages: kept as it is)
   */
  @IsOptional() @IsString() @MaxLength(500) pictureKey?: string | null;
  /**
   * the ids of the order's images (any state): the orders service finds an image's order from
   * them instead of asking the images service (absent in messages from before it was added: the
   * order keeps what it had)
   */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) imageIds?: string[];
  /** processed pictures QA approved (absent in messages from before QA counts: the order keeps what it had) */
  @IsOptional() @IsInt() @Min(0) approvedCount?: number;
  /** pictures marked as needing edition (by QA, or by a dealership's re-edit request) */
  @IsOptional() @IsInt() @Min(0) needsEditionCount?: number;
  /** re-edit requests of the dealership not yet answered by QA */
  @IsOptional() @IsInt() @Min(0) reEditOpenCount?: number;
  /** the earliest due time of those requests; null when none is open */
  @IsOptional() @IsISO8601() reEditDueAt?: string | null;
  @IsISO8601() at!: string;
}

/** Something that happened to an image, for the order's timeline. */
export class ImageTimelineEvent {
  @IsUUID() orderId!: string;
  @IsIn(ORDER_EVENT_NAMES) eventName!: OrderEventName;
  /** who did it (null for the system: the upload check, the pipeline) */
  @IsOptional() @IsUUID() userId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) userName?: string | null;
  /** the event's payload (`OrderEventPayloads`), checked for the event's shape */
  @IsOrderEventPayload() payload!: OrderEventPayload;
  @IsISO8601() at!: string;
}

/** Durable consumers of the images service (public names: renaming one leaves its backlog behind). */
export const IMAGES_DURABLES = {
  pipelineResults: 'images-pipeline-results',
  orderDeleted: 'images-order-deleted',
  accountDeleted: 'images-account-deleted',
} as const;

export const ImagesEvents = {
  orderProgress: defineEvent('images', 'order-progress', OrderImagesProgress),
  timeline: defineEvent('images', 'timeline-event', ImageTimelineEvent),
};

/** How long the links of a delivery's files work: the receiver downloads them later. */
export const DELIVERY_URL_TTL_SECONDS = 24 * 60 * 60;

/** One optimized picture of an order, for a delivery. */
export interface DeliveryFile {
  imageId: string;
  position: number;
  /** the style guide's angle at the position, when it names one */
  angleName: string | null;
  /** the optimized picture's object key (JPEG) */
  key: string;
  /** a GET link to it, signed for DELIVERY_URL_TTL_SECONDS */
  url: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
  /** the object key of the style guide's logo for the position, when it has one */
  logoKey: string | null;
}

/** `images.delivery-files`: an order's processed pictures (the system only: the delivery service). */
export interface DeliveryFiles {
  order: { id: string; orderName: string; accountId: string };
  files: DeliveryFile[];
}

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
  /** a repush: the original through the pipeline again (the subject keeps its published name) */
  repush: defineRpc<ImageIdBody, ImageView>('images', 'images.optimize', ImageIdBody),
  /** a repush of pictures of one order with a method, a category and settings (`POST /images/repush`) */
  repushWithSettings: defineRpc<RepushBody, ImageView[]>('images', 'images.repush', RepushBody),
  download: defineRpc<DownloadPayload, DownloadResult>('images', 'images.download', DownloadPayload),
  downloadOne: defineRpc<DownloadMediaPayload, UrlResult>('images', 'images.download-one', DownloadMediaPayload),
  deliveryFiles: defineRpc<OrderRefPayload, DeliveryFiles>('images', 'images.delivery-files', OrderRefPayload),
};

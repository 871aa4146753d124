import { Type } from 'class-transformer';
import {
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
  Min,
  ValidateNested,
  ArrayMaxSize,
  ArrayMinSize,
} from 'class-validator';
import { ANGLE_CATEGORIES, ROUTES, TRI_STATES, type AngleCategory, type Margins, type Route, type TriState } from '../wire/routes';
import { WINDOW_MODES, type WindowMode } from '../wire/style-guides';
import { MAX_PLATES_PER_PICTURE, NUMBER_PLATE_MODES, type NumberPlateMode, type PlateCorner, type PlateQuad } from '../wire/number-plates';
import { PIPELINE_LANES, type PipelineLane } from './pipeline.subjects';
import { MEDIA_OBJECT_KEY, OBJECT_KEY_ID, ObjectKeys } from '../storage/object-keys';

/** Ids that end up in object keys (the rule of ObjectKeys). */
export const PIPELINE_ID = OBJECT_KEY_ID;
/** A style-guide medium: `media/{kind}/{mediaId}.{ext}` (ObjectKeys.media). */
export const MEDIA_KEY = MEDIA_OBJECT_KEY;
const HEX_COLOUR = /^#?[0-9A-Fa-f]{6}$/;

/** Margins around the car in percent of the output: top/bottom of its height, left/right of its width. */
export class PipelineMargins implements Margins {
  @IsNumber() @Min(0) @Max(45) top!: number;
  @IsNumber() @Min(0) @Max(45) right!: number;
  @IsNumber() @Min(0) @Max(45) bottom!: number;
  @IsNumber() @Min(0) @Max(45) left!: number;
}

/** The style guide's media for the position, as S3 keys (the configuration's own or the guide's). */
export class PipelineMedia {
  @IsOptional() @Matches(MEDIA_KEY) logo?: string;
  @IsOptional() @Matches(MEDIA_KEY) background?: string;
  @IsOptional() @Matches(MEDIA_KEY) floor?: string;
  @IsOptional() @Matches(MEDIA_KEY) featuredImage?: string;
  /** the guide's number plate image: the plate the `logo` mode puts on the car (else a plain one with the logo) */
  @IsOptional() @Matches(MEDIA_KEY) numberplate?: string;
  /** frame overlays laid over the finished image, in order */
  @IsOptional() @IsArray() @ArrayMaxSize(8) @Matches(MEDIA_KEY, { each: true }) overlays?: string[];
}

/** A corner of a number plate, as a share of the original picture's width and height (as shown). */
export class PipelinePlateCorner implements PlateCorner {
  @IsNumber() @Min(0) @Max(1) x!: number;
  @IsNumber() @Min(0) @Max(1) y!: number;
}

/** A number plate on the original picture: four corners, clockwise from the top-left. */
export class PipelinePlate implements PlateQuad {
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => PipelinePlateCorner)
  corners!: [PipelinePlateCorner, PipelinePlateCorner, PipelinePlateCorner, PipelinePlateCorner];
}

/** A list of plates on the original (QA's in a repush, the masked ones in a result): at most MAX_PLATES_PER_PICTURE, optional. */
export function PlateList(): PropertyDecorator {
  return (target, key) => {
    for (const d of [IsOptional(), IsArray(), ArrayMaxSize(MAX_PLATES_PER_PICTURE), ValidateNested({ each: true }), Type(() => PipelinePlate)]) d(target, key);
  };
}

/** The style guide's number plate setting (wire/number-plates.ts). */
export class PipelineNumberPlates {
  @IsIn(NUMBER_PLATE_MODES) mode!: NumberPlateMode;
  /** the `colour` mode's cover and the `logo` mode's plate */
  @Matches(HEX_COLOUR) colour!: string;
}

/**
 * The style-guide configuration of the image's position, resolved by the images service
 * when it publishes the job (custom media of the configuration win over the guide's).
 */
export class PipelinePositionSettings {
  @IsOptional() @IsString() styleGuideId?: string;
  @IsInt() @Min(0) @Max(999) position!: number;
  @IsInt() @Min(16) @Max(8192) outputWidth!: number;
  @IsInt() @Min(16) @Max(8192) outputHeight!: number;
  /** bytes (the style guide's kilobytes times 1000) */
  @IsInt() @Min(10_000) @Max(50_000_000) maxImageSize!: number;
  @ValidateNested() @Type(() => PipelineMargins) margins!: PipelineMargins;
  /** where the studio floor meets the background, in percent of the output height from the bottom */
  @IsNumber() @Min(0) @Max(100) horizonLineHeight!: number;
  @Matches(HEX_COLOUR) interiorColor!: string;
  @IsBoolean() withLogo!: boolean;
  /** the angle's or car type's needsAngleCorrection: the rotation fix's Auto */
  @IsOptional() @IsBoolean() needsAngleCorrection?: boolean;
  @ValidateNested() @Type(() => PipelineMedia) media!: PipelineMedia;
  /**
   * the style guide's windows setting: how the AI routes treat the car's windows when they
   * cut the car out (`opaque` keeps the glass, `see-through` lets the new background show
   * through it). Absent = opaque: jobs published before this setting existed.
   */
  @IsOptional() @IsIn(WINDOW_MODES) windows?: WindowMode;
  /** the style guide's number plate setting; absent = off (jobs published before it existed) */
  @IsOptional() @ValidateNested() @Type(() => PipelineNumberPlates) numberPlates?: PipelineNumberPlates;
}

/** A repush with settings chosen in the repush dialog: the five switches, and optionally a background colour, margins and the horizon line. */
export class PipelineRepushSettings {
  @IsIn(TRI_STATES) crop!: TriState;
  @IsIn(TRI_STATES) forceLogo!: TriState;
  @IsIn(TRI_STATES) rotationFix!: TriState;
  @IsIn(TRI_STATES) yellowFix!: TriState;
  @IsIn(TRI_STATES) forceBackgroundRemoval!: TriState;
  /** replaces the style guide's background (and floor) with one colour */
  @IsOptional() @Matches(HEX_COLOUR) backgroundColor?: string;
  @IsOptional() @ValidateNested() @Type(() => PipelineMargins) margins?: PipelineMargins;
  @IsOptional() @IsNumber() @Min(0) @Max(100) horizonLineHeight?: number;
  /**
   * the number plate switch: Enabled masks the plates with the guide's mode (blur when the
   * guide's is off), Disabled leaves them; absent = Auto (the guide's mode)
   */
  @IsOptional() @IsIn(TRI_STATES) numberPlates?: TriState;
  /**
   * QA's plates for this picture, on the original: used instead of the ones the finder would
   * find (an empty list: the picture has none to mask)
   */
  @PlateList()
  plates?: PipelinePlate[];
}

export class PipelineOutputKeys {
  @IsString() optimized!: string;
  @IsString() thumb!: string;
  /**
   * the picture for the orders list, LIST_THUMB_WIDTH x LIST_THUMB_HEIGHT (`…/thumb-list.jpg`):
   * an image's own output only (not a version's); absent from jobs and results of before it
   * existed, whose images fall back to `thumb`
   */
  @IsOptional() @IsString() listThumb?: string;
}

/**
 * One image to process. It carries everything the pipeline needs, so the pipeline asks no
 * other service. `jobId` is the job's identity: the producer publishes with
 * `Nats-Msg-Id = jobId` (duplicates inside the stream's window are dropped) and the pipeline
 * records it (a redelivery of a finished job is acknowledged without running it again). A
 * new processing request for the same image (a repush) is a new job id.
 */
export class PipelineJob {
  @IsUUID() jobId!: string;
  @Matches(PIPELINE_ID) imageId!: string;
  @Matches(PIPELINE_ID) orderId!: string;
  @IsIn(PIPELINE_LANES) lane!: PipelineLane;
  @IsIn(ROUTES) route!: Route;
  @IsIn(ANGLE_CATEGORIES) category!: AngleCategory;
  /** `orders/{orderId}/images/{imageId}/original.{ext}` */
  @IsString() sourceKey!: string;
  /** `orders/{orderId}/images/{imageId}/optimized.jpg` and `…/thumb.jpg`: fixed, so a redelivered job overwrites */
  @ValidateNested() @Type(() => PipelineOutputKeys) outputKeys!: PipelineOutputKeys;
  @ValidateNested() @Type(() => PipelinePositionSettings) settings!: PipelinePositionSettings;
  /** the account's desaturateYellowLight: the yellow fix's Auto */
  @IsBoolean() desaturateYellowLight!: boolean;
  /** the account's editedImageLabel: a visible "Digitally edited" mark in a corner of the output */
  @IsOptional() @IsBoolean() editedImageLabel?: boolean;
  /**
   * a test job: the output is written to this version's keys (`pipelineVersionOutputKeys`)
   * instead of the image's, and does not count as the image's latest output
   */
  @IsOptional() @IsUUID() versionId?: string;
  /** present for a repush with settings */
  @IsOptional() @ValidateNested() @Type(() => PipelineRepushSettings) repush?: PipelineRepushSettings;
  /** when the producer asked; of two jobs for one image, the later request's output stays */
  @IsISO8601() requestedAt!: string;
}

/** The output keys of an image: the only keys the pipeline writes. */
export function pipelineOutputKeys(orderId: string, imageId: string): PipelineOutputKeys {
  return ObjectKeys.imageOutputs(orderId, imageId);
}

/**
 * The output keys of one kept version of an image (`ObjectKeys.imageVersion`): where a test
 * job writes, beside the image's own picture.
 */
export function pipelineVersionOutputKeys(orderId: string, imageId: string, versionId: string): PipelineOutputKeys {
  return ObjectKeys.versionOutputs(orderId, imageId, versionId);
}

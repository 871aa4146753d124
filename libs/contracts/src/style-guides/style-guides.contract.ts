import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PageQuery } from '../paging';
import type { Paged } from '../wire';
import { defineEvent, defineRpc } from '../rpc';
import {
  ANGLE_CATEGORIES,
  CONFIGURATION_TYPES,
  ROUTES,
  routeFrom,
  type AngleCategory,
  type ConfigurationType,
  type Margins,
  type Route,
} from '../wire';
import type { PipelinePositionSettings } from '../pipeline/pipeline-job.contract';
import { nullable, trim } from '../transforms';
import { IsFixedPoint, IsOmittable } from '../validation';
import type { Mirror } from '../mirror';
import {
  CUSTOMER_NOTE_MAX,
  MAX_IMAGE_SIZE_LIMIT,
  MAX_IMAGE_SIZE_MIN,
  OUTPUT_SIZE_MAX,
  OUTPUT_SIZE_MIN,
  POSITION_MAX,
  STYLE_GUIDE_NAME_MAX,
  DEFAULT_NUMBER_PLATE_COLOR,
  DEFAULT_NUMBER_PLATE_MODE,
  NUMBER_PLATE_COLOR_DESCRIPTION,
  NUMBER_PLATE_COLOR_MESSAGE,
  NUMBER_PLATE_MODE_MESSAGE,
  NUMBER_PLATE_MODES,
  NUMBER_PLATE_MODES_DESCRIPTION,
  type NumberPlateMode,
  DEFAULT_WINDOW_MODE,
  WINDOW_MODE_MESSAGE,
  WINDOW_MODES,
  WINDOW_MODES_DESCRIPTION,
  type WindowMode,
  type AngleName,
  type AngleView,
  type CarTypeView,
  type ConfigurationPatchRequest,
  type ConfigurationRequest,
  type ConfigurationView,
  type StyleGuideListItem,
  type StyleGuidePatchRequest,
  type StyleGuideRequest,
  type StyleGuideView,
} from '../wire';

/** How the request bodies document `windows` (the view's field says the same). */
const WINDOWS_PROPERTY = {
  enum: WINDOW_MODES,
  enumName: 'WindowMode',
  default: DEFAULT_WINDOW_MODE,
  description: WINDOW_MODES_DESCRIPTION,
};

/** How the request bodies document `numberPlates` and `numberPlateColor` (the view's fields say the same). */
const NUMBER_PLATES_PROPERTY = {
  enum: NUMBER_PLATE_MODES,
  enumName: 'NumberPlateMode',
  default: DEFAULT_NUMBER_PLATE_MODE,
  description: NUMBER_PLATE_MODES_DESCRIPTION,
};
const NUMBER_PLATE_COLOR_PROPERTY = {
  example: DEFAULT_NUMBER_PLATE_COLOR,
  default: DEFAULT_NUMBER_PLATE_COLOR,
  pattern: '^#[0-9A-Fa-f]{6}$',
  description: NUMBER_PLATE_COLOR_DESCRIPTION,
};

export class StyleGuideBody implements StyleGuideRequest {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, STYLE_GUIDE_NAME_MAX) name!: string;
  @ApiPropertyOptional({ maxLength: CUSTOMER_NOTE_MAX }) @IsOmittable() @IsString() @MaxLength(CUSTOMER_NOTE_MAX) customerNote?: string;
  @ApiProperty({ example: 1920 }) @IsInt() @Min(OUTPUT_SIZE_MIN) @Max(OUTPUT_SIZE_MAX) outputWidth!: number;
  @ApiProperty({ example: 1440 }) @IsInt() @Min(OUTPUT_SIZE_MIN) @Max(OUTPUT_SIZE_MAX) outputHeight!: number;
  @ApiProperty({ description: 'bytes (the form takes kilobytes and sends them x1000)', example: 800000 })
  @IsInt()
  @Min(MAX_IMAGE_SIZE_MIN)
  @Max(MAX_IMAGE_SIZE_LIMIT)
  maxImageSize!: number;
  @ApiPropertyOptional({ example: '#FFFFFF' }) @IsOmittable() @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'interiorColor must be a hex colour like #FFFFFF' }) interiorColor?: string;
  @ApiPropertyOptional({ enum: ROUTES, nullable: true, description: 'route of frame-free images' })
  @ValidateIf(nullable)
  @IsIn(ROUTES)
  frameFreeRouting?: Route | null;
  @ApiPropertyOptional(WINDOWS_PROPERTY) @IsOmittable() @IsIn(WINDOW_MODES, { message: WINDOW_MODE_MESSAGE }) windows?: WindowMode;
  @ApiPropertyOptional(NUMBER_PLATES_PROPERTY) @IsOmittable() @IsIn(NUMBER_PLATE_MODES, { message: NUMBER_PLATE_MODE_MESSAGE }) numberPlates?: NumberPlateMode;
  @ApiPropertyOptional(NUMBER_PLATE_COLOR_PROPERTY) @IsOmittable() @Matches(/^#[0-9A-Fa-f]{6}$/, { message: NUMBER_PLATE_COLOR_MESSAGE }) numberPlateColor?: string;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() logoMediaId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() backgroundMediaId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() floorMediaId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() numberplateMediaId?: string | null;
}

/** Update: any subset of the guide's fields. */
export class StyleGuidePatch implements StyleGuidePatchRequest {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, STYLE_GUIDE_NAME_MAX) name?: string;
  @ApiPropertyOptional() @IsOmittable() @IsString() @MaxLength(CUSTOMER_NOTE_MAX) customerNote?: string;
  @ApiPropertyOptional() @IsOmittable() @IsInt() @Min(OUTPUT_SIZE_MIN) @Max(OUTPUT_SIZE_MAX) outputWidth?: number;
  @ApiPropertyOptional() @IsOmittable() @IsInt() @Min(OUTPUT_SIZE_MIN) @Max(OUTPUT_SIZE_MAX) outputHeight?: number;
  @ApiPropertyOptional() @IsOmittable() @IsInt() @Min(MAX_IMAGE_SIZE_MIN) @Max(MAX_IMAGE_SIZE_LIMIT) maxImageSize?: number;
  @ApiPropertyOptional() @IsOmittable() @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'interiorColor must be a hex colour like #FFFFFF' }) interiorColor?: string;
  @ApiPropertyOptional({ enum: ROUTES, nullable: true }) @ValidateIf(nullable) @IsIn(ROUTES) frameFreeRouting?: Route | null;
  @ApiPropertyOptional(WINDOWS_PROPERTY) @IsOmittable() @IsIn(WINDOW_MODES, { message: WINDOW_MODE_MESSAGE }) windows?: WindowMode;
  @ApiPropertyOptional(NUMBER_PLATES_PROPERTY) @IsOmittable() @IsIn(NUMBER_PLATE_MODES, { message: NUMBER_PLATE_MODE_MESSAGE }) numberPlates?: NumberPlateMode;
  @ApiPropertyOptional(NUMBER_PLATE_COLOR_PROPERTY) @IsOmittable() @Matches(/^#[0-9A-Fa-f]{6}$/, { message: NUMBER_PLATE_COLOR_MESSAGE }) numberPlateColor?: string;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() logoMediaId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() backgroundMediaId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() floorMediaId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() numberplateMediaId?: string | null;
}

export class MarginsInput implements Margins {
  @ApiProperty({ example: 10 }) @IsFixedPoint(2) @Min(0) @Max(100) top!: number;
  @ApiProperty({ example: 5 }) @IsFixedPoint(2) @Min(0) @Max(100) right!: number;
  @ApiProperty({ example: 4 }) @IsFixedPoint(2) @Min(0) @Max(100) bottom!: number;
  @ApiProperty({ example: 5 }) @IsFixedPoint(2) @Min(0) @Max(100) left!: number;
}

/** Margins as JSON text are four numbers: longer text is refused unread. */
const MARGINS_TEXT_MAX = 200;

/** Margins arrive as an object or as JSON text (as the web app keeps them). */
const parseMargins = ({ value }: { value: unknown }) => {
  let parsed = value;
  if (typeof value === 'string' && value.length <= MARGINS_TEXT_MAX) {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? plainToInstance(MarginsInput, parsed) : parsed;
};

/** The route: its wire value or the display value (`AI (NO ENHANCER)`), unknown -> ai_no_enh. */
const normaliseRoute = ({ value }: { value: unknown }) => (typeof value === 'string' ? routeFrom(value) : value);

export class ConfigurationBody implements ConfigurationRequest {
  @ApiProperty() @IsUUID() styleGuideId!: string;
  @ApiProperty({ minimum: 0, maximum: POSITION_MAX }) @IsInt() @Min(0) @Max(POSITION_MAX) position!: number;
  @ApiPropertyOptional({ type: MarginsInput, description: 'object or JSON text; default top 10, right 5, bottom 4, left 5' })
  @IsOmittable()
  @Transform(parseMargins)
  @IsObject({ message: 'margins must be an object (or its JSON text) with top, right, bottom and left' })
  @ValidateNested()
  margins?: MarginsInput;
  @ApiPropertyOptional({ enum: ROUTES, default: 'full', description: 'wire or display value; unknown maps to ai_no_enh' })
  @IsOmittable()
  @IsString()
  @MaxLength(40)
  @Transform(normaliseRoute)
  routeTo?: Route;
  @ApiPropertyOptional({ enum: CONFIGURATION_TYPES, default: 'IMAGE' }) @IsOmittable() @IsIn(CONFIGURATION_TYPES) type?: ConfigurationType;
  @ApiPropertyOptional({ default: true }) @IsOmittable() @IsBoolean() withLogo?: boolean;
  @ApiPropertyOptional({ default: 50 }) @IsOmittable() @IsFixedPoint(2) @Min(0) @Max(100) horizonLineHeight?: number;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() afterFrameFree?: boolean;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsInt() @Min(0) @Max(POSITION_MAX) positionAfterFrameFree?: number | null;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() optional?: boolean;
  @ApiPropertyOptional({ nullable: true, description: 'required for IMAGE configurations' }) @ValidateIf(nullable) @IsUUID() angleId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customAngleOverlayId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customFrameOverlayId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customBackgroundId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customLogoId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customFloorId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() featuredImageId?: string | null;
}

export class ConfigurationPatch implements ConfigurationPatchRequest {
  @ApiPropertyOptional() @IsOmittable() @IsInt() @Min(0) @Max(POSITION_MAX) position?: number;
  @ApiPropertyOptional({ type: MarginsInput }) @IsOmittable()
  @Transform(parseMargins)
  @IsObject({ message: 'margins must be an object (or its JSON text) with top, right, bottom and left' })
  @ValidateNested()
  margins?: MarginsInput;
  @ApiPropertyOptional({ enum: ROUTES }) @IsOmittable() @IsString() @MaxLength(40) @Transform(normaliseRoute) routeTo?: Route;
  @ApiPropertyOptional({ enum: CONFIGURATION_TYPES }) @IsOmittable() @IsIn(CONFIGURATION_TYPES) type?: ConfigurationType;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() withLogo?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsFixedPoint(2) @Min(0) @Max(100) horizonLineHeight?: number;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() afterFrameFree?: boolean;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsInt() @Min(0) @Max(POSITION_MAX) positionAfterFrameFree?: number | null;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() optional?: boolean;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() angleId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customAngleOverlayId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customFrameOverlayId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customBackgroundId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customLogoId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() customFloorId?: string | null;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() featuredImageId?: string | null;
}

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type StyleGuideBodiesMirrored = [
  Mirror<StyleGuideBody, StyleGuideRequest>,
  Mirror<StyleGuidePatch, StyleGuidePatchRequest>,
  Mirror<ConfigurationBody, ConfigurationRequest>,
  Mirror<ConfigurationPatch, ConfigurationPatchRequest>,
];

export class AngleBody {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100) name!: string;
  @ApiProperty({ enum: ANGLE_CATEGORIES }) @IsIn(ANGLE_CATEGORIES) category!: AngleCategory;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() needsAngleCorrection?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() needsFlashlight?: boolean;
  @ApiProperty({ description: 'the angle overlay image (required when creating)' }) @IsUUID() defaultAngleOverlayId!: string;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() defaultFrameOverlayId?: string | null;
}

export class AnglePatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 100) name?: string;
  @ApiPropertyOptional({ enum: ANGLE_CATEGORIES }) @IsOmittable() @IsIn(ANGLE_CATEGORIES) category?: AngleCategory;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() needsAngleCorrection?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() needsFlashlight?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsUUID() defaultAngleOverlayId?: string;
  @ApiPropertyOptional({ nullable: true }) @ValidateIf(nullable) @IsUUID() defaultFrameOverlayId?: string | null;
}

export class CarTypeBody {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100) carTypeName!: string;
  @ApiProperty({ description: 'the icon (required when creating)' }) @IsUUID() iconMediaId!: string;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() needsAngleCorrection?: boolean;
  @ApiPropertyOptional({ enum: ANGLE_CATEGORIES, nullable: true }) @ValidateIf(nullable) @IsIn(ANGLE_CATEGORIES) category?: AngleCategory | null;
}

export class CarTypePatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 100) carTypeName?: string;
  @ApiPropertyOptional() @IsOmittable() @IsUUID() iconMediaId?: string;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() needsAngleCorrection?: boolean;
  @ApiPropertyOptional({ enum: ANGLE_CATEGORIES, nullable: true }) @ValidateIf(nullable) @IsIn(ANGLE_CATEGORIES) category?: AngleCategory | null;
}

export class StyleGuideListQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(STYLE_GUIDE_NAME_MAX) search?: string;
}

export class CatalogueListQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(100) search?: string;
  @ApiPropertyOptional({ enum: ANGLE_CATEGORIES }) @IsOptional() @IsIn(ANGLE_CATEGORIES) category?: AngleCategory;
}

export class IdPayload {
  @IsUUID()
  id!: string;
}

export class StyleGuideUserBody {
  @ApiProperty() @IsUUID() userId!: string;
  @ApiProperty() @IsUUID() styleGuideId!: string;
}

export class UserStyleGuidesPayload {
  @IsUUID()
  userId!: string;
}

export class UpdateStyleGuidePayload extends StyleGuidePatch {
  @IsUUID() id!: string;
}
export class UpdateConfigurationPayload extends ConfigurationPatch {
  @IsUUID() id!: string;
}
export class UpdateAnglePayload extends AnglePatch {
  @IsUUID() id!: string;
}
export class UpdateCarTypePayload extends CarTypePatch {
  @IsUUID() id!: string;
}

export class StyleGuideDeleted {
  @IsUUID() styleGuideId!: string;
}

export class PipelineSettingsPayload {
  @IsUUID() styleGuideId!: string;
}

/** What the pipeline needs for one position of a guide, media as S3 keys (the configuration's own win). */
export interface PositionPipelineSettings {
  position: number;
  route: Route;
  category: AngleCategory;
  angleName: string | null;
  /** the shape of `PipelinePositionSettings` in the pipeline's job contract */
  settings: PipelinePositionSettings;
}

/**
 * A guide's settings for the images service when it queues pipeline jobs: one entry per
 * configured position, and `fallback` for images at a position the guide does not configure
 * (free-form uploads): the guide's frame-free route (else AI), exterior, default margins.
 */
export interface StyleGuidePipelineSettings {
  styleGuideId: string;
  name: string;
  positions: PositionPipelineSettings[];
  fallback: PositionPipelineSettings;
}

/** Durable consumers of the style-guides service (public names: renaming one leaves its backlog behind). */
export const STYLE_GUIDES_DURABLES = {
  accountDeleted: 'style-guides-account-deleted',
} as const;

/** A style guide was created or renamed (the statistics service keeps names from it). */
export class StyleGuideSaved {
  @IsUUID() styleGuideId!: string;
  @IsString() name!: string;
  @IsISO8601() at!: string;
}

export const StyleGuidesEvents = {
  saved: defineEvent('style-guides', 'style-guide-saved', StyleGuideSaved),
  deleted: defineEvent('style-guides', 'style-guide-deleted', StyleGuideDeleted),
};

export const StyleGuidesRpc = {
  list: defineRpc<StyleGuideListQuery, Paged<StyleGuideListItem>>('style-guides', 'style-guides.list', StyleGuideListQuery),
  get: defineRpc<IdPayload, StyleGuideView>('style-guides', 'style-guides.get', IdPayload),
  ofUser: defineRpc<UserStyleGuidesPayload, StyleGuideListItem[]>('style-guides', 'style-guides.of-user', UserStyleGuidesPayload),
  create: defineRpc<StyleGuideBody, StyleGuideView>('style-guides', 'style-guides.create', StyleGuideBody),
  update: defineRpc<UpdateStyleGuidePayload, StyleGuideView>('style-guides', 'style-guides.update', UpdateStyleGuidePayload),
  duplicate: defineRpc<IdPayload, StyleGuideView>('style-guides', 'style-guides.duplicate', IdPayload),
  delete: defineRpc<IdPayload, { deleted: true }>('style-guides', 'style-guides.delete', IdPayload),
  addToUser: defineRpc<StyleGuideUserBody, { added: boolean }>('style-guides', 'style-guides.add-to-user', StyleGuideUserBody),
  removeFromUser: defineRpc<StyleGuideUserBody, { removed: boolean }>('style-guides', 'style-guides.remove-from-user', StyleGuideUserBody),
  /** for the images service (system actor): every position's pipeline settings */
  pipelineSettings: defineRpc<PipelineSettingsPayload, StyleGuidePipelineSettings>('style-guides', 'style-guides.pipeline-settings', PipelineSettingsPayload),
};

export const ConfigurationsRpc = {
  get: defineRpc<IdPayload, ConfigurationView>('style-guides', 'configurations.get', IdPayload),
  create: defineRpc<ConfigurationBody, ConfigurationView>('style-guides', 'configurations.create', ConfigurationBody),
  update: defineRpc<UpdateConfigurationPayload, ConfigurationView>('style-guides', 'configurations.update', UpdateConfigurationPayload),
  delete: defineRpc<IdPayload, { deleted: true }>('style-guides', 'configurations.delete', IdPayload),
};

export const AnglesRpc = {
  list: defineRpc<CatalogueListQuery, Paged<AngleView>>('style-guides', 'angles.list', CatalogueListQuery),
  names: defineRpc<Record<string, never>, AngleName[]>('style-guides', 'angles.names', null),
  get: defineRpc<IdPayload, AngleView>('style-guides', 'angles.get', IdPayload),
  create: defineRpc<AngleBody, AngleView>('style-guides', 'angles.create', AngleBody),
  update: defineRpc<UpdateAnglePayload, AngleView>('style-guides', 'angles.update', UpdateAnglePayload),
};

export const CarTypesRpc = {
  list: defineRpc<CatalogueListQuery, Paged<CarTypeView>>('style-guides', 'car-types.list', CatalogueListQuery),
  get: defineRpc<IdPayload, CarTypeView>('style-guides', 'car-types.get', IdPayload),
  create: defineRpc<CarTypeBody, CarTypeView>('style-guides', 'car-types.create', CarTypeBody),
  update: defineRpc<UpdateCarTypePayload, CarTypeView>('style-guides', 'car-types.update', UpdateCarTypePayload),
};

import { MEDIA_KINDS, type MediaKind } from '../../wire/media';
import {
  DEFAULT_NUMBER_PLATE_COLOR,
  DEFAULT_NUMBER_PLATE_MODE,
  NUMBER_PLATE_COLOR_DESCRIPTION,
  NUMBER_PLATE_MODES,
  NUMBER_PLATE_MODES_DESCRIPTION,
  type NumberPlateMode,
} from '../../wire/number-plates';
import { DEFAULT_WINDOW_MODE, WINDOW_MODES, WINDOW_MODES_DESCRIPTION, type WindowMode } from '../../wire/style-guides';
import { ANGLE_CATEGORIES, CONFIGURATION_TYPES, ROUTES, type AngleCategory, type ConfigurationType, type Route } from '../../wire/routes';
import { Field } from '../fields';

/**
 * The answers of style guides, their configurations and media, and the angle and car-type
 * catalogue: each class is THE declaration of its shape (the wire modules re-export the types).
 */

export class MediaView {
  @Field.id() id!: string;
  @Field.oneOf(MEDIA_KINDS, 'MediaKind') mediaType!: MediaKind;
  @Field.string({ example: 'png' }) fileExtension!: string;
  /** short-lived download URL (null until the file is uploaded) */
  @Field.url({ nullable: true, description: 'a short-lived link, once the file is uploaded' }) url!: string | null;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.bool() uploaded!: boolean;
  @Field.dateTime() createdAt!: string;
}

/** `POST /media`: the fields of a presigned POST, to send with the file as multipart/form-data. */
export class CreateMediaResult {
  @Field.url({ description: 'where to POST the file' }) url!: string;
  @Field.json({ description: 'form fields to send before the file (all strings)' }) fields!: Record<string, string>;
  @Field.dateTime() expiresAt!: string;
  @Field.object(MediaView) utilityMedia!: MediaView;
}

export class AngleView {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory') category!: AngleCategory;
  @Field.bool() needsAngleCorrection!: boolean;
  @Field.bool() needsFlashlight!: boolean;
  @Field.object(MediaView, { nullable: true }) defaultAngleOverlay!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) defaultFrameOverlay!: MediaView | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

/** `GET /angle/angleNames`: every angle, for pickers */
export class AngleName {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory') category!: AngleCategory;
}

export class CarTypeView {
  @Field.id() id!: string;
  @Field.string() carTypeName!: string;
  @Field.object(MediaView, { nullable: true }) icon!: MediaView | null;
  @Field.bool() needsAngleCorrection!: boolean;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory', { nullable: true }) category!: AngleCategory | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

/** The angle of a configuration. */
export class ConfigurationAngle {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory') category!: AngleCategory;
  @Field.object(MediaView, { nullable: true }) defaultAngleOverlay!: MediaView | null;
}

export class ConfigurationView {
  @Field.id() id!: string;
  @Field.id() styleGuideId!: string;
  @Field.int() position!: number;
  /** JSON text `{top, right, bottom, left}`, in percent of the output */
  @Field.string({ description: 'JSON text of { top, right, bottom, left }' }) margins!: string;
  @Field.oneOf(ROUTES, 'Route') routeTo!: Route;
  @Field.oneOf(CONFIGURATION_TYPES, 'ConfigurationType') type!: ConfigurationType;
  @Field.bool() withLogo!: boolean;
  @Field.number() horizonLineHeight!: number;
  @Field.bool() afterFrameFree!: boolean;
  @Field.int({ nullable: true }) positionAfterFrameFree!: number | null;
  @Field.bool() optional!: boolean;
  @Field.object(ConfigurationAngle, { nullable: true }) angle!: ConfigurationAngle | null;
  @Field.object(MediaView, { nullable: true }) customAngleOverlay!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) customFrameOverlay!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) customBackground!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) customLogo!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) customFloor!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) featuredImage!: MediaView | null;
}

/** The media of a guide as a whole (STYLE_GUIDE_MEDIA_SLOTS); a configuration's own media override them. */
export class StyleGuideMedia {
  @Field.object(MediaView, { nullable: true }) logo!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) background!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) floor!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) numberplate!: MediaView | null;
}

export class StyleGuideView {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.string() customerNote!: string;
  @Field.int() outputWidth!: number;
  @Field.int() outputHeight!: number;
  @Field.int({ description: 'bytes' }) maxImageSize!: number;
  @Field.string() interiorColor!: string;
  @Field.oneOf(ROUTES, 'Route', { nullable: true }) frameFreeRouting!: Route | null;
  /** how the AI routes treat the car's windows (WINDOW_MODES) */
  @Field.oneOf(WINDOW_MODES, 'WindowMode', { default: DEFAULT_WINDOW_MODE, description: WINDOW_MODES_DESCRIPTION }) windows!: WindowMode;
  /** what the AI and enhancer routes do with the car's number plates (NUMBER_PLATE_MODES) */
  @Field.oneOf(NUMBER_PLATE_MODES, 'NumberPlateMode', { default: DEFAULT_NUMBER_PLATE_MODE, description: NUMBER_PLATE_MODES_DESCRIPTION }) numberPlates!: NumberPlateMode;
  @Field.string({ default: DEFAULT_NUMBER_PLATE_COLOR, example: DEFAULT_NUMBER_PLATE_COLOR, description: NUMBER_PLATE_COLOR_DESCRIPTION }) numberPlateColor!: string;
  @Field.object(StyleGuideMedia) media!: StyleGuideMedia;
  /** sorted by position */
  @Field.list(ConfigurationView, { description: 'the positions, by position' }) configurations!: ConfigurationView[];
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class StyleGuideListItem {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.int() outputWidth!: number;
  @Field.int() outputHeight!: number;
  @Field.int() maxImageSize!: number;
  @Field.oneOf(WINDOW_MODES, 'WindowMode', { default: DEFAULT_WINDOW_MODE, description: WINDOW_MODES_DESCRIPTION }) windows!: WindowMode;
  @Field.oneOf(NUMBER_PLATE_MODES, 'NumberPlateMode', { default: DEFAULT_NUMBER_PLATE_MODE, description: NUMBER_PLATE_MODES_DESCRIPTION }) numberPlates!: NumberPlateMode;
  @Field.string({ default: DEFAULT_NUMBER_PLATE_COLOR, example: DEFAULT_NUMBER_PLATE_COLOR, description: NUMBER_PLATE_COLOR_DESCRIPTION }) numberPlateColor!: string;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
  @Field.int({ description: 'how many positions' }) configurationCount!: number;
  @Field.object(MediaView, { nullable: true }) logo!: MediaView | null;
}

/** `POST /style-guides/add-style-guide-to-user` */
export class AddedResult {
  @Field.bool({ description: 'false when it was already there' }) added!: boolean;
}

/** `DELETE /style-guides/remove-style-guide-to-user` */
export class RemovedResult {
  @Field.bool({ description: 'false when it was not there' }) removed!: boolean;
}

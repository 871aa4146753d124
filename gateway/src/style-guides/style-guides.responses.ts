import {
  ANGLE_CATEGORIES,
  CONFIGURATION_TYPES,
  MEDIA_KINDS,
  ROUTES,
  type AngleCategory,
  type AngleView as AngleViewContract,
  type CarTypeView as CarTypeViewContract,
  type ConfigurationType,
  type ConfigurationView as ConfigurationViewContract,
  type CreateMediaResult as CreateMediaResultContract,
  type MediaKind,
  type MediaView as MediaViewContract,
  type Route,
  type StyleGuideListItem as StyleGuideListItemContract,
  type StyleGuideView as StyleGuideViewContract,
  type StyleGuidesRpc,
  type AnglesRpc,
  type ResultOf,
} from '@app/contracts';
import { Field } from '../common/api-responses';

// parts of the contract views, named so the classes can implement them
type ContractConfigurationAngle = NonNullable<ConfigurationViewContract['angle']>;
type ContractStyleGuideMedia = StyleGuideViewContract['media'];
type ContractAngleName = ResultOf<typeof AnglesRpc.names>[number];
type ContractAdded = ResultOf<typeof StyleGuidesRpc.addToUser>;
type ContractRemoved = ResultOf<typeof StyleGuidesRpc.removeFromUser>;

/** Response schemas of style guides, their media and the angle and car-type catalogue. */

export class MediaView implements MediaViewContract {
  @Field.id() id!: string;
  @Field.oneOf(MEDIA_KINDS, 'MediaKind') mediaType!: MediaKind;
  @Field.string({ example: 'png' }) fileExtension!: string;
  @Field.url({ nullable: true, description: 'a short-lived link, once the file is uploaded' }) url!: string | null;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.bool() uploaded!: boolean;
  @Field.dateTime() createdAt!: string;
}

/** The fields of a presigned POST, to send with the file as multipart/form-data. */
export class CreateMediaResult implements CreateMediaResultContract {
  @Field.url({ description: 'where to POST the file' }) url!: string;
  @Field.json({ description: 'form fields to send before the file (all strings)' }) fields!: Record<string, string>;
  @Field.dateTime() expiresAt!: string;
  @Field.object(MediaView) utilityMedia!: MediaView;
}

export class AngleView implements AngleViewContract {
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

export class AngleName implements ContractAngleName {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory') category!: AngleCategory;
}

export class CarTypeView implements CarTypeViewContract {
  @Field.id() id!: string;
  @Field.string() carTypeName!: string;
  @Field.object(MediaView, { nullable: true }) icon!: MediaView | null;
  @Field.bool() needsAngleCorrection!: boolean;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory', { nullable: true }) category!: AngleCategory | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class ConfigurationAngle implements ContractConfigurationAngle {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(ANGLE_CATEGORIES, 'AngleCategory') category!: AngleCategory;
  @Field.object(MediaView, { nullable: true }) defaultAngleOverlay!: MediaView | null;
}

export class ConfigurationView implements ConfigurationViewContract {
  @Field.id() id!: string;
  @Field.id() styleGuideId!: string;
  @Field.int() position!: number;
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

export class StyleGuideMedia implements ContractStyleGuideMedia {
  @Field.object(MediaView, { nullable: true }) logo!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) background!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) floor!: MediaView | null;
  @Field.object(MediaView, { nullable: true }) numberplate!: MediaView | null;
}

export class StyleGuideView implements StyleGuideViewContract {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.string() customerNote!: string;
  @Field.int() outputWidth!: number;
  @Field.int() outputHeight!: number;
  @Field.int({ description: 'bytes' }) maxImageSize!: number;
  @Field.string() interiorColor!: string;
  @Field.oneOf(ROUTES, 'Route', { nullable: true }) frameFreeRouting!: Route | null;
  @Field.object(StyleGuideMedia) media!: StyleGuideMedia;
  @Field.list(ConfigurationView, { description: 'the positions, by position' }) configurations!: ConfigurationView[];
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class StyleGuideListItem implements StyleGuideListItemContract {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.int() outputWidth!: number;
  @Field.int() outputHeight!: number;
  @Field.int() maxImageSize!: number;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
  @Field.int({ description: 'how many positions' }) configurationCount!: number;
  @Field.object(MediaView, { nullable: true }) logo!: MediaView | null;
}

export class AddedResult implements ContractAdded {
  @Field.bool({ description: 'false when it was already there' }) added!: boolean;
}

export class RemovedResult implements ContractRemoved {
  @Field.bool({ description: 'false when it was not there' }) removed!: boolean;
}

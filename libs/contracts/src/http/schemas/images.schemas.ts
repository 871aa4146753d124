import { IMAGE_VERSION_KINDS, IMAGE_VERSION_REASONS, TEST_RUN_STATES, type ImageVersionKind, type ImageVersionReason, type TestRunState } from '../../wire/image-versions';
import {
  IMAGE_LABELS,
  IMAGE_TYPE_LABELS,
  MEDIA_ORIGINS,
  OPTIMISATION_STATUSES,
  type ImageLabel,
  type ImageType,
  type MediaOrigin,
  type OptimisationStatus,
} from '../../wire/images';
import { RE_EDIT_REASONS, RE_EDIT_STATES, type ReEditReason, type ReEditState } from '../../wire/re-edit-requests';
import { ROUTES, type Route } from '../../wire/routes';
import { VIDEO_CONTENT_TYPES, VIDEO_STATUSES, type VideoContentType, type VideoStatus } from '../../wire/videos';
import { ApiProperty } from '@nestjs/swagger';
import { MAX_PLATES_PER_PICTURE, type PlateCorner, type PlateQuad } from '../../wire/number-plates';
import { Field } from '../fields';
import { TagView } from './orders.schemas';

/**
 * The answers of the pictures and videos of orders, their uploads, downloads, versions and
 * re-edit requests: each class is THE declaration of its shape (the wire modules re-export its
 * type). See orders.schemas.ts for the conventions.
 */

/** A picture's latest re-edit request, as its view carries it. */
export class ReEditRequestSummary {
  @Field.id() id!: string;
  @Field.oneOf(RE_EDIT_REASONS, 'ReEditReason') reason!: ReEditReason;
  @Field.string({ nullable: true, description: 'what the dealership asked to change' }) text!: string | null;
  @Field.oneOf(RE_EDIT_STATES, 'ReEditState') state!: ReEditState;
  @Field.dateTime({ description: 'when QA should have answered' }) dueAt!: string;
  @Field.bool({ description: 'open and past its due time' }) overdue!: boolean;
  @Field.string({ nullable: true, description: "QA's answer when declined" }) answer!: string | null;
}

/** A corner of a number plate: a share (0..1) of the original picture's width and height, as shown. */
export class PlateCornerView implements PlateCorner {
  @ApiProperty({ type: Number, minimum: 0, maximum: 1 }) x!: number;
  @ApiProperty({ type: Number, minimum: 0, maximum: 1 }) y!: number;
}

/** A number plate on the original picture: four corners, clockwise from the top-left. */
export class PlateQuadView implements PlateQuad {
  @ApiProperty({ type: [PlateCornerView], minItems: 4, maxItems: 4 }) corners!: [PlateCornerView, PlateCornerView, PlateCornerView, PlateCornerView];
}

/** One picture of an order, with short-lived links. */
export class ImageView {
  @Field.id() id!: string;
  @Field.id() orderId!: string;
  @Field.int() position!: number;
  @Field.oneOf(MEDIA_ORIGINS, 'MediaOrigin') mediaOrigin!: MediaOrigin;
  /** type labels for the select view's filter (original, optimized, AI, enhanced, bypassed, featured) */
  @Field.oneOfList(IMAGE_TYPE_LABELS, 'ImageType') types!: ImageType[];
  @Field.oneOf(ROUTES, 'Route', { nullable: true, description: 'the pipeline route that made the optimized picture' })
  optimisedVia!: Route | null;
  @Field.oneOf(OPTIMISATION_STATUSES, 'OptimisationStatus') optimisationStatus!: OptimisationStatus;
  @Field.oneOf(IMAGE_LABELS, 'ImageLabel') label!: ImageLabel;
  /** the reason of a refused upload or a pipeline error, for QA */
  @Field.string({ nullable: true }) failureReason!: string | null;
  @Field.bool() approved!: boolean;
  @Field.bool() needsEdition!: boolean;
  @Field.url({ nullable: true, description: 'the optimized picture (or the original until then), a short-lived link' }) url!: string | null;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  /** the uploaded original, for admin and QA only (null for everyone else); short-lived */
  @Field.url({ nullable: true }) originalUrl!: string | null;
  @Field.int({ nullable: true }) width!: number | null;
  @Field.int({ nullable: true }) height!: number | null;
  @Field.int({ nullable: true, description: 'bytes' }) fileSize!: number | null;
  @Field.json({ nullable: true, description: 'what the capture app measured' }) sensorData!: Record<string, unknown> | null;
  @Field.string({ nullable: true }) expectedAngle!: string | null;
  @Field.string({ nullable: true }) detectedAngle!: string | null;
  /** the number plates the pipeline masked on the optimized picture, for admin and QA only (null for everyone else) */
  @ApiProperty({
    type: [PlateQuadView],
    nullable: true,
    maxItems: MAX_PLATES_PER_PICTURE,
    description: 'the number plates masked on the optimized picture, on the original (corners as shares of its width and height, clockwise from the top-left); null when none were masked, and for everyone but admin and QA',
  })
  numberPlates!: PlateQuad[] | null;
  @Field.object(ReEditRequestSummary, {
    nullable: true,
    required: false,
    description: "the picture's latest re-edit request (null when nobody asked); in the order's list and one image's view",
  })
  reEditRequest?: ReEditRequestSummary | null;
  @Field.list(TagView, { required: false, description: 'the tags on the picture, in the order\'s list and one image\'s view: for admin and QA; empty for everyone else' })
  tags?: TagView[];
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

/** A presigned POST for one picture: send `fields` (JSON text) and the file, last, as multipart/form-data to `url`. */
export class SignedUploadResult {
  @Field.url() url!: string;
  @Field.string({ description: 'JSON text of the form fields' }) fields!: string;
  @Field.id() imageId!: string;
  @Field.dateTime() expiresAt!: string;
}

export class DownloadResult {
  @Field.url({ description: 'the zip, a short-lived link' }) url!: string;
  @Field.string() fileName!: string;
  @Field.dateTime() expiresAt!: string;
  @Field.int() imageCount!: number;
}

export class UrlResult {
  @Field.url({ description: 'a short-lived link' }) url!: string;
  @Field.dateTime() expiresAt!: string;
}

export class ImagesDeletedResult {
  @Field.int({ description: 'how many images were deleted' }) deleted!: number;
}

export class VideoSignedUploadResult {
  @Field.url() url!: string;
  @Field.string({ description: 'JSON text of the form fields' }) fields!: string;
  @Field.id() videoId!: string;
  @Field.dateTime() expiresAt!: string;
}

/** One video of an order. */
export class VideoView {
  @Field.id() id!: string;
  @Field.id() orderId!: string;
  @Field.oneOf(VIDEO_STATUSES, 'VideoStatus') status!: VideoStatus;
  /** 225 px wide, short-lived; null until the thumbnail is made */
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.url({ nullable: true }) url!: string | null;
  @Field.int({ nullable: true }) fileSize!: number | null;
  @Field.number({ nullable: true }) durationSeconds!: number | null;
  @Field.oneOf(VIDEO_CONTENT_TYPES, 'VideoContentType') contentType!: VideoContentType;
  @Field.string({ nullable: true }) failureReason!: string | null;
  @Field.dateTime() createdAt!: string;
}

/** Who asked for a re-edit: the account or its sales person. */
export class ReEditRequester {
  @Field.id({ nullable: true, description: 'the account (null once it was deleted)' }) userId!: string | null;
  @Field.id({ nullable: true, description: 'the sales person signed in, if any' }) salesPersonId!: string | null;
  @Field.string({ nullable: true }) name!: string | null;
}

/** One re-edit request of an order's picture. */
export class ReEditRequestView extends ReEditRequestSummary {
  @Field.id() imageId!: string;
  @Field.id() orderId!: string;
  @Field.int() position!: number;
  @Field.object(ReEditRequester) requestedBy!: ReEditRequester;
  @Field.id({ nullable: true, description: 'the QA user who approved the picture again or declined the request' }) answeredByUserId!: string | null;
  @Field.dateTime({ nullable: true }) answeredAt!: string | null;
  @Field.dateTime() createdAt!: string;
}
/** Who made a version (null for the system). */
export class ImageVersionAuthor {
  @Field.id({ description: 'an account, or a signed-in sales person' }) id!: string;
  @Field.string() displayName!: string;
}

/** One kept version of an image's picture. */
export class ImageVersionView {
  @Field.id() id!: string;
  @Field.id() imageId!: string;
  @Field.oneOf(IMAGE_VERSION_KINDS, 'ImageVersionKind') kind!: ImageVersionKind;
  @Field.oneOf(IMAGE_VERSION_REASONS, 'ImageVersionReason', { description: 'why it was made' }) reason!: ImageVersionReason;
  @Field.oneOf(ROUTES, 'Route', { nullable: true, description: 'the pipeline route that made it' }) route!: Route | null;
  @Field.json({ nullable: true, description: "the job's category, the position's angle and repush settings (pipeline and test versions)" }) settings!: Record<string, unknown> | null;
  @Field.object(ImageVersionAuthor, { nullable: true, description: 'who made it; null for the system' }) createdBy!: ImageVersionAuthor | null;
  @Field.id({ nullable: true, description: 'the version a restore brought back' }) restoredFromId!: string | null;
  @Field.bool({ description: "whether it is the image's optimized picture now" }) current!: boolean;
  @Field.url({ nullable: true, description: 'the picture, a short-lived link (null for an original seen by a dealership)' }) url!: string | null;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.int({ nullable: true }) width!: number | null;
  @Field.int({ nullable: true }) height!: number | null;
  @Field.int({ nullable: true, description: 'bytes' }) fileSize!: number | null;
  @Field.dateTime() createdAt!: string;
}

export class TestPipelineResult {
  @Field.int({ description: 'pictures sent to the test pipeline (those without an original are left out)' }) queued!: number;
}

/** `GET /appSettings/testPipelineResults/{orderId}`: the latest test run of one picture. */
export class TestPipelineRunView {
  @Field.id() imageId!: string;
  @Field.id({ description: 'the test version' }) versionId!: string;
  @Field.oneOf(TEST_RUN_STATES, 'TestRunState', { description: 'queued (waiting for or in the pipeline), completed, or failed' }) state!: TestRunState;
  @Field.oneOf(ROUTES, 'Route', { nullable: true, description: 'the route the test ran' }) route!: Route | null;
  @Field.string({ nullable: true, description: "why the run failed (the pipeline's sentence)" }) failureReason!: string | null;
  @Field.url({ nullable: true, description: 'the test picture once completed, a short-lived link' }) url!: string | null;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.int({ nullable: true }) width!: number | null;
  @Field.int({ nullable: true }) height!: number | null;
  @Field.int({ nullable: true, description: 'bytes' }) fileSize!: number | null;
  @Field.dateTime() requestedAt!: string;
  @Field.dateTime({ nullable: true, description: 'when the result or the failure came' }) finishedAt!: string | null;
}

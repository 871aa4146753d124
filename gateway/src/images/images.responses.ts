import {
  IMAGE_LABELS,
  IMAGE_VERSION_KINDS,
  IMAGE_VERSION_REASONS,
  IMAGE_TYPE_LABELS,
  MEDIA_ORIGINS,
  OPTIMISATION_STATUSES,
  RE_EDIT_REASONS,
  RE_EDIT_STATES,
  ROUTES,
  VIDEO_CONTENT_TYPES,
  VIDEO_STATUSES,
  type DownloadResult as DownloadResultContract,
  type ImageLabel,
  type ImagesRpc,
  type ImageType,
  type ImageVersionAuthor as ImageVersionAuthorContract,
  type ImageVersionKind,
  type ImageVersionReason,
  type ImageVersionView as ImageVersionViewContract,
  type TestPipelineResult as TestPipelineResultContract,
  type TestPipelineRunView as TestPipelineRunViewContract,
  type TestRunState,
  TEST_RUN_STATES,
  type ImageView as ImageViewContract,
  type MediaOrigin,
  type OptimisationStatus,
  type ReEditReason,
  type ReEditRequestSummary as ReEditRequestSummaryContract,
  type ReEditRequestView as ReEditRequestViewContract,
  type ReEditState,
  type ResultOf,
  type Route,
  type SignedUploadResult as SignedUploadResultContract,
  type UrlResult as UrlResultContract,
  type VideoContentType,
  type VideoSignedUploadResult as VideoSignedUploadResultContract,
  type VideoStatus,
  type VideoView as VideoViewContract,
} from '@app/contracts';
import { Field } from '../common/api-responses';
import { TagView } from '@app/contracts/http';

// parts of the contract, named so the classes can implement them
type ContractImagesDeleted = ResultOf<typeof ImagesRpc.delete>;

/** Response schemas of the pictures and videos of orders: each mirrors its contract view. */

/** A picture's latest re-edit request, as its view carries it. */
export class ReEditRequestSummary implements ReEditRequestSummaryContract {
  @Field.id() id!: string;
  @Field.oneOf(RE_EDIT_REASONS, 'ReEditReason') reason!: ReEditReason;
  @Field.string({ nullable: true, description: 'what the dealership asked to change' }) text!: string | null;
  @Field.oneOf(RE_EDIT_STATES, 'ReEditState') state!: ReEditState;
  @Field.dateTime({ description: 'when QA should have answered' }) dueAt!: string;
  @Field.bool({ description: 'open and past its due time' }) overdue!: boolean;
  @Field.string({ nullable: true, description: "QA's answer when declined" }) answer!: string | null;
}

export class ImageView implements ImageViewContract {
  @Field.id() id!: string;
  @Field.id() orderId!: string;
  @Field.int() position!: number;
  @Field.oneOf(MEDIA_ORIGINS, 'MediaOrigin') mediaOrigin!: MediaOrigin;
  @Field.oneOfList(IMAGE_TYPE_LABELS, 'ImageType') types!: ImageType[];
  @Field.oneOf(ROUTES, 'Route', { nullable: true, description: 'the pipeline route that made the optimized picture' })
  optimisedVia!: Route | null;
  @Field.oneOf(OPTIMISATION_STATUSES, 'OptimisationStatus') optimisationStatus!: OptimisationStatus;
  @Field.oneOf(IMAGE_LABELS, 'ImageLabel') label!: ImageLabel;
  @Field.string({ nullable: true }) failureReason!: string | null;
  @Field.bool() approved!: boolean;
  @Field.bool() needsEdition!: boolean;
  @Field.url({ nullable: true, description: 'the optimized picture (or the original until then), a short-lived link' }) url!: string | null;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.url({ nullable: true }) originalUrl!: string | null;
  @Field.int({ nullable: true }) width!: number | null;
  @Field.int({ nullable: true }) height!: number | null;
  @Field.int({ nullable: true, description: 'bytes' }) fileSize!: number | null;
  @Field.json({ nullable: true, description: 'what the capture app measured' }) sensorData!: Record<string, unknown> | null;
  @Field.string({ nullable: true }) expectedAngle!: string | null;
  @Field.string({ nullable: true }) detectedAngle!: string | null;
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
export class SignedUploadResult implements SignedUploadResultContract {
  @Field.url() url!: string;
  @Field.string({ description: 'JSON text of the form fields' }) fields!: string;
  @Field.id() imageId!: string;
  @Field.dateTime() expiresAt!: string;
}

export class DownloadResult implements DownloadResultContract {
  @Field.url({ description: 'the zip, a short-lived link' }) url!: string;
  @Field.string() fileName!: string;
  @Field.dateTime() expiresAt!: string;
  @Field.int() imageCount!: number;
}

export class UrlResult implements UrlResultContract {
  @Field.url({ description: 'a short-lived link' }) url!: string;
  @Field.dateTime() expiresAt!: string;
}

export class ImagesDeletedResult implements ContractImagesDeleted {
  @Field.int({ description: 'how many images were deleted' }) deleted!: number;
}

export class VideoSignedUploadResult implements VideoSignedUploadResultContract {
  @Field.url() url!: string;
  @Field.string({ description: 'JSON text of the form fields' }) fields!: string;
  @Field.id() videoId!: string;
  @Field.dateTime() expiresAt!: string;
}

export class VideoView implements VideoViewContract {
  @Field.id() id!: string;
  @Field.id() orderId!: string;
  @Field.oneOf(VIDEO_STATUSES, 'VideoStatus') status!: VideoStatus;
  @Field.url({ nullable: true }) thumbnailUrl!: string | null;
  @Field.url({ nullable: true }) url!: string | null;
  @Field.int({ nullable: true }) fileSize!: number | null;
  @Field.number({ nullable: true }) durationSeconds!: number | null;
  @Field.oneOf(VIDEO_CONTENT_TYPES, 'VideoContentType') contentType!: VideoContentType;
  @Field.string({ nullable: true }) failureReason!: string | null;
  @Field.dateTime() createdAt!: string;
}

class ReEditRequester {
  @Field.id({ nullable: true, description: 'the account (null once it was deleted)' }) userId!: string | null;
  @Field.id({ nullable: true, description: 'the sales person signed in, if any' }) salesPersonId!: string | null;
  @Field.string({ nullable: true }) name!: string | null;
}

/** One re-edit request of an order's picture. */
export class ReEditRequestView extends ReEditRequestSummary implements ReEditRequestViewContract {
  @Field.id() imageId!: string;
  @Field.id() orderId!: string;
  @Field.int() position!: number;
  @Field.object(ReEditRequester) requestedBy!: ReEditRequester;
  @Field.id({ nullable: true, description: 'the QA user who approved the picture again or declined the request' }) answeredByUserId!: string | null;
  @Field.dateTime({ nullable: true }) answeredAt!: string | null;
  @Field.dateTime() createdAt!: string;
}
export class ImageVersionAuthor implements ImageVersionAuthorContract {
  @Field.id({ description: 'an account, or a signed-in sales person' }) id!: string;
  @Field.string() displayName!: string;
}

/** One kept version of an image's picture. */
export class ImageVersionView implements ImageVersionViewContract {
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

export class TestPipelineResult implements TestPipelineResultContract {
  @Field.int({ description: 'pictures sent to the test pipeline (those without an original are left out)' }) queued!: number;
}

export class TestPipelineRunView implements TestPipelineRunViewContract {
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

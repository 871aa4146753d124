import { plainToInstance, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  validateSync,
  type ValidationArguments,
} from 'class-validator';
import { IsOmittable, formatValidationErrors } from '../validation';
import { ORDER_STATUSES, QA_STATUSES, type OrderStatus, type QaStatus } from '../wire/orders';
import type { FieldChange, LifecyclePayload, OrderEventName, OrderEventPayloads, QaTaskTagCategory, StatusPairOf } from '../wire/order-events';
import { QA_TASK_STATES, QA_TASK_TAG_CATEGORY, type QaTaskState } from '../wire/qa-workspace';
import { RE_EDIT_REASONS, RE_EDIT_STATES, type ReEditReason, type ReEditState } from '../wire/re-edit-requests';

/*
 * The checks of each timeline event's payload (`OrderEventPayloads` in wire/order-events.ts),
 * applied where a payload enters the orders service from another service: the `payload` of
 * `ImagesEvents.timeline` and of `DeliveryEvents.orderProgress`'s `timeline` carry
 * `@IsOrderEventPayload()`, so the shared message check refuses a wrong shape before the line is
 * written. Fields a newer producer adds are kept (events keep unknown fields).
 */

const QA_ROLE_CATEGORIES = Object.values(QA_TASK_TAG_CATEGORY);
const nullable = (_o: object, v: unknown) => v !== null;

class StatusPairLine implements StatusPairOf {
  @IsIn(ORDER_STATUSES) status!: OrderStatus;
  @IsIn(QA_STATUSES) QAstatus!: QaStatus;
}

class TextChange implements FieldChange<string | null> {
  @ValidateIf(nullable) @IsString() from!: string | null;
  @ValidateIf(nullable) @IsString() to!: string | null;
}

class OfImage {
  @IsUUID() imageId!: string;
  @IsInt() @Min(0) position!: number;
}

class NewPayload {
  @IsInt() @Min(0) takenImagesCount!: number;
  @IsString() platform!: string;
  @IsOmittable() @IsString() impersonatedBy?: string;
  @IsOmittable() @IsString() salesMan?: string;
}

class UpdatedPayload {
  @ValidateNested() @Type(() => StatusPairLine) from!: StatusPairLine;
  @ValidateNested() @Type(() => StatusPairLine) to!: StatusPairLine;
}

class EditedPayload {
  @IsOmittable() @ValidateNested() @Type(() => TextChange) orderName?: FieldChange<string>;
  @IsOmittable() @ValidateNested() @Type(() => TextChange) note?: TextChange;
  @IsOmittable() @ValidateNested() @Type(() => TextChange) carType?: TextChange;
  @IsOmittable() @ValidateNested() @Type(() => TextChange) salesMan?: TextChange;
  @IsOptional() @IsUUID() salesPersonId?: string | null;
}

/** pictures taken off the order (`imageIds`, `positions`), or the order itself (`orderName`, `created`) */
class DeletedPayload {
  @ValidateIf((o: DeletedPayload) => o.orderName === undefined) @IsArray() @IsUUID('all', { each: true }) imageIds?: string[];
  @ValidateIf((o: DeletedPayload) => o.orderName === undefined) @IsArray() @IsInt({ each: true }) positions?: number[];
  @ValidateIf((o: DeletedPayload) => o.imageIds === undefined) @IsString() orderName?: string;
  @IsOmittable() @IsObject() created?: object;
}

class DeclineReason {
  @IsUUID() tagId!: string;
  @IsString() name!: string;
}

class ImageDeclinedPayload extends OfImage {
  @IsOmittable() @ValidateNested() @Type(() => DeclineReason) reason?: DeclineReason;
  @IsOmittable() @IsUUID() tagId?: string;
  @IsOmittable() @IsString() tagName?: string;
  @IsOmittable() @IsString() tagCategory?: string;
}

class ImageRepushedPayload {
  @IsUUID() imageId!: string;
  @IsArray() @IsUUID('all', { each: true }) imageIds!: string[];
  @IsOmittable() @IsInt() @Min(0) position?: number;
  @IsString() method!: string;
  @IsOmittable() @IsString() category?: string;
  @IsUUID() jobId!: string;
  @IsOptional() @IsObject() settings?: object | null;
}

class QaUploadedPicturePayload extends OfImage {
  @IsOptional() @IsString() mediaOrigin?: string | null;
  @IsOmittable() @IsBoolean() replaced?: boolean;
}

class LifecyclePayloadLine implements LifecyclePayload {
  @IsInt() @Min(0) uploadedCount!: number;
  @IsInt() @Min(0) processedCount!: number;
  @IsInt() @Min(0) failedCount!: number;
  @IsInt() @Min(0) takenImagesCount!: number;
}

class ImageRejectedPayload extends OfImage {
  @IsString() reason!: string;
}

class PipelineErrorPayload extends OfImage {
  @IsString() reason!: string;
  @IsOmittable() @IsString() code?: string;
  @IsOmittable() @IsInt() @Min(0) attempts?: number;
}

class DownloadedPayload {
  @IsUUID() bundleId!: string;
  @IsInt() @Min(0) imageCount!: number;
  @IsInt() @Min(0) fileCount!: number;
  @IsString() media!: string;
  @IsBoolean() downloadStyleGuide!: boolean;
  @IsBoolean() needsEditionOnly!: boolean;
}

class VideoUploadedPayload {
  @IsUUID() videoId!: string;
  @IsInt() @Min(0) fileSize!: number;
  @ValidateIf(nullable) @IsNumber() @Min(0) durationSeconds!: number | null;
}

class QaPickedPayload {
  @IsIn(QA_ROLE_CATEGORIES) role!: QaTaskTagCategory;
  @IsString() userName!: string;
  @IsOmittable() @IsUUID() tagId?: string;
  @IsOmittable() @IsString() tagName?: string;
  @IsOmittable() @IsString() tagCategory?: string;
}

class QaTaskUpdatedPayload {
  @IsIn(QA_ROLE_CATEGORIES) role!: QaTaskTagCategory;
  @IsIn([...QA_TASK_STATES, 'RELEASED']) state!: QaTaskState | 'RELEASED';
  @IsIn(QA_TASK_STATES) from!: QaTaskState;
  @ValidateIf(nullable) @IsString() userName!: string | null;
}

class ReEditRequestedPayload extends OfImage {
  @IsIn(RE_EDIT_REASONS) reason!: ReEditReason;
  @ValidateIf(nullable) @IsString() text!: string | null;
  @IsISO8601() dueAt!: string;
  @IsUUID() requestId!: string;
  @ValidateIf(nullable) @IsString() requestedBy!: string | null;
}

class ReEditAnsweredPayload extends OfImage {
  @IsUUID() requestId!: string;
  @IsIn(RE_EDIT_STATES) state!: ReEditState;
  @IsOptional() @IsString() answer?: string | null;
}

class ImageVersionRestoredPayload extends OfImage {
  @IsUUID() versionId!: string;
  @IsUUID() restoredFromId!: string;
  @IsString() kind!: string;
}

class PushSentPayload {
  @IsString() title!: string;
  @IsString() body!: string;
  @IsString() provider!: string;
  @IsInt() @Min(0) devices!: number;
}

class PushFailedPayload {
  @IsString() title!: string;
  @IsString() reason!: string;
}

class QueuedIntegration {
  @IsUUID() id!: string;
  @IsString() provider!: string;
  @IsString() integrationType!: string;
}

class DeliveryQueuedPayload {
  @IsArray() @ValidateNested({ each: true }) @Type(() => QueuedIntegration) integrations!: QueuedIntegration[];
  @IsString() provider!: string;
  @IsOmittable() @IsBoolean() automatic?: boolean;
}

class OfDeliveryMessage {
  @IsUUID() messageId!: string;
  @IsUUID() integrationId!: string;
  @IsString() provider!: string;
}

class DeliveredPayload extends OfDeliveryMessage {
  @IsString() destination!: string;
  @IsInt() @Min(0) files!: number;
  @IsInt() @Min(0) bytes!: number;
  @IsString() deliveredBy!: string;
}

class DeliveryFailedPayload extends OfDeliveryMessage {
  @ValidateIf(nullable) @IsString() error!: string | null;
  @IsInt() @Min(0) attempts!: number;
  @IsBoolean() final!: boolean;
  @IsOmittable() @IsISO8601() retryAt?: string;
}

class DeliveryRemovedPayload extends OfDeliveryMessage {
  @IsString() state!: string;
}

class DeliveryStoppedPayload {
  @IsIn(['failed', 'removed']) cause!: 'failed' | 'removed';
  @ValidateIf(nullable) @IsString() provider!: string | null;
  @ValidateIf(nullable) @IsString() error!: string | null;
  @IsInt() @Min(0) failed!: number;
  @IsInt() @Min(0) delivered!: number;
}

/**
 * The class that checks each event's payload. `satisfies` ties it to `OrderEventPayloads`: an
 * event without its class, or a class that does not produce the event's payload type, does
 * not compile.
 */
export const ORDER_EVENT_PAYLOAD_CLASSES = {
  NEW: NewPayload,
  UPDATED: UpdatedPayload,
  EDITED: EditedPayload,
  DELETED: DeletedPayload,
  IMAGE_DECLINED: ImageDeclinedPayload,
  IMAGE_APPROVED: OfImage,
  IMAGE_REPUSHED: ImageRepushedPayload,
  QA_UPLOADED_PICTURE: QaUploadedPicturePayload,
  UPLOAD_COMPLETED: LifecyclePayloadLine,
  IMAGE_REJECTED: ImageRejectedPayload,
  PROCESSING_COMPLETED: LifecyclePayloadLine,
  PIPELINE_ERROR: PipelineErrorPayload,
  DOWNLOADED: DownloadedPayload,
  VIDEO_UPLOADED: VideoUploadedPayload,
  QA_PICKED: QaPickedPayload,
  QA_TASK_UPDATED: QaTaskUpdatedPayload,
  RE_EDIT_REQUESTED: ReEditRequestedPayload,
  RE_EDIT_ANSWERED: ReEditAnsweredPayload,
  IMAGE_VERSION_RESTORED: ImageVersionRestoredPayload,
  PUSH_NOTIFICATION_SENT: PushSentPayload,
  PUSH_NOTIFICATION_FAILED: PushFailedPayload,
  DELIVERY_QUEUED: DeliveryQueuedPayload,
  DELIVERED: DeliveredPayload,
  DELIVERY_FAILED: DeliveryFailedPayload,
  DELIVERY_REMOVED: DeliveryRemovedPayload,
  DELIVERY_STOPPED: DeliveryStoppedPayload,
} as const satisfies { [N in OrderEventName]: new () => object };

// every class describes its event's payload (a missing or mistyped field fails here); DELETED's
// two shapes are one class whose checks apply to either
type PayloadOfClass<N extends OrderEventName> = InstanceType<(typeof ORDER_EVENT_PAYLOAD_CLASSES)[N]>;
type Described = { [N in Exclude<OrderEventName, 'DELETED'>]: PayloadOfClass<N> extends OrderEventPayloads[N] ? true : N };
const described: Described[Exclude<OrderEventName, 'DELETED'>] = true;
void described;

/** The problems of a payload for its event's class, in one sentence; null when it fits. */
export function orderEventPayloadProblem(eventName: unknown, payload: unknown): string | null {
  if (typeof eventName !== 'string' || !Object.hasOwn(ORDER_EVENT_PAYLOAD_CLASSES, eventName)) return null; // the event name's own check says so
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return 'payload must be an object';
  const errors = validateSync(plainToInstance(ORDER_EVENT_PAYLOAD_CLASSES[eventName as OrderEventName] as new () => object, payload));
  return errors.length ? formatValidationErrors(errors) : null;
}

/**
 * The `payload` of a message that also holds `eventName`: it must be that event's payload
 * (`ORDER_EVENT_PAYLOAD_CLASSES`).
 */
export function IsOrderEventPayload(): PropertyDecorator {
  return ValidateBy({
    name: 'isOrderEventPayload',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => orderEventPayloadProblem((args?.object as { eventName?: unknown }).eventName, value) === null,
      defaultMessage: (args?: ValidationArguments) =>
        `payload of ${String((args?.object as { eventName?: unknown }).eventName)}: ${orderEventPayloadProblem((args?.object as { eventName?: unknown }).eventName, args?.value)}`,
    },
  });
}

import type { OrderStatus, QaStatus } from './orders';
import type { QA_TASK_TAG_CATEGORY, QaTaskRole, QaTaskState } from './qa-workspace';
import type { ReEditReason, ReEditState } from './re-edit-requests';

/**
 * Names of timeline events: the ones clients already show (NEW, UPDATED, EDITED, DELETED,
 * IMAGE_DECLINED, IMAGE_REPUSHED, QA_UPLOADED_PICTURE) plus the lifecycle steps the product records.
 *
 * Every line is also published as `OrdersEvents.timelineRecorded` with the line's payload as it
 * is stored. The payload fields the statistics service may rely on (on lines written live, and
 * on every line the orders service's backfill exports, older ones brought to this shape) are
 * marked "statistics:" below; anything else in a payload is for the timeline screen and may change.
 */
export const ORDER_EVENT_NAMES = [
  /** the order was created */
  'NEW',
  /** status or QA status changed (payload: from, to) */
  'UPDATED',
  /**
   * name, note, car type or sales person changed (payload: the fields, each `{from, to}`).
   * statistics: with a sales-person change, `salesPersonId` (the order's new sales person)
   */
  'EDITED',
  /** images were deleted from the order (payload: imageIds), or the order itself */
  'DELETED',
  /**
   * QA marked a picture as needing edition (payload: imageId, position, and with a reason
   * `reason: {tagId, name}`). statistics: `imageId`; with a reason `tagId`, `tagName`,
   * `tagCategory` (an IMAGE_ERROR tag)
   */
  'IMAGE_DECLINED',
  /** QA approved a picture (payload: imageId, position). statistics: `imageId` */
  'IMAGE_APPROVED',
  /**
   * a picture went through the pipeline again (payload: imageIds, position, method, category,
   * jobId, settings). statistics: `imageId` (one picture a line)
   */
  'IMAGE_REPUSHED',
  /** QA put a picture in (inserted, or replacing one) (payload: imageId, position, mediaOrigin / replaced). statistics: `imageId` */
  'QA_UPLOADED_PICTURE',
  /** every taken image was uploaded and accepted */
  'UPLOAD_COMPLETED',
  /** an upload was refused by the server's check (payload: imageId, reason) */
  'IMAGE_REJECTED',
  /** the pipeline finished every image */
  'PROCESSING_COMPLETED',
  /** the pipeline gave up on an image (payload: imageId, reason) */
  'PIPELINE_ERROR',
  /** a zip of the order was made (payload: how many images, which media). statistics: the line itself */
  'DOWNLOADED',
  'VIDEO_UPLOADED',
  /**
   * a QA editor or coordinator took the order from the unassigned list, or tagged it with a QA
   * tag (payload: role, userName, tagId, tagName, tagCategory). statistics: `role`
   * (`QA_EDITOR` / `QA_COORDINATOR`), and the QA tag put on the order: `tagId`, `tagName`,
   * `tagCategory`; the picker is the line's user
   */
  'QA_PICKED',
  /**
   * an editor finished, or a coordinator sent the order back to the editor, or a task was
   * released (payload: role, state, from, userName). statistics: `role` (`QA_EDITOR` /
   * `QA_COORDINATOR`), `state`, `from`
   */
  'QA_TASK_UPDATED',
  /**
   * the dealership asked for a picture to be edited again (payload: imageId, position, reason,
   * text, dueAt, requestId, requestedBy). statistics: `imageId`
   */
  'RE_EDIT_REQUESTED',
  /** QA answered a re-edit request (payload: imageId, requestId, state) */
  'RE_EDIT_ANSWERED',
  /** an earlier version of a picture was made its current one again (payload: imageId, versionId) */
  'IMAGE_VERSION_RESTORED',
  /** a push notification about the order went to the mobile app (payload: title, body, provider, devices) */
  'PUSH_NOTIFICATION_SENT',
  /** a push notification could not be sent (payload: title, reason) */
  'PUSH_NOTIFICATION_FAILED',
  /** the order was queued for delivery to integrations (payload: integrations [{id, provider}]) */
  'DELIVERY_QUEUED',
  /** the order arrived at one destination (payload: provider, destination, files, bytes, deliveredBy). statistics: the line itself */
  'DELIVERED',
  /** a delivery attempt failed (payload: provider, error, attempts, final: no more tries) */
  'DELIVERY_FAILED',
  /** a delivery message was removed from the queue (payload: provider, integrationId, messageId, state: the state it had) */
  'DELIVERY_REMOVED',
  /**
   * the order left Delivering for Ready to download: nothing was pending any more and not every
   * destination had it (payload: cause `failed` (a destination failed for good) or `removed`
   * (its message was removed from the queue), provider, error)
   */
  'DELIVERY_STOPPED',
] as const;
export type OrderEventName = (typeof ORDER_EVENT_NAMES)[number];

/** A change of one field: what it was, what it became. */
export type FieldChange<T> = { from: T; to: T };
/** An order's status with its QA status. */
export type StatusPairOf = { status: OrderStatus; QAstatus: QaStatus };
/** The role of a QA task as its order tag's category. */
export type QaTaskTagCategory = (typeof QA_TASK_TAG_CATEGORY)[QaTaskRole];
/** The counts of an order's pictures when it moved on by itself (UPLOAD_COMPLETED, PROCESSING_COMPLETED). */
export type LifecyclePayload = { uploadedCount: number; processedCount: number; failedCount: number; takenImagesCount: number };
/** A picture of the order, and its position (absent on repushes recorded before lines named it). */
type OfImage = { imageId: string; position: number };

/**
 * The payload of each timeline event, by event name: what the writers record and the readers
 * may rely on. Payloads entering the orders service from another service are checked against
 * the classes of `ORDER_EVENT_PAYLOAD_CLASSES` (libs/contracts, orders); the stored rows all
 * have these shapes (older ones were brought to them by a migration of the orders service).
 */
export type OrderEventPayloads = {
  NEW: { takenImagesCount: number; platform: string; impersonatedBy?: string; /** the sales person's name */ salesMan?: string };
  UPDATED: { from: StatusPairOf; to: StatusPairOf };
  EDITED: {
    orderName?: FieldChange<string>;
    note?: FieldChange<string | null>;
    /** the car type's name */
    carType?: FieldChange<string | null>;
    /** the sales person's name */
    salesMan?: FieldChange<string | null>;
    /** with a sales-person change: the order's new sales person */
    salesPersonId?: string | null;
  };
  /** pictures taken off the order, or the order itself (with what its creation told) */
  DELETED: { imageIds: string[]; positions: number[] } | { orderName: string; /** absent on deletions recorded before lines kept it */ created?: object };
  IMAGE_DECLINED: OfImage & {
    /** the IMAGE_ERROR tag QA gave as the reason, if any (also flat below, for the statistics) */
    reason?: { tagId: string; name: string };
    tagId?: string;
    tagName?: string;
    tagCategory?: string;
  };
  IMAGE_APPROVED: OfImage;
  IMAGE_REPUSHED: {
    imageId: string;
    imageIds: string[];
    /** absent on lines recorded before repushes named them */
    position?: number;
    method: string;
    category?: string;
    jobId: string;
    /** the repush dialog's settings, if any */
    settings?: object | null;
  };
  /** inserted (`mediaOrigin`) or replacing a picture (`replaced`) */
  QA_UPLOADED_PICTURE: OfImage & { mediaOrigin?: string | null; replaced?: boolean };
  UPLOAD_COMPLETED: LifecyclePayload;
  IMAGE_REJECTED: OfImage & { reason: string };
  PROCESSING_COMPLETED: LifecyclePayload;
  PIPELINE_ERROR: OfImage & { reason: string; code?: string; attempts?: number };
  DOWNLOADED: { bundleId: string; imageCount: number; fileCount: number; media: string; downloadStyleGuide: boolean; needsEditionOnly: boolean };
  VIDEO_UPLOADED: { videoId: string; fileSize: number; durationSeconds: number | null };
  /** the QA tag put on the order (absent on picks recorded before picks named it) */
  QA_PICKED: { role: QaTaskTagCategory; userName: string; tagId?: string; tagName?: string; tagCategory?: string };
  /** the task went `from` → `state` (RELEASED: let go) */
  QA_TASK_UPDATED: { role: QaTaskTagCategory; state: QaTaskState | 'RELEASED'; from: QaTaskState; userName: string | null };
  RE_EDIT_REQUESTED: OfImage & { reason: ReEditReason; text: string | null; dueAt: string; requestId: string; requestedBy: string | null };
  RE_EDIT_ANSWERED: OfImage & { requestId: string; state: ReEditState; answer?: string | null };
  IMAGE_VERSION_RESTORED: OfImage & { versionId: string; restoredFromId: string; kind: string };
  PUSH_NOTIFICATION_SENT: { title: string; body: string; provider: string; devices: number };
  PUSH_NOTIFICATION_FAILED: { title: string; reason: string };
  /** `provider`: the providers, comma separated; `automatic` when the order's approval queued it */
  DELIVERY_QUEUED: { integrations: Array<{ id: string; provider: string; integrationType: string }>; provider: string; automatic?: boolean };
  DELIVERED: { messageId: string; integrationId: string; provider: string; destination: string; files: number; bytes: number; deliveredBy: string };
  /** `final`: no more tries; else the next at `retryAt` */
  DELIVERY_FAILED: { messageId: string; integrationId: string; provider: string; error: string | null; attempts: number; final: boolean; retryAt?: string };
  DELIVERY_REMOVED: { messageId: string; integrationId: string; provider: string; state: string };
  DELIVERY_STOPPED: { cause: 'failed' | 'removed'; provider: string | null; error: string | null; failed: number; delivered: number };
};

/** The payload of one event name. */
export type OrderEventPayload<N extends OrderEventName = OrderEventName> = OrderEventPayloads[N];

/** A timeline line's name with its payload: a writer's argument and the base of the views. */
export type OrderEventLine<N extends OrderEventName = OrderEventName> = { [K in N]: { eventName: K; payload: OrderEventPayloads[K] } }[N];

/** One line of a timeline; `eventName` tells its payload's shape (`if (e.eventName === 'EDITED') e.payload.salesMan`). */
export type OrderEventView<N extends OrderEventName = OrderEventName> = OrderEventLine<N> & {
  id: string;
  createdAt: string;
  user: { id: string; displayName: string } | null;
  order: { id: string; orderName: string };
  isHidden: boolean;
  isPriority: boolean;
};

/**
 * Any line of a timeline with its payload as a JSON object: the one shape an HTTP response
 * class describes for every event at once (a class cannot implement a union). Readers take
 * `OrderEventView`.
 */
export type OrderEventViewShape = Omit<OrderEventView, 'eventName' | 'payload'> & { eventName: OrderEventName; payload: Record<string, unknown> };

/** Hidden events show only with show-hidden; priority events are marked in the timeline. */
export const HIDDEN_EVENT_NAMES: readonly OrderEventName[] = ['IMAGE_APPROVED', 'DOWNLOADED'];
export const PRIORITY_EVENT_NAMES: readonly OrderEventName[] = ['PIPELINE_ERROR', 'IMAGE_REJECTED', 'IMAGE_DECLINED', 'RE_EDIT_REQUESTED', 'PUSH_NOTIFICATION_FAILED', 'DELIVERY_FAILED', 'DELIVERY_STOPPED'];

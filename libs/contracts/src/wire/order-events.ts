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
  /** status or QA status changed (payload: from, to, by) */
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

/** Declared once, as the response schema class of the HTTP contract. */
export type { OrderEventView } from '../http/schemas/orders.schemas';

/** Hidden events show only with show-hidden; priority events are marked in the timeline. */
export const HIDDEN_EVENT_NAMES: readonly OrderEventName[] = ['IMAGE_APPROVED', 'DOWNLOADED'];
export const PRIORITY_EVENT_NAMES: readonly OrderEventName[] = ['PIPELINE_ERROR', 'IMAGE_REJECTED', 'IMAGE_DECLINED', 'RE_EDIT_REQUESTED', 'PUSH_NOTIFICATION_FAILED', 'DELIVERY_FAILED', 'DELIVERY_STOPPED'];

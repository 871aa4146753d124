/**
 * Names of timeline events: the ones clients already show (NEW, UPDATED, EDITED, DELETED,
 * IMAGE_DECLINED, IMAGE_REPUSHED, QA_UPLOADED_PICTURE) plus the lifecycle steps the product records.
 */
export const ORDER_EVENT_NAMES = [
  /** the order was created */
  'NEW',
  /** status or QA status changed (payload: from, to, by) */
  'UPDATED',
  /** name, note, car type or sales person changed (payload: the fields) */
  'EDITED',
  /** images were deleted from the order (payload: imageIds), or the order itself */
  'DELETED',
  'IMAGE_DECLINED',
  'IMAGE_APPROVED',
  'IMAGE_REPUSHED',
  'QA_UPLOADED_PICTURE',
  /** every taken image was uploaded and accepted */
  'UPLOAD_COMPLETED',
  /** an upload was refused by the server's check (payload: imageId, reason) */
  'IMAGE_REJECTED',
  /** the pipeline finished every image */
  'PROCESSING_COMPLETED',
  /** the pipeline gave up on an image (payload: imageId, reason) */
  'PIPELINE_ERROR',
  /** a zip of the order was made (payload: how many images, which media) */
  'DOWNLOADED',
  'VIDEO_UPLOADED',
  /** a QA editor or coordinator took the order from the unassigned list (payload: role, userName) */
  'QA_PICKED',
  /** an editor finished, or a coordinator sent the order back to the editor (payload: role, state) */
  'QA_TASK_UPDATED',
  /** the dealership asked for a picture to be edited again (payload: imageId, position, reason, text, dueAt) */
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
  /** the order arrived at one destination (payload: provider, destination, files, bytes, deliveredBy) */
  'DELIVERED',
  /** a delivery attempt failed (payload: provider, error, attempts, final: no more tries) */
  'DELIVERY_FAILED',
] as const;
export type OrderEventName = (typeof ORDER_EVENT_NAMES)[number];

export interface OrderEventView {
  id: string;
  eventName: OrderEventName;
  payload: Record<string, unknown>;
  createdAt: string;
  user: { id: string; displayName: string } | null;
  order: { id: string; orderName: string };
  isHidden: boolean;
  isPriority: boolean;
}

/** Hidden events show only with show-hidden; priority events are marked in the timeline. */
export const HIDDEN_EVENT_NAMES: readonly OrderEventName[] = ['IMAGE_APPROVED', 'DOWNLOADED'];
export const PRIORITY_EVENT_NAMES: readonly OrderEventName[] = ['PIPELINE_ERROR', 'IMAGE_REJECTED', 'IMAGE_DECLINED', 'RE_EDIT_REQUESTED', 'PUSH_NOTIFICATION_FAILED', 'DELIVERY_FAILED'];

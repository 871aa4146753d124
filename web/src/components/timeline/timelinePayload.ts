import { providerInfo, type FieldChange, type OrderEventView, type OrderStatus, type QaStatus, type QaTaskState, type ReEditReason, type StatusPairOf } from '@app/contracts/wire';

/**
 * What a timeline line says beyond its name, read from its payload by its event's type
 * (`OrderEventPayloads`): one place for the order's timeline and the account's events. Pure: the
 * words of statuses, task states and reasons come translated from the caller
 * (`usePayloadSummary`).
 */

/** The translated words of the values a payload holds. */
export interface TimelineWords {
  status(value: OrderStatus): string;
  qaStatus(value: QaStatus): string;
  taskState(value: QaTaskState | 'RELEASED'): string;
  reEditReason(value: ReEditReason): string;
}

/** An event's label key; the line of a delivery that stopped says why (a destination failed, or was removed from the queue). */
export function eventLabelKey(event: OrderEventView): string {
  if (event.eventName === 'DELIVERY_STOPPED') return `orderDetail.events.DELIVERY_STOPPED_${event.payload.cause}`;
  return `orderDetail.events.${event.eventName}`;
}

/** A delivery line's providers ("GENERIC_FTP, DELIVERY_ROBOT") as the integrations tab names them. */
const providerNames = (value: string): string =>
  value
    .split(/,\s*/)
    .map((p) => providerInfo(p)?.label ?? p)
    .join(', ');

const statusPair = (pair: StatusPairOf, w: TimelineWords) => `${w.status(pair.status)} / ${w.qaStatus(pair.QAstatus)}`;
/** an edited field: "before → after", "–" for none */
const change = (c: FieldChange<string | null> | undefined) => (c ? `${c.from ?? '–'} → ${c.to ?? '–'}` : undefined);

/** The parts of the summary, in the order shown; empty or absent parts are left out. */
function summaryParts(event: OrderEventView, w: TimelineWords): Array<string | number | null | undefined> {
  switch (event.eventName) {
    case 'UPDATED':
      return [`${statusPair(event.payload.from, w)} → ${statusPair(event.payload.to, w)}`];
    case 'EDITED':
      // a new sales person or car type: "Anna → Bo"
      return [change(event.payload.salesMan), change(event.payload.carType)];
    case 'DELETED':
      return 'orderName' in event.payload ? [event.payload.orderName] : [];
    case 'IMAGE_DECLINED':
      // the reason by its tag's name
      return [event.payload.position, event.payload.reason?.name];
    case 'IMAGE_APPROVED':
    case 'IMAGE_REPUSHED':
    case 'QA_UPLOADED_PICTURE':
    case 'RE_EDIT_ANSWERED':
    case 'IMAGE_VERSION_RESTORED':
      return [event.payload.position];
    case 'IMAGE_REJECTED':
    case 'PIPELINE_ERROR':
      return [event.payload.position, event.payload.reason];
    case 'RE_EDIT_REQUESTED':
      return [event.payload.position, w.reEditReason(event.payload.reason)];
    case 'DOWNLOADED':
      return [event.payload.imageCount];
    case 'QA_TASK_UPDATED':
      // where the task went: `from` → `state`
      return [`${w.taskState(event.payload.from)} → ${w.taskState(event.payload.state)}`];
    case 'PUSH_NOTIFICATION_SENT':
    case 'DELIVERY_QUEUED':
    case 'DELIVERY_REMOVED':
      return [providerNames(event.payload.provider)];
    case 'PUSH_NOTIFICATION_FAILED':
      return [event.payload.reason];
    case 'DELIVERED':
      return [providerNames(event.payload.provider), event.payload.destination];
    case 'DELIVERY_FAILED':
      return [providerNames(event.payload.provider), event.payload.error];
    case 'DELIVERY_STOPPED':
      return [event.payload.provider === null ? null : providerNames(event.payload.provider), event.payload.error];
    case 'NEW':
    case 'UPLOAD_COMPLETED':
    case 'PROCESSING_COMPLETED':
    case 'VIDEO_UPLOADED':
    case 'QA_PICKED':
      return [];
    default:
      return unknownEvent(event);
  }
}

/** every event is worded above: a new event name does not compile until it is */
function unknownEvent(event: never): [] {
  void event;
  return [];
}

/** A short line of an event's payload ("3 · Blurry picture"); empty when there is nothing to say. */
export function payloadSummary(event: OrderEventView, words: TimelineWords): string {
  return summaryParts(event, words)
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map(String)
    .join(' · ');
}

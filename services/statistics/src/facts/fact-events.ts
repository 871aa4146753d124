import {
  isUuid,
  OrdersEvents,
  PipelineEvents,
  StyleGuidesEvents,
  UsersEvents,
  type AccountCreated,
  type AccountDeleted,
  type AccountSaved,
  type ChildAccountsChanged,
  type EventDef,
  type OrderCreated,
  type OrderDeleted,
  type OrderStatusChanged,
  type OrderTimelineRecorded,
  type PipelineImageProcessed,
  type SalesPersonDeleted,
  type SalesPersonSaved,
  type StyleGuideDeleted,
  type StyleGuideSaved,
  type UserSignedIn,
} from '@app/contracts';
import { checkPayload } from '@app/service-kit';

/**
 * The events the statistics service builds its facts from, by subject. It never asks another
 * service: everything a dashboard shows comes from these (or from a service's backfill of the
 * same events, docs/statistics.md "Rebuild").
 */
export const FACT_EVENTS = {
  accountCreated: UsersEvents.accountCreated,
  accountSaved: UsersEvents.accountSaved,
  accountDeleted: UsersEvents.accountDeleted,
  childAccountsChanged: UsersEvents.childAccountsChanged,
  signedIn: UsersEvents.signedIn,
  salesPersonSaved: UsersEvents.salesPersonSaved,
  salesPersonDeleted: UsersEvents.salesPersonDeleted,
  styleGuideSaved: StyleGuidesEvents.saved,
  styleGuideDeleted: StyleGuidesEvents.deleted,
  orderCreated: OrdersEvents.created,
  orderStatusChanged: OrdersEvents.statusChanged,
  orderDeleted: OrdersEvents.deleted,
  orderTimelineRecorded: OrdersEvents.timelineRecorded,
  imageProcessed: PipelineEvents.imageProcessed,
} as const;

export type FactKind = keyof typeof FACT_EVENTS;

interface Payloads {
  accountCreated: AccountCreated;
  accountSaved: AccountSaved;
  accountDeleted: AccountDeleted;
  childAccountsChanged: ChildAccountsChanged;
  signedIn: UserSignedIn;
  salesPersonSaved: SalesPersonSaved;
  salesPersonDeleted: SalesPersonDeleted;
  styleGuideSaved: StyleGuideSaved;
  styleGuideDeleted: StyleGuideDeleted;
  orderCreated: OrderCreated;
  orderStatusChanged: OrderStatusChanged;
  orderDeleted: OrderDeleted;
  orderTimelineRecorded: OrderTimelineRecorded;
  imageProcessed: PipelineImageProcessed;
}

/** One event ready to apply: what it is, its payload checked against its contract class, and where it sat. */
export type FactEvent = {
  [K in FactKind]: {
    kind: K;
    payload: Payloads[K];
    /** the message id (`Nats-Msg-Id`, or the backfill's id) */
    id: string;
    /** the stream sequence: orders status changes of one instant; 0 for backfilled events */
    seq: number;
    /** when the stream stored it (events without a time of their own: deletions of guides and accounts); null for backfilled events */
    storedAt: Date | null;
  };
}[FactKind];

const KIND_BY_SUBJECT = new Map<string, FactKind>(
  (Object.entries(FACT_EVENTS) as Array<[FactKind, EventDef<object>]>).map(([kind, def]) => [def.subject, kind]),
);

/** The kind of fact an event subject (without the namespace) feeds; undefined for events the statistics service does not read. */
export function factKindOf(subject: string): FactKind | undefined {
  return KIND_BY_SUBJECT.get(subject);
}

/**
 * Checks an event against its contract class (as every consumer does: an object, safe text,
 * every rule of the class; fields it does not declare are kept and ignored). Answers the fact
 * event, or the problem in one sentence; a subject the service does not read is `skip`.
 */
export async function toFactEvent(
  subject: string,
  data: unknown,
  where: { id: string; seq: number; storedAt: Date | null },
): Promise<{ event: FactEvent } | { problem: string } | 'skip'> {
  const kind = factKindOf(subject);
  if (!kind) return 'skip';
  const checked = await checkPayload(FACT_EVENTS[kind].payload as new () => object, data, { unknownFields: 'keep' });
  if (checked.problem !== undefined) return { problem: checked.problem };
  return { event: { kind, payload: checked.value, ...where } as FactEvent };
}


/** What a timeline line tells about a picture, a tag and a QA role, read leniently from its payload: absent or odd fields are null. */
export interface TimelineDetails {
  imageId: string | null;
  tagId: string | null;
  tagName: string | null;
  tagCategory: string | null;
  qaRole: string | null;
}

/**
 * The producers document `imageId`, `tagId`, `tagName`, `tagCategory` and `role` on the line's
 * payload; a decline written before they did carries its tag as `reason: { tagId, name }`.
 */
export function timelineDetails(payload: Record<string, unknown>): TimelineDetails {
  const reason = payload.reason && typeof payload.reason === 'object' && !Array.isArray(payload.reason) ? (payload.reason as Record<string, unknown>) : {};
  const uuid = (v: unknown): string | null => (isUuid(v) ? v : null);
  const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, 500) : null);
  return {
    imageId: uuid(payload.imageId),
    tagId: uuid(payload.tagId) ?? uuid(reason.tagId),
    tagName: text(payload.tagName) ?? text(reason.tagName) ?? text(reason.name),
    tagCategory: text(payload.tagCategory) ?? text(reason.tagCategory) ?? text(reason.category),
    qaRole: text(payload.role),
  };
}

/** The sales person an `EDITED` line moved the order to (`salesPersonId`, documented in `wire/order-events.ts`); null when it did not. */
export function salesPersonOf(payload: Record<string, unknown>): string | null {
  const v = payload.salesPersonId;
  return isUuid(v) ? v : null;
}

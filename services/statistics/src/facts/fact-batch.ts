import type { OrderStatus } from '@app/contracts';
import { salesPersonOf, timelineDetails, type FactEvent } from './fact-events';

/**
 * A batch of events reduced to one row per entity and table, so that each table is written
 * by one set-based statement per batch (an upsert may touch a row once per statement). The
 * reduction keeps what applying the events one by one would keep: the newest name, the first
 * time each status was entered, the newest status, the latest sign-in; the statements then
 * apply the same rules against what the tables already hold. Nothing here depends on the
 * order of the batch but ties: of two events with the same time, the later in the stream wins.
 */
export interface FactPlan {
  accountsCreated: Array<{ id: string; role: string }>;
  accountsSaved: Array<{ id: string; role: string; displayName: string; email: string; createdAt: string; at: string }>;
  /** a management account's whole list of child accounts, the newest of the batch */
  childLists: Array<{ id: string; childIds: string[]; at: string }>;
  signIns: Array<{ id: string; at: string }>;
  salesPeopleSaved: Array<{ id: string; accountId: string; name: string; at: string }>;
  salesPeopleDeleted: Array<{ id: string; accountId: string; at: string }>;
  styleGuidesSaved: Array<{ id: string; name: string; at: string }>;
  styleGuidesDeleted: Array<{ id: string; at: string }>;
  ordersCreated: Array<{
    id: string;
    accountId: string;
    salesPersonId: string | null;
    styleGuideId: string;
    platform: string;
    appVersion: string | null;
    takenImages: number;
    createdAt: string;
    seq: number;
  }>;
  orderStatuses: OrderStatusRow[];
  /** per order: the sales person of its newest sales-person change (an EDITED line with `salesPersonId`) */
  orderSalesPeople: Array<{ id: string; accountId: string; salesPersonId: string; at: string }>;
  ordersDeleted: Array<{ id: string; accountId: string; at: string }>;
  timeline: TimelineRow[];
  /** per order: the name of its newest line, its first QA pick and upload completion */
  timelineOrders: Array<{ id: string; accountId: string; name: string; nameAt: string; firstQaPickAt: string | null; uploadCompletedAt: string | null }>;
  imagesProcessed: Array<{ jobId: string; imageId: string; orderId: string; route: string; processedAt: string }>;
  accountsDeleted: string[];
}

export interface OrderStatusRow {
  id: string;
  accountId: string;
  /** the newest status of the batch, its time and stream sequence */
  status: OrderStatus;
  qaStatus: string;
  at: string;
  seq: number;
  /** the first time the batch saw each status entered; null when it did not */
  inProgressAt: string | null;
  qaStageAt: string | null;
  deliveringAt: string | null;
  readyAt: string | null;
  completedAt: string | null;
  /** the first time the order left Uploading */
  uploadCompletedAt: string | null;
}

export interface TimelineRow {
  eventId: string;
  orderId: string;
  accountId: string;
  eventName: string;
  userId: string | null;
  userName: string | null;
  imageId: string | null;
  tagId: string | null;
  tagName: string | null;
  tagCategory: string | null;
  qaRole: string | null;
  at: string;
}

/** The column of `stat_order` that keeps the first time an order entered a status (Uploading is its creation). */
export const STATUS_COLUMNS: Partial<Record<OrderStatus, keyof OrderStatusRow>> = {
  'In Progress': 'inProgressAt',
  'QA stage': 'qaStageAt',
  Delivering: 'deliveringAt',
  'Ready to download': 'readyAt',
  Completed: 'completedAt',
};

const time = (iso: string): number => Date.parse(iso);
const iso = (iso: string): string => new Date(iso).toISOString();
function earliest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return time(b) < time(a) ? b : a;
}
/** b is newer than a: a later time, or the same time later in the stream (or in the batch) */
function newer(b: { at: string; seq: number }, a: { at: string; seq: number }): boolean {
  return time(b.at) > time(a.at) || (time(b.at) === time(a.at) && b.seq >= a.seq);
}
function keepNewest<T extends { at: string }>(map: Map<string, T & { seq: number }>, key: string, row: T, seq: number): void {
  const had = map.get(key);
  if (!had || newer({ at: row.at, seq }, had)) map.set(key, { ...row, seq });
}
const strip = <T extends { seq: number }>(rows: Iterable<T>): Array<Omit<T, 'seq'>> =>
  [...rows].map(({ seq: _seq, ...rest }) => rest);

/** The batch's events reduced to the rows each statement writes (see FactPlan). */
export function planBatch(events: readonly FactEvent[]): FactPlan {
  const accountsCreated = new Map<string, { id: string; role: string }>();
  const accountsSaved = new Map<string, FactPlan['accountsSaved'][number] & { seq: number }>();
  const childLists = new Map<string, FactPlan['childLists'][number] & { seq: number }>();
  const signIns = new Map<string, { id: string; at: string }>();
  const salesSaved = new Map<string, FactPlan['salesPeopleSaved'][number] & { seq: number }>();
  const salesDeleted = new Map<string, { id: string; accountId: string; at: string }>();
  const guidesSaved = new Map<string, FactPlan['styleGuidesSaved'][number] & { seq: number }>();
  const guidesDeleted = new Map<string, { id: string; at: string }>();
  const ordersCreated = new Map<string, FactPlan['ordersCreated'][number]>();
  const statuses = new Map<string, OrderStatusRow>();
  const ordersDeleted = new Map<string, { id: string; accountId: string; at: string }>();
  const timeline = new Map<string, TimelineRow>();
  const salesChanges = new Map<string, FactPlan['orderSalesPeople'][number] & { seq: number }>();
  const timelineOrders = new Map<string, FactPlan['timelineOrders'][number] & { seq: number }>();
  const images = new Map<string, FactPlan['imagesProcessed'][number]>();
  const accountsDeleted = new Set<string>();
  let position = 0;

  for (const e of events) {
    // inside a batch, the position breaks ties of backfilled events (which have no sequence)
    const seq = e.seq > 0 ? e.seq : ++position;
    const storedAt = (e.storedAt ?? new Date()).toISOString();
    switch (e.kind) {
      case 'accountCreated':
        if (!accountsCreated.has(e.payload.userId)) accountsCreated.set(e.payload.userId, { id: e.payload.userId, role: e.payload.userRole });
        break;
      case 'accountSaved': {
        const p = e.payload;
        const createdAt = iso(p.createdAt);
        const before = accountsSaved.get(p.userId)?.createdAt;
        keepNewest(accountsSaved, p.userId, { id: p.userId, role: p.userRole, displayName: p.displayName, email: p.email, createdAt, at: iso(p.at) }, seq);
        // the creation time never moves later, whichever event of the batch is the newest
        const kept = accountsSaved.get(p.userId)!;
        for (const t of [before, createdAt]) if (t && t < kept.createdAt) kept.createdAt = t;
        break;
      }
      case 'childAccountsChanged':
        keepNewest(childLists, e.payload.userId, { id: e.payload.userId, childIds: [...new Set(e.payload.childIds)], at: iso(e.payload.at) }, seq);
        break;
      case 'signedIn': {
        const had = signIns.get(e.payload.userId);
        if (!had || time(e.payload.at) > time(had.at)) signIns.set(e.payload.userId, { id: e.payload.userId, at: iso(e.payload.at) });
        break;
      }
      case 'salesPersonSaved': {
        const p = e.payload;
        keepNewest(salesSaved, p.salesPersonId, { id: p.salesPersonId, accountId: p.accountId, name: p.name, at: iso(p.at) }, seq);
        break;
      }
      case 'salesPersonDeleted': {
        const p = e.payload;
        const had = salesDeleted.get(p.salesPersonId);
        if (!had || time(p.at) < time(had.at)) salesDeleted.set(p.salesPersonId, { id: p.salesPersonId, accountId: p.accountId, at: iso(p.at) });
        break;
      }
      case 'styleGuideSaved':
        keepNewest(guidesSaved, e.payload.styleGuideId, { id: e.payload.styleGuideId, name: e.payload.name, at: iso(e.payload.at) }, seq);
        break;
      case 'styleGuideDeleted':
        if (!guidesDeleted.has(e.payload.styleGuideId)) guidesDeleted.set(e.payload.styleGuideId, { id: e.payload.styleGuideId, at: storedAt });
        break;
      case 'orderCreated': {
        const p = e.payload;
        if (!ordersCreated.has(p.orderId)) {
          ordersCreated.set(p.orderId, {
            id: p.orderId,
            accountId: p.accountId,
            salesPersonId: p.salesPersonId ?? null,
            styleGuideId: p.styleGuideId,
            platform: p.platform,
            appVersion: p.appVersion ?? null,
            takenImages: p.takenImagesCount,
            createdAt: iso(p.createdAt),
            seq,
          });
        }
        break;
      }
      case 'orderStatusChanged': {
        const p = e.payload;
        const at = iso(p.at);
        let row = statuses.get(p.orderId);
        if (!row) {
          row = { id: p.orderId, accountId: p.accountId, status: p.status, qaStatus: p.QAstatus, at, seq, inProgressAt: null, qaStageAt: null, deliveringAt: null, readyAt: null, completedAt: null, uploadCompletedAt: null };
          statuses.set(p.orderId, row);
        } else if (newer({ at, seq }, row)) {
          Object.assign(row, { status: p.status, qaStatus: p.QAstatus, at, seq });
        }
        const column = STATUS_COLUMNS[p.status];
        if (column) (row as unknown as Record<string, string | null>)[column] = earliest(row[column] as string | null, at);
        if (p.previousStatus === 'Uploading' && p.status !== 'Uploading') row.uploadCompletedAt = earliest(row.uploadCompletedAt, at);
        break;
      }
      case 'orderDeleted': {
        const p = e.payload;
        const had = ordersDeleted.get(p.orderId);
        if (!had || time(p.at) < time(had.at)) ordersDeleted.set(p.orderId, { id: p.orderId, accountId: p.accountId, at: iso(p.at) });
        break;
      }
      case 'orderTimelineRecorded': {
        const p = e.payload;
        const at = iso(p.at);
        if (!timeline.has(p.eventId)) {
          timeline.set(p.eventId, {
            eventId: p.eventId,
            orderId: p.orderId,
            accountId: p.accountId,
            eventName: p.eventName,
            userId: p.userId ?? null,
            userName: p.userName ?? null,
            ...timelineDetails(p.payload ?? {}),
            at,
          });
        }
        let order = timelineOrders.get(p.orderId);
        if (!order) {
          order = { id: p.orderId, accountId: p.accountId, name: p.orderName, nameAt: at, firstQaPickAt: null, uploadCompletedAt: null, seq };
          timelineOrders.set(p.orderId, order);
        } else if (newer({ at, seq }, { at: order.nameAt, seq: order.seq })) {
          Object.assign(order, { name: p.orderName, nameAt: at, seq });
        }
        const salesPersonId = p.eventName === 'EDITED' ? salesPersonOf(p.payload ?? {}) : null;
        if (salesPersonId) keepNewest(salesChanges, p.orderId, { id: p.orderId, accountId: p.accountId, salesPersonId, at }, seq);
        if (p.eventName === 'QA_PICKED') order.firstQaPickAt = earliest(order.firstQaPickAt, at);
        if (p.eventName === 'UPLOAD_COMPLETED') order.uploadCompletedAt = earliest(order.uploadCompletedAt, at);
        break;
      }
      case 'imageProcessed': {
        const p = e.payload;
        if (!images.has(p.jobId)) images.set(p.jobId, { jobId: p.jobId, imageId: p.imageId, orderId: p.orderId, route: p.route, processedAt: iso(p.processedAt) });
        break;
      }
      case 'accountDeleted':
        accountsDeleted.add(e.payload.userId);
        break;
    }
  }

  return {
    accountsCreated: [...accountsCreated.values()],
    accountsSaved: strip(accountsSaved.values()),
    childLists: strip(childLists.values()),
    signIns: [...signIns.values()],
    salesPeopleSaved: strip(salesSaved.values()),
    salesPeopleDeleted: [...salesDeleted.values()],
    styleGuidesSaved: strip(guidesSaved.values()),
    styleGuidesDeleted: [...guidesDeleted.values()],
    ordersCreated: [...ordersCreated.values()],
    orderStatuses: [...statuses.values()],
    orderSalesPeople: strip(salesChanges.values()),
    ordersDeleted: [...ordersDeleted.values()],
    timeline: [...timeline.values()],
    timelineOrders: strip(timelineOrders.values()),
    imagesProcessed: [...images.values()],
    accountsDeleted: [...accountsDeleted],
  };
}

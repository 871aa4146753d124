import {
  isUuid,
  OrdersEvents,
  PipelineEvents,
  StyleGuidesEvents,
  UsersEvents,
  type EventDef,
  type OrderStatus,
} from '@app/contracts';
import type { EntityManager } from 'typeorm';
import type { FactsRepository } from './facts.repository';
import type {
  AccountCreatedRow,
  AccountSavedRow,
  ChildListRow,
  SignInRow,
  SalesPersonSavedRow,
  SalesPersonDeletedRow,
  StyleGuideSavedRow,
  StyleGuideDeletedRow,
  OrderCreatedRow,
  OrderSalesPersonRow,
  TimelineOrderRow,
  OrderDeletedRow,
  ImageProcessedRow,
  OrderStatusRow,
  TimelineRow,
} from './fact-rows';

/**
 * The facts of the statistics service, one entry per event it builds them from: adding a
 * fact is adding an entry here (and, when it writes a table no other fact writes, its
 * statement in FactsRepository with its migration). Each entry names
 *
 * - `event`: the event (its contract class checks every message: `toFactEvent`);
 * - `start`/`add`/`rows`: how a batch of those events reduces to one row per entity and
 *   table, so that each table is written by one set-based statement per batch (an upsert may
 *   touch a row once per statement). The reduction keeps what applying the events one by one
 *   would keep: the newest name, the first time each status was entered, the newest status,
 *   the latest sign-in; the statements then apply the same rules against what the tables
 *   already hold. Nothing depends on the order of the batch but ties: of two events with the
 *   same time, the later in the stream wins;
 * - `write`: the statements that write the rows, in the batch's transaction.
 *
 * The entries (FACTS below) are written in the order of the table: entities first, then
 * orders and what hangs on them, deletions of accounts last.
 */
interface FactSpec<P, S, R> {
  event: EventDef<P>;
  /** an empty reduction, for one batch */
  start: () => S;
  /** folds one event of the batch into the reduction */
  add: (state: S, payload: P, at: FactPosition) => void;
  /** the rows the statements write */
  rows: (state: S) => R;
  write: (facts: FactsRepository, m: EntityManager, rows: R) => Promise<void>;
}

/** Where an event sits: its stream sequence (or its place in a backfilled batch), and when the stream stored it. */
export interface FactPosition {
  seq: number;
  /** ISO time; for events without a time of their own (deletions of guides and accounts) */
  storedAt: string;
}

const fact = <P, S, R>(spec: FactSpec<P, S, R>): FactSpec<P, S, R> => spec;

type Seq = { seq: number };

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


/** Every fact, one entry per event read, in the order they are written (see FactSpec). */
export const FACTS = {
  accountCreated: fact({
    event: UsersEvents.accountCreated,
    start: () => new Map<string, AccountCreatedRow>(),
    add: (rows, p) => {
      if (!rows.has(p.userId)) rows.set(p.userId, { id: p.userId, role: p.userRole });
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.accountsCreated(m, rows),
  }),

  accountSaved: fact({
    event: UsersEvents.accountSaved,
    start: () => new Map<string, AccountSavedRow & Seq>(),
    add: (rows, p, { seq }) => {
      const createdAt = iso(p.createdAt);
      const before = rows.get(p.userId)?.createdAt;
      keepNewest(rows, p.userId, { id: p.userId, role: p.userRole, displayName: p.displayName, email: p.email, createdAt, at: iso(p.at) }, seq);
      // the creation time never moves later, whichever event of the batch is the newest
      const kept = rows.get(p.userId)!;
      for (const t of [before, createdAt]) if (t && t < kept.createdAt) kept.createdAt = t;
    },
    rows: (rows) => strip(rows.values()),
    write: (facts, m, rows) => facts.accountsSaved(m, rows),
  }),

  /** a management account's whole list of child accounts, the newest of the batch */
  childAccountsChanged: fact({
    event: UsersEvents.childAccountsChanged,
    start: () => new Map<string, ChildListRow & Seq>(),
    add: (rows, p, { seq }) => keepNewest(rows, p.userId, { id: p.userId, childIds: [...new Set(p.childIds)], at: iso(p.at) }, seq),
    rows: (rows) => strip(rows.values()),
    write: async (facts, m, rows) => {
      for (const list of rows) await facts.childList(m, list);
    },
  }),

  signedIn: fact({
    event: UsersEvents.signedIn,
    start: () => new Map<string, SignInRow>(),
    add: (rows, p) => {
      const had = rows.get(p.userId);
      if (!had || time(p.at) > time(had.at)) rows.set(p.userId, { id: p.userId, at: iso(p.at) });
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.signIns(m, rows),
  }),

  salesPersonSaved: fact({
    event: UsersEvents.salesPersonSaved,
    start: () => new Map<string, SalesPersonSavedRow & Seq>(),
    add: (rows, p, { seq }) => keepNewest(rows, p.salesPersonId, { id: p.salesPersonId, accountId: p.accountId, name: p.name, at: iso(p.at) }, seq),
    rows: (rows) => strip(rows.values()),
    write: (facts, m, rows) => facts.salesPeopleSaved(m, rows),
  }),

  salesPersonDeleted: fact({
    event: UsersEvents.salesPersonDeleted,
    start: () => new Map<string, SalesPersonDeletedRow>(),
    add: (rows, p) => {
      const had = rows.get(p.salesPersonId);
      if (!had || time(p.at) < time(had.at)) rows.set(p.salesPersonId, { id: p.salesPersonId, accountId: p.accountId, at: iso(p.at) });
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.salesPeopleDeleted(m, rows),
  }),

  styleGuideSaved: fact({
    event: StyleGuidesEvents.saved,
    start: () => new Map<string, StyleGuideSavedRow & Seq>(),
    add: (rows, p, { seq }) => keepNewest(rows, p.styleGuideId, { id: p.styleGuideId, name: p.name, at: iso(p.at) }, seq),
    rows: (rows) => strip(rows.values()),
    write: (facts, m, rows) => facts.styleGuidesSaved(m, rows),
  }),

  styleGuideDeleted: fact({
    event: StyleGuidesEvents.deleted,
    start: () => new Map<string, StyleGuideDeletedRow>(),
    add: (rows, p, { storedAt }) => {
      if (!rows.has(p.styleGuideId)) rows.set(p.styleGuideId, { id: p.styleGuideId, at: storedAt });
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.styleGuidesDeleted(m, rows),
  }),

  orderCreated: fact({
    event: OrdersEvents.created,
    start: () => new Map<string, OrderCreatedRow>(),
    add: (rows, p, { seq }) => {
      if (rows.has(p.orderId)) return;
      rows.set(p.orderId, {
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
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.ordersCreated(m, rows),
  }),

  orderStatusChanged: fact({
    event: OrdersEvents.statusChanged,
    start: () => new Map<string, OrderStatusRow>(),
    add: (rows, p, { seq }) => {
      const at = iso(p.at);
      let row = rows.get(p.orderId);
      if (!row) {
        row = { id: p.orderId, accountId: p.accountId, status: p.status, qaStatus: p.QAstatus, at, seq, inProgressAt: null, qaStageAt: null, deliveringAt: null, readyAt: null, completedAt: null, uploadCompletedAt: null };
        rows.set(p.orderId, row);
      } else if (newer({ at, seq }, row)) {
        Object.assign(row, { status: p.status, qaStatus: p.QAstatus, at, seq });
      }
      const column = STATUS_COLUMNS[p.status];
      if (column) (row as unknown as Record<string, string | null>)[column] = earliest(row[column] as string | null, at);
      if (p.previousStatus === 'Uploading' && p.status !== 'Uploading') row.uploadCompletedAt = earliest(row.uploadCompletedAt, at);
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.orderStatuses(m, rows),
  }),

  /**
   * A timeline line: the line itself, per order the name of its newest line with its first QA
   * pick and upload completion, and per order the sales person of its newest sales-person
   * change (an EDITED line with `salesPersonId`).
   */
  orderTimelineRecorded: fact({
    event: OrdersEvents.timelineRecorded,
    start: () => ({
      lines: new Map<string, TimelineRow>(),
      orders: new Map<string, TimelineOrderRow & Seq>(),
      salesPeople: new Map<string, OrderSalesPersonRow & Seq>(),
    }),
    add: (state, p, { seq }) => {
      const at = iso(p.at);
      if (!state.lines.has(p.eventId)) {
        state.lines.set(p.eventId, {
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
      let order = state.orders.get(p.orderId);
      if (!order) {
        order = { id: p.orderId, accountId: p.accountId, name: p.orderName, nameAt: at, firstQaPickAt: null, uploadCompletedAt: null, seq };
        state.orders.set(p.orderId, order);
      } else if (newer({ at, seq }, { at: order.nameAt, seq: order.seq })) {
        Object.assign(order, { name: p.orderName, nameAt: at, seq });
      }
      const salesPersonId = p.eventName === 'EDITED' ? salesPersonOf(p.payload ?? {}) : null;
      if (salesPersonId) keepNewest(state.salesPeople, p.orderId, { id: p.orderId, accountId: p.accountId, salesPersonId, at }, seq);
      if (p.eventName === 'QA_PICKED') order.firstQaPickAt = earliest(order.firstQaPickAt, at);
      if (p.eventName === 'UPLOAD_COMPLETED') order.uploadCompletedAt = earliest(order.uploadCompletedAt, at);
    },
    rows: (state) => ({ salesPeople: strip(state.salesPeople.values()), lines: [...state.lines.values()], orders: strip(state.orders.values()) }),
    write: async (facts, m, rows) => {
      await facts.orderSalesPeople(m, rows.salesPeople);
      await facts.timeline(m, rows.lines);
      await facts.timelineOrders(m, rows.orders);
    },
  }),

  orderDeleted: fact({
    event: OrdersEvents.deleted,
    start: () => new Map<string, OrderDeletedRow>(),
    add: (rows, p) => {
      const had = rows.get(p.orderId);
      if (!had || time(p.at) < time(had.at)) rows.set(p.orderId, { id: p.orderId, accountId: p.accountId, at: iso(p.at) });
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.ordersDeleted(m, rows),
  }),

  imageProcessed: fact({
    event: PipelineEvents.imageProcessed,
    start: () => new Map<string, ImageProcessedRow>(),
    add: (rows, p) => {
      if (!rows.has(p.jobId)) rows.set(p.jobId, { jobId: p.jobId, imageId: p.imageId, orderId: p.orderId, route: p.route, processedAt: iso(p.processedAt) });
    },
    rows: (rows) => [...rows.values()],
    write: (facts, m, rows) => facts.imagesProcessed(m, rows),
  }),

  accountDeleted: fact({
    event: UsersEvents.accountDeleted,
    start: () => new Set<string>(),
    add: (ids, p) => {
      ids.add(p.userId);
    },
    rows: (ids) => [...ids],
    write: (facts, m, ids) => facts.accountsDeleted(m, ids),
  }),
};

export type FactKind = keyof typeof FACTS;
const FACT_KINDS = Object.keys(FACTS) as FactKind[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFact = FactSpec<any, any, any>;
type PayloadOf<K extends FactKind> = (typeof FACTS)[K] extends FactSpec<infer P, infer _S, infer _R> ? P : never;
type RowsOf<K extends FactKind> = (typeof FACTS)[K] extends FactSpec<infer _P, infer _S, infer R> ? R : never;

/** One event ready to apply: which fact it feeds, its payload checked against its contract class, and where it sat. */
export type FactEvent = {
  [K in FactKind]: {
    kind: K;
    payload: PayloadOf<K>;
    /** the message id (`Nats-Msg-Id`, or the backfill's id) */
    id: string;
    /** the stream sequence: orders status changes of one instant; 0 for backfilled events */
    seq: number;
    /** when the stream stored it (events without a time of their own: deletions of guides and accounts); null for backfilled events */
    storedAt: Date | null;
  };
}[FactKind];

/** A batch reduced: per fact, the rows its statements write. */
export type FactPlan = { [K in FactKind]: RowsOf<K> };

/** The batch's events reduced to the rows each statement writes (see FACTS). */
export function planBatch(events: readonly FactEvent[]): FactPlan {
  const states = new Map<FactKind, unknown>(FACT_KINDS.map((kind) => [kind, FACTS[kind].start()]));
  let position = 0;
  for (const e of events) {
    // inside a batch, the position breaks ties of backfilled events (which have no sequence)
    const seq = e.seq > 0 ? e.seq : ++position;
    const storedAt = (e.storedAt ?? new Date()).toISOString();
    (FACTS[e.kind] as AnyFact).add(states.get(e.kind), e.payload, { seq, storedAt });
  }
  return Object.fromEntries(FACT_KINDS.map((kind) => [kind, (FACTS[kind] as AnyFact).rows(states.get(kind))])) as FactPlan;
}

/** Writes a reduced batch, fact by fact in the order of FACTS, inside the caller's transaction. */
export async function writePlan(facts: FactsRepository, m: EntityManager, plan: FactPlan): Promise<void> {
  for (const kind of FACT_KINDS) await (FACTS[kind] as AnyFact).write(facts, m, plan[kind]);
}

/** The fact an event subject (without the namespace) feeds; undefined for events the statistics service does not read. */
const KIND_BY_SUBJECT = new Map<string, FactKind>(FACT_KINDS.map((kind) => [FACTS[kind].event.subject, kind]));
export function factKindOf(subject: string): FactKind | undefined {
  return KIND_BY_SUBJECT.get(subject);
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

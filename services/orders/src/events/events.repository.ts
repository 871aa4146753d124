import { randomUUID } from 'node:crypto';
import { HIDDEN_EVENT_NAMES, OrdersEvents, PAGE_SIZE, PRIORITY_EVENT_NAMES, type OrderEventLine, type OrderEventName, type OrderEventPayloads, type OrderEventView, type OrderTimelineRecorded } from '@app/contracts';
import { MessagingHost, queryPrepared } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrderEvent } from './order-event.entity';

/** who did it: a user (id and name), a named actor without an id, or nobody (the system) */
export type EventUser = { id: string | null; displayName: string } | null;

export interface TimelineOrder {
  id: string;
  accountId: string;
  orderName: string;
}

/**
 * A stored line's name and payload as the union keyed by the name: a payload has its event's
 * shape (typed where written, checked where it came from another service, older rows migrated).
 */
export const lineOf = (e: Pick<OrderEvent, 'eventName' | 'payload'>): OrderEventLine => ({ eventName: e.eventName, payload: e.payload }) as OrderEventLine;

export const toEventView = (e: EventFields): OrderEventView => ({
  ...lineOf(e),
  id: e.id,
  createdAt: e.createdAt.toISOString(),
  user: e.userId || e.userName ? { id: e.userId ?? '', displayName: e.userName ?? '' } : null,
  order: { id: e.orderId, orderName: e.orderName },
  isHidden: e.isHidden,
  isPriority: e.isPriority,
});

/** what a timeline line shows: the entity's fields, or a row read with them as column names (`orderPage`) */
type EventFields = Pick<OrderEvent, 'id' | 'eventName' | 'payload' | 'createdAt' | 'userId' | 'userName' | 'orderId' | 'orderName' | 'isHidden' | 'isPriority'>;

/** The `OrdersEvents.timelineRecorded` of a timeline line: the same for the live event and the statistics export. */
export const timelineRecorded = (e: Pick<OrderEvent, 'id' | 'orderId' | 'accountId' | 'orderName' | 'eventName' | 'payload' | 'userId' | 'userName' | 'createdAt'>): OrderTimelineRecorded => ({
  eventId: e.id,
  orderId: e.orderId,
  accountId: e.accountId,
  orderName: e.orderName,
  eventName: e.eventName,
  userId: e.userId || null,
  userName: e.userName,
  payload: e.payload,
  at: e.createdAt.toISOString(),
});

/**
 * The order timeline's table: events are written inside the transaction of what they record,
 * and each line is published as `OrdersEvents.timelineRecorded` through the outbox in the same
 * transaction, with the line's id as its message id.
 */
@Injectable()
export class EventsRepository {
  constructor(private readonly messaging: MessagingHost) {}

  /**
   * Writes one line of the order's timeline and queues its event; answers the line's id. The
   * payload is typed by the event's name; one that came from another service was checked with
   * its message (`IsOrderEventPayload`).
   */
  async append<N extends OrderEventName>(
    m: EntityManager,
    order: TimelineOrder,
    eventName: N,
    payload: OrderEventPayloads[N],
    user: EventUser,
    at: Date = new Date(),
  ): Promise<string> {
    const id = randomUUID();
    const line = {
      id,
      orderId: order.id,
      accountId: order.accountId,
      orderName: order.orderName,
      eventName,
      // TypeORM's deep-partial entity type does not take a union of object types
      payload: payload as never,
      userId: user?.id ?? null,
      userName: user?.displayName ?? null,
      isHidden: HIDDEN_EVENT_NAMES.includes(eventName),
      isPriority: PRIORITY_EVENT_NAMES.includes(eventName),
      createdAt: at,
    };
    await m.insert(OrderEvent, line);
    await this.messaging.outbox.add(m, OrdersEvents.timelineRecorded, timelineRecorded(line), id);
    return id;
  }

  /** One page of events, newest first, of an order or of an account's orders. */
  async page(
    m: EntityManager,
    where: { orderId: string } | { accountId: string },
    withHidden: boolean,
    page: (total: number) => number,
  ): Promise<{ rows: OrderEvent[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(OrderEvent, 'e');
    if ('orderId' in where) qb.where('e.order_id = :id', { id: where.orderId });
    else qb.where('e.account_id = :id', { id: where.accountId });
    if (!withHidden) qb.andWhere('e.is_hidden = false');
    const total = await qb.getCount();
    const p = page(total);
    const rows = await qb
      .orderBy('e.created_at', 'DESC')
      .addOrderBy('e.seq', 'DESC')
      .offset((p - 1) * PAGE_SIZE)
      .limit(PAGE_SIZE)
      .getMany();
    return { rows, total, page: p };
  }

  /**
   * One page of an order's timeline, newest first, in one statement: the order's account (for
   * the policy; null when there is no such order), the count of its events, the page kept
   * within 1..max and that page's events. Prepared (one statement with the hidden events, one
   * without): a read by the order's key.
   */
  async orderPage(
    m: EntityManager,
    orderId: string,
    withHidden: boolean,
    requestedPage: number | undefined,
  ): Promise<{ accountId: string | null; rows: OrderEventView[]; total: number; page: number }> {
    const visible = withHidden ? '' : 'AND NOT e.is_hidden';
    const raw = await queryPrepared<EventFields & { owner: string; total: number; page: number }>(
      m,
      withHidden ? 'orders.timeline-page-all' : 'orders.timeline-page',
      `WITH counted AS (SELECT count(*)::int AS total FROM order_event e WHERE e.order_id = $1 ${visible}),
            clamped AS (SELECT total, least(greatest($2::int, 1), greatest(1, ceil(total / ${PAGE_SIZE}.0)::int)) AS page FROM counted)
       SELECT o.account_id AS owner, clamped.total, clamped.page, e.*
         FROM orders o CROSS JOIN clamped
         LEFT JOIN LATERAL (SELECT e.id, e.order_id AS "orderId", e.order_name AS "orderName", e.event_name AS "eventName", e.payload,
                                     e.user_id AS "userId", e.user_name AS "userName", e.is_hidden AS "isHidden", e.is_priority AS "isPriority", e.created_at AS "createdAt"
                              FROM order_event e WHERE e.order_id = $1 ${visible}
                             ORDER BY e.created_at DESC, e.seq DESC LIMIT ${PAGE_SIZE} OFFSET (clamped.page - 1) * ${PAGE_SIZE}) e ON true
        WHERE o.id = $1`,
      [orderId, requestedPage ?? 1],
    );
    if (!raw.length) return { accountId: null, rows: [], total: 0, page: 1 };
    const [{ owner, total, page }] = raw;
    return { accountId: owner, rows: raw.filter((r) => r.id !== null).map(toEventView), total, page };
  }

  async deleteOfAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query('DELETE FROM order_event WHERE account_id = $1', [accountId]);
  }

  /** Events a deleted user caused on other accounts' orders stay on their timelines, without its id. */
  async forgetUser(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE order_event SET user_id = NULL WHERE user_id = $1', [userId]);
  }
}

import { UUID_PATTERN, OrdersEvents, RpcError, type Actor, type BackfillPage, type BackfillPagePayload, type OrderCreated } from '@app/contracts';
import { assertBackfillCaller, backfilled, backfillPage, BACKFILL_MESSAGES, type BackfillSection } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { lineOf, timelineRecorded } from '../events/events.repository';
import type { OrderEvent } from '../events/order-event.entity';
import { orderCreated } from '../orders/order-created';
import { OrdersExportRepository } from './orders-export.repository';

const SEQ = /^\d{1,19}$/;

/** a key of the cursor that is not of its section's kind is not a cursor this service gave */
function keyOf(after: string | null, pattern: RegExp): string | null {
  if (after !== null && !pattern.test(after)) throw RpcError.badRequest(BACKFILL_MESSAGES.badCursor);
  return after;
}

/**
 * `orders.statistics.backfill`: the orders service's history as the events it publishes, for
 * the statistics service's rebuild (System only). Sections, each by key:
 * 1. `created`: `OrdersEvents.created` of every order (id `backfill:orders:created:<orderId>`);
 * 2. `timeline`: `OrdersEvents.timelineRecorded` of every timeline line in the order written,
 *    with the line's id (the live event's message id) and its payload as stored (older lines
 *    were brought to the present shapes by the migration timeline-payload-shapes);
 * 3. `status`: `OrdersEvents.statusChanged` of every `UPDATED` line (id `backfill:orders:status:<lineId>`);
 * 4. `current-status`: for an order whose timeline holds no status change, its current status
 *    at its creation (id `backfill:orders:current-status:<orderId>`).
 * 5. `deleted`: for every order deleted since its `DELETED` line keeps the order as
 *    `OrdersEvents.created` told it (`created`), that event (id `backfill:orders:created:<orderId>`)
 *    and `OrdersEvents.deleted` at the line's time (id `backfill:orders:deleted:<orderId>`): the
 *    statistics count deleted orders as uploaded history.
 * Deleted orders are gone from the table: their lines (the `DELETED` one too) still come in 2
 * and 3.
 */
@Injectable()
export class StatisticsExportService {
  private readonly sections: BackfillSection[] = [
    {
      name: 'created',
      read: async (after, limit) =>
        (await this.rows.ordersAfter(this.ds.manager, keyOf(after, UUID_PATTERN), limit)).map((o) => ({
          key: o.id,
          events: [backfilled(OrdersEvents.created, `backfill:orders:created:${o.id}`, orderCreated(o))],
        })),
    },
    {
      name: 'timeline',
      read: async (after, limit) =>
        (await this.rows.linesAfter(this.ds.manager, keyOf(after, SEQ), limit)).map((e) => ({
          key: e.seq,
          events: [backfilled(OrdersEvents.timelineRecorded, e.id, timelineRecorded(e))],
        })),
    },
    {
      name: 'status',
      read: async (after, limit) =>
        (await this.rows.linesAfter(this.ds.manager, keyOf(after, SEQ), limit, 'UPDATED')).map((e) => ({
          key: e.seq,
          events: statusFromLine(e),
        })),
    },
    {
      name: 'current-status',
      read: async (after, limit) =>
        (await this.rows.ordersWithoutStatusLineAfter(this.ds.manager, keyOf(after, UUID_PATTERN), limit)).map((o) => ({
          key: o.id,
          events: [
            backfilled(OrdersEvents.statusChanged, `backfill:orders:current-status:${o.id}`, {
              orderId: o.id,
              accountId: o.accountId,
              status: o.status,
              QAstatus: o.qaStatus,
              previousStatus: o.status,
              previousQAstatus: o.qaStatus,
              changedBy: 'backfill',
              at: o.createdAt.toISOString(),
            }),
          ],
        })),
    },
    {
      name: 'deleted',
      read: async (after, limit) =>
        (await this.rows.linesAfter(this.ds.manager, keyOf(after, SEQ), limit, 'DELETED')).map((e) => ({
          key: e.seq,
          events: deletedOrder(e),
        })),
    },
  ];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly rows: OrdersExportRepository,
  ) {}

  page(actor: Actor, p: BackfillPagePayload): Promise<BackfillPage> {
    assertBackfillCaller(actor);
    return backfillPage(this.sections, p);
  }
}

/**
 * A `DELETED` line of a whole order (not of some of its images) that keeps the order's
 * creation: the order's creation and its deletion. Lines written before the line kept it
 * give nothing (the order is then missing from a rebuild from the backfill).
 */
function deletedOrder(e: OrderEvent) {
  const line = lineOf(e);
  if (line.eventName !== 'DELETED' || !('orderName' in line.payload) || !line.payload.created) return [];
  // the order's `OrdersEvents.created` as it was told (orders.service.ts, delete)
  const kept = line.payload.created as OrderCreated;
  return [
    backfilled(OrdersEvents.created, `backfill:orders:created:${e.orderId}`, kept as OrderCreated),
    backfilled(OrdersEvents.deleted, `backfill:orders:deleted:${e.orderId}`, { orderId: e.orderId, accountId: e.accountId, at: e.createdAt.toISOString() }),
  ];
}

/** An `UPDATED` line as the status change it recorded. */
function statusFromLine(e: OrderEvent) {
  const line = lineOf(e);
  if (line.eventName !== 'UPDATED') return [];
  const { from, to } = line.payload;
  return [
    backfilled(OrdersEvents.statusChanged, `backfill:orders:status:${e.id}`, {
      orderId: e.orderId,
      accountId: e.accountId,
      status: to.status,
      QAstatus: to.QAstatus,
      previousStatus: from.status,
      previousQAstatus: from.QAstatus,
      changedBy: e.userId ?? 'lifecycle',
      at: e.createdAt.toISOString(),
    }),
  ];
}

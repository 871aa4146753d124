import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrderEvent } from '../events/order-event.entity';
import { Order } from '../orders/order.entity';

/** What the statistics export reads of the orders and their timelines, page by page by key. */
@Injectable()
export class OrdersExportRepository {
  /** Orders by id, after `after`. */
  ordersAfter(m: EntityManager, after: string | null, limit: number): Promise<Order[]> {
    const qb = m.createQueryBuilder(Order, 'o').orderBy('o.id', 'ASC').limit(limit);
    if (after) qb.where('o.id > :after', { after });
    return qb.getMany();
  }

  /** Orders whose timeline holds no status change (`UPDATED`), by id, after `after`. */
  ordersWithoutStatusLineAfter(m: EntityManager, after: string | null, limit: number): Promise<Order[]> {
    const qb = m
      .createQueryBuilder(Order, 'o')
      .where(`NOT EXISTS (SELECT 1 FROM order_event e WHERE e.order_id = o.id AND e.event_name = 'UPDATED')`)
      .orderBy('o.id', 'ASC')
      .limit(limit);
    if (after) qb.andWhere('o.id > :after', { after });
    return qb.getMany();
  }

  /** Timeline lines in the order they were written (`seq`), after `afterSeq`; of one event name when given. */
  linesAfter(m: EntityManager, afterSeq: string | null, limit: number, eventName?: string): Promise<OrderEvent[]> {
    const qb = m.createQueryBuilder(OrderEvent, 'e').orderBy('e.seq', 'ASC').limit(limit);
    if (afterSeq) qb.where('e.seq > :afterSeq', { afterSeq });
    if (eventName) qb.andWhere('e.event_name = :eventName', { eventName });
    return qb.getMany();
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StatScope } from '../../access/statistics-access';
import { accountsParam, dailyTotalsSummed, wholeDays } from './dashboard-sql';

/** the timeline events whose per-order image ratios `stat_daily_all` keeps (`ratio:<event>:<step>`) */
const RATIO_EVENTS: readonly string[] = ['IMAGE_REPUSHED', 'QA_UPLOADED_PICTURE'];

/** the orders of a window and the images they were taken with */
export interface OrdersAndImages {
  orders: number;
  images: number;
}

/** the orders of a window, and per step of 10 % (0 … 90) the orders with that share of their images named by an event */
export interface ImageRatioSteps {
  totalOrders: number;
  ordersPerStep: Map<number, number>;
}

/**
 * The images of orders: how many an order was taken with (average images per car), and which
 * share of them QA repushed or replaced (the repushed and edited image ratio charts). Whole days
 * over every account read `stat_daily_all` (`order_status:…`, `taken_images`, `ratio:…`), other
 * windows `stat_order` and the timeline lines.
 */
@Injectable()
export class OrderImagesRepository {
  /** orders created in [from, to) and the images they were taken with */
  async ordersAndImages(m: EntityManager, scope: StatScope, from: Date, to: Date): Promise<OrdersAndImages> {
    if (scope.kind === 'all' && wholeDays(from, to)) {
      const out = { orders: 0, images: 0 };
      for (const r of await dailyTotalsSummed(m, 'order_status:', from, to)) out.orders += Number(r.count);
      for (const r of await dailyTotalsSummed(m, 'taken_images', from, to)) if (r.metric === 'taken_images') out.images += Number(r.count);
      return out;
    }
    const [row] = await m.query(
      `SELECT count(*)::int AS orders, coalesce(sum(taken_images), 0)::bigint AS images FROM stat_order
        WHERE created_at >= $1 AND created_at < $2 AND ($3::uuid[] IS NULL OR account_id = ANY($3::uuid[]))`,
      [from, to, accountsParam(scope)],
    );
    return { orders: Number(row.orders), images: Number(row.images) };
  }

  /**
   * Orders created in [from, to): how many, and of those with at least one image that had
   * `eventName`, how many per step of 10 % of their images (0 … 90; 100 % counts in 90). An
   * order's images are the ones it was taken with, at least those the events name. The month's
   * orders drive: each looks up its own lines of that event.
   */
  async imageRatios(m: EntityManager, eventName: string, from: Date, to: Date): Promise<ImageRatioSteps> {
    if (RATIO_EVENTS.includes(eventName) && wholeDays(from, to)) {
      let totalOrders = 0;
      for (const r of await dailyTotalsSummed(m, 'order_status:', from, to)) totalOrders += Number(r.count);
      const ordersPerStep = new Map<number, number>();
      const prefix = `ratio:${eventName}:`;
      for (const r of await dailyTotalsSummed(m, prefix, from, to)) {
        const step = Number(r.metric.slice(prefix.length));
        ordersPerStep.set(step, (ordersPerStep.get(step) ?? 0) + Number(r.count));
      }
      return { totalOrders, ordersPerStep };
    }
    const rows: Array<{ step: number | null; orders: number }> = await m.query(
      `SELECT CASE WHEN f.n > 0 THEN least(90, floor(10.0 * f.n / greatest(o.taken_images, f.n)) * 10)::int END AS step, count(*)::int AS orders
         FROM stat_order o
         CROSS JOIN LATERAL (SELECT count(DISTINCT e.image_id) AS n FROM stat_timeline_event e
                              WHERE e.order_id = o.id AND e.event_name = $1 AND e.image_id IS NOT NULL) f
        WHERE o.created_at >= $2 AND o.created_at < $3
        GROUP BY 1`,
      [eventName, from, to],
    );
    const ordersPerStep = new Map<number, number>();
    for (const r of rows) if (r.step !== null) ordersPerStep.set(Number(r.step), Number(r.orders));
    return { totalOrders: rows.reduce((s, r) => s + Number(r.orders), 0), ordersPerStep };
  }
}

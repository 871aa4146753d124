import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { READY_WEEK_PROMISE_MINUTES } from '../../migrations/1764700000300-daily-totals';
import { dailyTotalsSummed, keyOfStart, numberOrNull, wholeDays } from './dashboard-sql';

/** the orders of a window that left QA, without a flaw and with one */
export interface FlawCounts {
  flawless: number;
  flawed: number;
}

/** one week of creation (keyed as `keyOfStart`): orders Ready to download, median and p90 minutes until then, the share within the promise */
export interface ServiceLevelWeek {
  key: string;
  orders: number;
  median: number | null;
  p90: number | null;
  within: number | null;
}

/**
 * What QA's work comes to: orders that left QA without a flaw against those with one (flawless
 * orders), and how soon orders were Ready to download (QA service levels). Whole days read
 * `stat_daily_all` (`left_qa:…`), the promised service levels `stat_ready_week`; anything else
 * the facts.
 */
@Injectable()
export class QaOutcomesRepository {
  /**
   * orders created in [from, to) that went through QA and left it: without any flaw event on
   * their timeline, and with one. The flawed orders are found once (a flaw comes after the
   * order was made, so from `from` on) and joined by hash, not looked up order by order.
   */
  async flawCounts(m: EntityManager, from: Date, to: Date): Promise<FlawCounts> {
    if (wholeDays(from, to)) {
      const out = { flawless: 0, flawed: 0 };
      for (const r of await dailyTotalsSummed(m, 'left_qa:', from, to)) out[r.metric === 'left_qa:flawed' ? 'flawed' : 'flawless'] += Number(r.count);
      return out;
    }
    const [row] = await m.query(
      `SELECT count(*) FILTER (WHERE f.order_id IS NULL)::int AS flawless, count(*) FILTER (WHERE f.order_id IS NOT NULL)::int AS flawed
         FROM stat_order o
         LEFT JOIN (SELECT DISTINCT e.order_id FROM stat_timeline_event e
                     WHERE e.event_name IN ('IMAGE_DECLINED', 'IMAGE_REPUSHED', 'RE_EDIT_REQUESTED') AND e.at >= $1) f ON f.order_id = o.id
        WHERE o.created_at >= $1 AND o.created_at < $2 AND o.qa_stage_at IS NOT NULL
          AND coalesce(o.delivering_at, o.ready_at, o.completed_at) IS NOT NULL`,
      [from, to],
    );
    return { flawless: Number(row.flawless), flawed: Number(row.flawed) };
  }

  /**
   * per week (Monday first) of creation of the `weeks` weeks from `from`: orders Ready to
   * download, median and p90 minutes until then, share within `promiseMinutes`. The promise
   * `stat_ready_week` keeps is read from there; another makes each week from its own small
   * range of the creation index, so no sort runs over the whole span.
   */
  async serviceLevels(m: EntityManager, from: Date, weeks: number, promiseMinutes: number): Promise<ServiceLevelWeek[]> {
    if (promiseMinutes === READY_WEEK_PROMISE_MINUTES) {
      const kept: Array<{ week: Date; orders: number; median: number | null; p90: number | null; within: number }> = await m.query(
        `SELECT week, orders, median, p90, within_promise AS within FROM stat_ready_week
          WHERE week >= $1 AND week < $1::timestamptz + $2::int * interval '168 hours'`,
        [from, weeks],
      );
      return kept.map((r) => ({
        key: keyOfStart(r.week, 'week'),
        orders: Number(r.orders),
        median: r.median,
        p90: r.p90,
        within: Number(r.orders) === 0 ? null : Number(r.within) / Number(r.orders),
      }));
    }
    const rows: Array<Record<'week' | 'orders' | 'median' | 'p90' | 'within', string | number | Date | null>> = await m.query(
      `SELECT w.week, x.orders, x.median, x.p90, x.within
         FROM (SELECT $1::timestamptz + n * interval '168 hours' AS week FROM generate_series(0, $2::int - 1) n) w
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS orders,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY s.mins) AS median,
                  percentile_cont(0.9) WITHIN GROUP (ORDER BY s.mins) AS p90,
                  avg((s.mins <= $3)::int) AS within
             FROM (SELECT extract(epoch FROM o.ready_at - o.created_at) / 60 AS mins FROM stat_order o
                    WHERE o.created_at >= w.week AND o.created_at < w.week + interval '168 hours' AND o.ready_at >= o.created_at) s) x`,
      [from, weeks, promiseMinutes],
    );
    return rows.map((r) => ({ key: keyOfStart(r.week as Date, 'week'), orders: Number(r.orders), median: numberOrNull(r.median), p90: numberOrNull(r.p90), within: numberOrNull(r.within) }));
  }
}

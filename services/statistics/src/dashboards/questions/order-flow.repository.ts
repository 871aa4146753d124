import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BucketUnit } from '../statistics-window';
import { dailyTotalsPerDay, dayBucket, keyOfStart, LEFT_QA, numberOrNull, truncOf, weekBucket, wholeDays } from './dashboard-sql';

/** the orders created in one bucket and the average minutes of each stage they finished (null: none did) */
export interface StageTimes {
  key: string;
  totalOrders: number;
  upload: number | null;
  inProgress: number | null;
  qaStage: number | null;
  delivery: number | null;
}

/** the orders created in one bucket by their status now */
export interface StatusCounts {
  key: string;
  uploading: number;
  inProgress: number;
  qaStage: number;
  finished: number;
}

/** the `stat_daily_all` metric of each stage's finished orders and minutes, and the stage it is */
const STAGE_METRICS = { 'stage:upload': 'upload', 'stage:in_progress': 'inProgress', 'stage:qa_stage': 'qaStage', 'stage:delivery': 'delivery' } as const;

/** the `stat_daily_all` metric of each status now, and the count it goes into */
const STATUS_METRICS: Record<string, keyof Omit<StatusCounts, 'key'>> = {
  'order_status:Uploading': 'uploading',
  'order_status:In Progress': 'inProgress',
  'order_status:QA stage': 'qaStage',
  'order_status:Delivering': 'finished',
  'order_status:Ready to download': 'finished',
  'order_status:Completed': 'finished',
};

/**
 * How orders move through their stages: the time each stage took (the admin's order timeline)
 * and where the orders of a window are now (orders by status). Whole days read
 * `stat_daily_all` (`order_status:…`, `stage:…`), other windows `stat_order`.
 */
@Injectable()
export class OrderFlowRepository {
  /** per bucket of creation (keyed as `keyOfStart`): orders, and the average minutes of each stage they finished */
  async stageTimes(m: EntityManager, from: Date, to: Date, unit: 'day' | 'week'): Promise<StageTimes[]> {
    if (wholeDays(from, to)) {
      const rows = new Map<string, StageTimes>();
      const sums = new Map<string, { orders: number; minutes: number }>();
      const bucket = (d: string) => (unit === 'day' ? d : weekBucket(d));
      for (const r of [...(await dailyTotalsPerDay(m, 'order_status:', from, to)), ...(await dailyTotalsPerDay(m, 'stage:', from, to))]) {
        const key = bucket(r.day);
        if (!rows.has(key)) rows.set(key, { key, totalOrders: 0, upload: null, inProgress: null, qaStage: null, delivery: null });
        if (r.metric.startsWith('order_status:')) rows.get(key)!.totalOrders += Number(r.count);
        else {
          const s = sums.get(`${key}|${r.metric}`) ?? { orders: 0, minutes: 0 };
          sums.set(`${key}|${r.metric}`, { orders: s.orders + Number(r.count), minutes: s.minutes + Number(r.minutes) });
        }
      }
      for (const [sumKey, s] of sums) {
        const [key, metric] = sumKey.split('|') as [string, keyof typeof STAGE_METRICS];
        const row = rows.get(key)!;
        if (s.orders > 0 && STAGE_METRICS[metric]) row[STAGE_METRICS[metric]] = s.minutes / s.orders;
      }
      return [...rows.values()].filter((r) => r.totalOrders > 0);
    }
    const mins = (end: string, start: string) => `avg(extract(epoch FROM ${end} - ${start}) / 60) FILTER (WHERE ${end} >= ${start})`;
    const rows: Array<Record<'key' | 'totalOrders' | 'upload' | 'inProgress' | 'qaStage' | 'delivery', string | number | Date | null>> = await m.query(
      `SELECT ${truncOf('o.created_at', unit)} AS key, count(*)::int AS "totalOrders",
              ${mins('o.upload_completed_at', 'o.created_at')} AS upload,
              ${mins('least(o.qa_stage_at, o.delivering_at, o.ready_at, o.completed_at)', 'coalesce(o.in_progress_at, o.upload_completed_at)')} AS "inProgress",
              ${mins(LEFT_QA, 'o.qa_stage_at')} AS "qaStage",
              ${mins('least(o.ready_at, o.completed_at)', 'o.delivering_at')} AS delivery
         FROM stat_order o WHERE o.created_at >= $1 AND o.created_at < $2
        GROUP BY 1`,
      [from, to],
    );
    return rows.map((r) => ({
      key: keyOfStart(r.key as Date, unit),
      totalOrders: Number(r.totalOrders),
      upload: numberOrNull(r.upload),
      inProgress: numberOrNull(r.inProgress),
      qaStage: numberOrNull(r.qaStage),
      delivery: numberOrNull(r.delivery),
    }));
  }

  /** orders created per bucket (keyed as `keyOfStart`) by their status now */
  async statusCounts(m: EntityManager, from: Date, to: Date, unit: BucketUnit): Promise<StatusCounts[]> {
    if (unit !== 'hour' && wholeDays(from, to)) {
      const rows = new Map<string, StatusCounts>();
      for (const r of await dailyTotalsPerDay(m, 'order_status:', from, to)) {
        const key = dayBucket(r.day, unit);
        const row = rows.get(key) ?? { key, uploading: 0, inProgress: 0, qaStage: 0, finished: 0 };
        rows.set(key, row);
        const f = STATUS_METRICS[r.metric];
        if (f) row[f] += Number(r.count);
      }
      return [...rows.values()];
    }
    const rows: Array<Record<keyof StatusCounts, string | number | Date>> = await m.query(
      `SELECT ${truncOf('created_at', unit)} AS key,
              count(*) FILTER (WHERE status = 'Uploading')::int AS uploading,
              count(*) FILTER (WHERE status = 'In Progress')::int AS "inProgress",
              count(*) FILTER (WHERE status = 'QA stage')::int AS "qaStage",
              count(*) FILTER (WHERE status IN ('Delivering', 'Ready to download', 'Completed'))::int AS finished
         FROM stat_order WHERE created_at >= $1 AND created_at < $2
        GROUP BY 1`,
      [from, to],
    );
    return rows.map((r) => ({ key: keyOfStart(r.key as Date, unit), uploading: Number(r.uploading), inProgress: Number(r.inProgress), qaStage: Number(r.qaStage), finished: Number(r.finished) }));
  }
}

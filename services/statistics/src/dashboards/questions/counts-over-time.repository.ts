import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StatScope } from '../../access/statistics-access';
import { accountsParam, day, dayBucket, keyed, truncOf, type KeyedCounts } from './dashboard-sql';

/**
 * Counts over time: orders and images processed per bucket, timeline events per day, the
 * 30-day averages and the best week (dealership orders, orders and images per period, total
 * events, images per day). Days and months read `stat_daily` (`stat_daily_all` for every
 * account); hours read the facts themselves (a window of hours is a day or a week).
 */
@Injectable()
export class CountsOverTimeRepository {
  /**
   * `stat_daily` of one metric per bucket of days or months in [from, to): summed per day in SQL
   * (over the index alone), put in buckets here
   */
  async dailyByBucket(m: EntityManager, metric: string, scope: StatScope, from: Date, to: Date, unit: 'day' | 'month'): Promise<KeyedCounts> {
    const rows: Array<{ d: string; n: string }> =
      scope.kind === 'all'
        ? await m.query(`SELECT day::text AS d, count AS n FROM stat_daily_all WHERE metric = $1 AND day >= $2::date AND day < $3::date`, [metric, day(from), day(to)])
        : await m.query(
            `SELECT day::text AS d, sum(count) AS n
               FROM stat_daily
              WHERE metric = $1 AND day >= $2::date AND day < $3::date AND account_id = ANY($4::uuid[])
              GROUP BY day`,
            [metric, day(from), day(to), scope.ids],
          );
    const out: KeyedCounts = new Map();
    for (const r of rows) {
      const k = dayBucket(r.d, unit);
      out.set(k, (out.get(k) ?? 0) + Number(r.n));
    }
    return out;
  }

  /** `stat_daily` of one metric summed over each of the given day ranges [from, to) */
  async dailySums(m: EntityManager, metric: string, scope: StatScope, ranges: Array<[Date, Date]>): Promise<number[]> {
    const lo = ranges.reduce((a, [f]) => (f < a ? f : a), ranges[0][0]);
    const hi = ranges.reduce((a, [, t]) => (t > a ? t : a), ranges[0][1]);
    const params: unknown[] = [metric, day(lo), day(hi), accountsParam(scope)];
    const sums = ranges.map(([f, t], i) => {
      params.push(day(f), day(t));
      return `coalesce(sum(count) FILTER (WHERE day >= $${params.length - 1}::date AND day < $${params.length}::date), 0) AS s${i}`;
    });
    const [row] = await m.query(
      scope.kind === 'all'
        ? `SELECT ${sums.join(', ')} FROM stat_daily_all WHERE metric = $1 AND day >= $2::date AND day < $3::date AND $4::uuid[] IS NULL`
        : `SELECT ${sums.join(', ')} FROM stat_daily
            WHERE metric = $1 AND day >= $2::date AND day < $3::date AND account_id = ANY($4::uuid[])`,
      params,
    );
    return ranges.map((_, i) => Number(row[`s${i}`]));
  }

  /** orders created per hour in [from, to) */
  async ordersByHour(m: EntityManager, scope: StatScope, from: Date, to: Date): Promise<KeyedCounts> {
    const rows = await m.query(
      `SELECT ${truncOf('created_at', 'hour')} AS t, count(*) AS n FROM stat_order
        WHERE created_at >= $1 AND created_at < $2 AND ($3::uuid[] IS NULL OR account_id = ANY($3::uuid[]))
        GROUP BY 1`,
      [from, to, accountsParam(scope)],
    );
    return keyed(rows, 'hour');
  }

  /** images processed per hour in [from, to) (every account) */
  async imagesByHour(m: EntityManager, from: Date, to: Date): Promise<KeyedCounts> {
    const rows = await m.query(
      `SELECT ${truncOf('processed_at', 'hour')} AS t, count(*) AS n FROM stat_image_processed
        WHERE processed_at >= $1 AND processed_at < $2 GROUP BY 1`,
      [from, to],
    );
    return keyed(rows, 'hour');
  }

  /** the most orders the accounts made in one week (Monday first), ever */
  async bestWeek(m: EntityManager, scope: StatScope): Promise<number> {
    if (scope.kind === 'all') {
      const [all] = await m.query(
        `SELECT coalesce(max(n), 0) AS n FROM (SELECT sum(count) AS n FROM stat_daily_all WHERE metric = 'orders' GROUP BY date_trunc('week', day::timestamp)) w`,
      );
      return Number(all.n);
    }
    const [row] = await m.query(
      `SELECT coalesce(max(n), 0) AS n FROM (
         SELECT sum(count) AS n FROM stat_daily
          WHERE metric = 'orders' AND ($1::uuid[] IS NULL OR account_id = ANY($1::uuid[]))
          GROUP BY date_trunc('week', day::timestamp)) w`,
      [accountsParam(scope)],
    );
    return Number(row.n);
  }
}

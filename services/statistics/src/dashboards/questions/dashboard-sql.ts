import type { EntityManager } from 'typeorm';
import type { StatScope } from '../../access/statistics-access';
import type { BucketUnit } from '../statistics-window';

/**
 * What the question families' repositories share: the forms days and buckets are compared and
 * keyed in, and the two reads of `stat_daily_all` (the totals per day over every account) most
 * questions start from. Reads only.
 */

/** `key` → count, `key` as `bucketKey` makes it (`YYYY-MM-DDTHH` for hours, `YYYY-MM-DD` else). */
export type KeyedCounts = Map<string, number>;

/** the accounts of a scope as a query parameter: null for every account */
export const accountsParam = (scope: StatScope): string[] | null => (scope.kind === 'all' ? null : scope.ids);

/** `YYYY-MM-DD` of a day, the form `stat_daily.day` is compared with */
export const day = (d: Date): string => d.toISOString().slice(0, 10);

/** whether [from, to) is whole UTC days, so that per-day totals answer it exactly */
export const wholeDays = (from: Date, to: Date): boolean => from.getTime() % 86_400_000 === 0 && to.getTime() % 86_400_000 === 0;

/** the key of the day or month bucket a `YYYY-MM-DD` day falls in */
export const dayBucket = (d: string, unit: 'day' | 'month'): string => (unit === 'day' ? d : `${d.slice(0, 7)}-01`);

/** the key of the Monday-first week a `YYYY-MM-DD` day falls in */
export function weekBucket(d: string): string {
  const t = new Date(`${d}T00:00:00.000Z`);
  return keyOfStart(new Date(t.getTime() - ((t.getUTCDay() + 6) % 7) * 86_400_000), 'week');
}

/** SQL of the start of a fact time's bucket, in UTC whatever the session's time zone */
export function truncOf(column: string, unit: BucketUnit | 'week'): string {
  return `date_trunc('${unit}', ${column}, 'UTC')`;
}

/** the key (as `bucketKey` makes it) of a bucket that starts at `t` */
export function keyOfStart(t: Date | string, unit: BucketUnit | 'week'): string {
  const iso = new Date(t).toISOString();
  return unit === 'hour' ? iso.slice(0, 13) : iso.slice(0, 10);
}

/** rows of a bucket start and its count, keyed as `keyOfStart` */
export function keyed(rows: Array<{ t: Date; n: string | number }>, unit: BucketUnit): KeyedCounts {
  return new Map(rows.map((r) => [keyOfStart(r.t, unit), Number(r.n)]));
}

/** a number column that may be null */
export const numberOrNull = (v: string | number | Date | null): number | null => (v === null ? null : Number(v));

/** QA's leaving time of an order: the first of the statuses after QA */
export const LEFT_QA = 'least(o.delivering_at, o.ready_at, o.completed_at)';

/** a row of `stat_daily_all`: one metric's total of one day (`day` empty when summed over days) */
export interface DailyTotalRow {
  metric: string;
  day: string;
  count: string;
  minutes: number;
}

const metricPrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/** `stat_daily_all` of the metrics starting with `prefix` summed per metric over [from, to) */
export function dailyTotalsSummed(m: EntityManager, prefix: string, from: Date, to: Date): Promise<DailyTotalRow[]> {
  return m.query(
    `SELECT metric, '' AS day, sum(count) AS count, sum(minutes) AS minutes FROM stat_daily_all
      WHERE metric LIKE $1 AND day >= $2::date AND day < $3::date
      GROUP BY metric HAVING sum(count) <> 0`,
    [metricPrefix(prefix), day(from), day(to)],
  );
}

/** `stat_daily_all` rows of the metrics starting with `prefix` (a range of the primary key) in [from, to) */
export function dailyTotalsPerDay(m: EntityManager, prefix: string, from: Date, to: Date): Promise<DailyTotalRow[]> {
  return m.query(
    `SELECT metric, day::text AS day, count, minutes FROM stat_daily_all
      WHERE metric LIKE $1 AND day >= $2::date AND day < $3::date AND count <> 0`,
    [metricPrefix(prefix), day(from), day(to)],
  );
}

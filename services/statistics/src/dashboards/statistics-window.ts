import { STATISTICS_FIRST_MONTH, type StatisticsPeriod, type StatisticsTimeFrame } from '@app/contracts';

/** How a chart's buckets are cut: by hour, day or month (UTC). */
export type BucketUnit = 'hour' | 'day' | 'month';

/** One bucket of a chart: its start (clipped to the window) and the key facts are grouped by. */
export interface Bucket {
  start: Date;
  /** `YYYY-MM-DDTHH` for hours, `YYYY-MM-DD` (the bucket's untruncated first day) otherwise */
  key: string;
}

/** A chart's window: [from, to) in UTC and its buckets, every one present. */
export interface StatWindow {
  from: Date;
  to: Date;
  unit: BucketUnit;
  buckets: Bucket[];
}

const DAY_MS = 86_400_000;
/** a chart never has more buckets than this: a longer window is cut in longer buckets */
export const MAX_BUCKETS = 400;

export function startOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY_MS);
}

/** The Monday that starts the week of `d`. */
export function startOfWeek(d: Date): Date {
  const day = startOfDay(d);
  return addDays(day, -((day.getUTCDay() + 6) % 7));
}

export function startOfMonth(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

export function addMonths(d: Date, n: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

export function startOfQuarter(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1));
}

export function startOfYear(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
}

/** `YYYY-MM-DD` of a UTC day. */
export function dayKey(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The start of the unit that holds `d`. */
export function truncate(d: Date, unit: BucketUnit): Date {
  if (unit === 'hour') return new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
  if (unit === 'day') return startOfDay(d);
  return startOfMonth(d);
}

function step(d: Date, unit: BucketUnit): Date {
  if (unit === 'hour') return new Date(d.getTime() + 3_600_000);
  if (unit === 'day') return addDays(d, 1);
  return addMonths(d, 1);
}

/** The key a fact's time is grouped by (what the repository's SQL returns for the same unit). */
export function bucketKey(d: Date, unit: BucketUnit): string {
  const t = truncate(d, unit).toISOString();
  return unit === 'hour' ? t.slice(0, 13) : t.slice(0, 10);
}

/** Every bucket of [from, to) by `unit`; the first starts at `from` even when its unit began before. */
export function bucketsOf(from: Date, to: Date, unit: BucketUnit): Bucket[] {
  const out: Bucket[] = [];
  for (let t = truncate(from, unit); t < to; t = step(t, unit)) {
    const start = t < from ? from : t;
    out.push({ start, key: bucketKey(t, unit) });
  }
  return out;
}

function countBuckets(from: Date, to: Date, unit: BucketUnit): number {
  if (unit === 'hour') return Math.ceil((to.getTime() - truncate(from, 'hour').getTime()) / 3_600_000);
  if (unit === 'day') return Math.ceil((to.getTime() - startOfDay(from).getTime()) / DAY_MS);
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
}

const UNIT_OF_PERIOD: Record<StatisticsPeriod, BucketUnit> = { day: 'hour', week: 'day', month: 'day', year: 'month' };

/** The first day the product's statistics cover (`ALL_TIME` starts here). */
export const FIRST_DAY = new Date(`${STATISTICS_FIRST_MONTH}-01T00:00:00.000Z`);

/** [from, to) of a named frame, or of the current / last span of `period`. */
export function frameRange(now: Date, period: StatisticsPeriod, frame: StatisticsTimeFrame): [Date, Date] {
  const d0 = startOfDay(now);
  const w0 = startOfWeek(now);
  const m0 = startOfMonth(now);
  const q0 = startOfQuarter(now);
  const y0 = startOfYear(now);
  switch (frame) {
    case 'current':
    case 'last': {
      const back = frame === 'last' ? 1 : 0;
      if (period === 'day') return [addDays(d0, -back), addDays(d0, 1 - back)];
      if (period === 'week') return [addDays(w0, -7 * back), addDays(w0, 7 - 7 * back)];
      if (period === 'month') return [addMonths(m0, -back), addMonths(m0, 1 - back)];
      return [addMonths(y0, -12 * back), addMonths(y0, 12 - 12 * back)];
    }
    case 'TODAY':
      return [d0, addDays(d0, 1)];
    case 'YESTERDAY':
      return [addDays(d0, -1), d0];
    case 'THIS_WEEK':
      return [w0, addDays(w0, 7)];
    case 'LAST_WEEK':
      return [addDays(w0, -7), w0];
    case 'THIS_MONTH':
      return [m0, addMonths(m0, 1)];
    case 'LAST_MONTH':
      return [addMonths(m0, -1), m0];
    case 'LAST_14_DAYS':
      return [addDays(d0, -13), addDays(d0, 1)];
    case 'LAST_30_DAYS':
      return [addDays(d0, -29), addDays(d0, 1)];
    case 'LAST_3_MONTHS':
      return [addMonths(m0, -2), addMonths(m0, 1)];
    case 'THIS_QUARTER':
      return [q0, addMonths(q0, 3)];
    case 'LAST_QUARTER':
      return [addMonths(q0, -3), q0];
    case 'THIS_YEAR':
      return [y0, addMonths(y0, 12)];
    case 'LAST_YEAR':
      return [addMonths(y0, -12), y0];
    case 'ALL_TIME':
      return [FIRST_DAY < m0 ? FIRST_DAY : m0, addMonths(m0, 1)];
  }
}

/**
 * The window of `timePeriod` + `timeFrame` at `now`: [from, to) and its buckets, by hour for a
 * day, by day for a week or a month, by month for a year. A named frame sets [from, to) itself
 * and the buckets still follow the period; a window that would hold more than `MAX_BUCKETS`
 * is cut in the next longer unit (hours → days → months).
 */
export function resolveWindow(now: Date, period: StatisticsPeriod = 'year', frame: StatisticsTimeFrame = 'current'): StatWindow {
  const [from, to] = frameRange(now, period, frame);
  let unit = UNIT_OF_PERIOD[period];
  while (unit !== 'month' && countBuckets(from, to, unit) > MAX_BUCKETS) unit = unit === 'hour' ? 'day' : 'month';
  return { from, to, unit, buckets: bucketsOf(from, to, unit) };
}

/** The end of the UTC day of `now` (when a daily answer expires). */
export function endOfDay(now: Date): Date {
  return addDays(startOfDay(now), 1);
}

/** The end of the UTC month of `now` (when a monthly answer expires). */
export function endOfMonth(now: Date): Date {
  return addMonths(startOfMonth(now), 1);
}

/** Rounded to one decimal. */
export function oneDecimal(n: number): number {
  return Math.round(n * 10) / 10;
}

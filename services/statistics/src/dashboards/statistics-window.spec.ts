import { endOfDay, endOfMonth, frameRange, resolveWindow } from './statistics-window';

const at = (iso: string) => new Date(iso);
const range = (now: string, period: Parameters<typeof frameRange>[1], frame: Parameters<typeof frameRange>[2]) =>
  frameRange(at(now), period, frame).map((d) => d.toISOString());

describe('statistics windows: timePeriod + timeFrame → [from, to) and buckets (UTC)', () => {
  it('current and last of each period', () => {
    // Wednesday 2026-11-25
    const now = '2026-11-25T15:30:00.000Z';
    expect(range(now, 'day', 'current')).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z']);
    expect(range(now, 'day', 'last')).toEqual(['2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z']);
    expect(range(now, 'week', 'current')).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(range(now, 'week', 'last')).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    expect(range(now, 'month', 'current')).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(range(now, 'month', 'last')).toEqual(['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(range(now, 'year', 'current')).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(range(now, 'year', 'last')).toEqual(['2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
  });

  it('a week starts on Monday, also on a Sunday and across a year boundary', () => {
    // Sunday 2026-11-29 belongs to the week of Monday 23rd
    expect(range('2026-11-29T23:59:59.999Z', 'week', 'current')[0]).toBe('2026-11-23T00:00:00.000Z');
    // Monday itself starts its week
    expect(range('2026-11-23T00:00:00.000Z', 'week', 'current')[0]).toBe('2026-11-23T00:00:00.000Z');
    // Thursday 2026-01-01: ISO week 1 of 2026 began on Monday 2025-12-29
    expect(range('2026-01-01T08:00:00.000Z', 'week', 'current')).toEqual(['2025-12-29T00:00:00.000Z', '2026-01-05T00:00:00.000Z']);
    expect(range('2026-01-01T08:00:00.000Z', 'week', 'last')).toEqual(['2025-12-22T00:00:00.000Z', '2025-12-29T00:00:00.000Z']);
    expect(range('2026-01-01T08:00:00.000Z', 'day', 'last')).toEqual(['2025-12-31T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(range('2026-01-01T08:00:00.000Z', 'month', 'last')).toEqual(['2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
  });

  it('the named frames', () => {
    const now = '2026-11-25T15:30:00.000Z';
    expect(range(now, 'year', 'TODAY')).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z']);
    expect(range(now, 'year', 'YESTERDAY')).toEqual(['2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z']);
    expect(range(now, 'year', 'THIS_WEEK')).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(range(now, 'year', 'LAST_WEEK')).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    expect(range(now, 'year', 'THIS_MONTH')).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(range(now, 'year', 'LAST_MONTH')).toEqual(['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(range(now, 'year', 'LAST_14_DAYS')).toEqual(['2026-11-12T00:00:00.000Z', '2026-11-26T00:00:00.000Z']);
    expect(range(now, 'month', 'LAST_30_DAYS')).toEqual(['2026-10-27T00:00:00.000Z', '2026-11-26T00:00:00.000Z']);
    expect(range(now, 'year', 'LAST_3_MONTHS')).toEqual(['2026-09-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(range(now, 'year', 'THIS_QUARTER')).toEqual(['2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(range(now, 'year', 'LAST_QUARTER')).toEqual(['2026-07-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z']);
    expect(range(now, 'year', 'THIS_YEAR')).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(range(now, 'year', 'LAST_YEAR')).toEqual(['2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(range(now, 'year', 'ALL_TIME')).toEqual(['2023-01-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
  });

  it('LAST_QUARTER in January is the last quarter of the year before; the last 3 months cross the year too', () => {
    expect(range('2026-01-15T10:00:00.000Z', 'year', 'LAST_QUARTER')).toEqual(['2025-10-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(range('2026-01-15T10:00:00.000Z', 'year', 'THIS_QUARTER')).toEqual(['2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    expect(range('2026-02-03T10:00:00.000Z', 'year', 'LAST_3_MONTHS')).toEqual(['2025-12-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    expect(range('2026-01-05T10:00:00.000Z', 'year', 'LAST_14_DAYS')).toEqual(['2025-12-23T00:00:00.000Z', '2026-01-06T00:00:00.000Z']);
  });

  it('leap years: February has 29 days in 2028, and the day after the 28th is the 29th', () => {
    const w = resolveWindow(at('2028-02-10T12:00:00.000Z'), 'month', 'current');
    expect(w.buckets).toHaveLength(29);
    expect(w.buckets[28].key).toBe('2028-02-29');
    expect(w.to.toISOString()).toBe('2028-03-01T00:00:00.000Z');
    expect(resolveWindow(at('2026-02-10T12:00:00.000Z'), 'month', 'current').buckets).toHaveLength(28);
    expect(range('2028-03-01T06:00:00.000Z', 'day', 'last')).toEqual(['2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z']);
    // leap year: 366 daily buckets over THIS_YEAR by week
    expect(resolveWindow(at('2028-06-01T00:00:00.000Z'), 'week', 'THIS_YEAR').buckets).toHaveLength(366);
  });

  it('buckets: 24 hours a day, 7 days a week, the days of the month, 12 months a year; every bucket present', () => {
    const now = at('2026-11-25T15:30:00.000Z');
    const day = resolveWindow(now, 'day', 'current');
    expect([day.unit, day.buckets.length, day.buckets[0].key, day.buckets[23].key]).toEqual(['hour', 24, '2026-11-25T00', '2026-11-25T23']);
    const week = resolveWindow(now, 'week', 'current');
    expect([week.unit, week.buckets.map((b) => b.key)]).toEqual(['day', ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']]);
    expect(resolveWindow(now, 'month', 'current').buckets).toHaveLength(30);
    const year = resolveWindow(now);
    expect([year.unit, year.buckets.length, year.buckets[0].key, year.buckets[11].key]).toEqual(['month', 12, '2026-01-01', '2026-12-01']);
    expect(year.buckets[11].start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('a named frame keeps the period\'s buckets, clipping the first to the window; a long window gets longer buckets', () => {
    const now = at('2026-11-25T15:30:00.000Z');
    // the last 14 days by month: November's bucket starts on the 12th
    const w = resolveWindow(now, 'year', 'LAST_14_DAYS');
    expect(w.buckets.map((b) => [b.key, b.start.toISOString()])).toEqual([['2026-11-01', '2026-11-12T00:00:00.000Z']]);
    // a week by hours is 168 buckets; a quarter by hours would be 2208: days instead
    expect(resolveWindow(now, 'day', 'THIS_WEEK').buckets).toHaveLength(168);
    const q = resolveWindow(now, 'day', 'THIS_QUARTER');
    expect([q.unit, q.buckets.length]).toEqual(['day', 92]);
    // all time by day would pass 400 buckets: months from January 2023
    const all = resolveWindow(now, 'day', 'ALL_TIME');
    expect([all.unit, all.buckets.length, all.buckets[0].key]).toEqual(['month', 47, '2023-01-01']);
  });

  it('answers expire at the end of the UTC day, monthly ones at the end of the month (December into January)', () => {
    expect(endOfDay(at('2026-11-25T23:59:59.999Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(endOfDay(at('2028-02-28T00:00:00.000Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(endOfMonth(at('2026-12-31T10:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(endOfMonth(at('2028-02-01T00:00:00.000Z')).toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
});

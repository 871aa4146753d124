import {
  STATISTICS_FIRST_MONTH,
  type ImageRatioRow,
  type OrderTimelineRow,
  type QaActivityRole,
  type QaUserOrdersRow,
  type RejectionReasonRow,
  type RejectionSource,
} from '@app/contracts/wire';

/** the two monthly image-ratio charts (the keys and calls of every dashboard are in api/dashboard.ts) */
export type { ImageRatioKind } from '../../../api/dashboard';

/** weeks the QA service-level chart covers */
export const SERVICE_LEVEL_WEEKS = 12;
/** style guides the orders-per-style-guide chart shows (the CSV has them all) */
export const TOP_STYLE_GUIDES = 10;

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;

/** The month before `now`'s, `YYYY-MM` (local time). */
export function lastMonth(now: Date): string {
  return monthOf(new Date(now.getFullYear(), now.getMonth() - 1, 1));
}

/**
 * The months of the ratio charts' picker, newest first: last month back to January 2023
 * (the first month the statistics hold). Empty before February 2023.
 */
export function monthOptions(now: Date): string[] {
  const [firstYear, firstMonth] = STATISTICS_FIRST_MONTH.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let d = new Date(now.getFullYear(), now.getMonth() - 1, 1); ; d = new Date(d.getFullYear(), d.getMonth() - 1, 1)) {
    if (d.getFullYear() < firstYear || (d.getFullYear() === firstYear && d.getMonth() + 1 < firstMonth)) break;
    months.push(monthOf(d));
  }
  return months;
}

/** "November 2026" in the interface's language. */
export function monthLabel(month: string, locale: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(year, m - 1, 1));
}

/** A bucket's start as its axis label: a month's name for `year`, otherwise the day ("24 Nov"). */
export function periodLabel(period: string, unit: 'month' | 'day', locale: string): string {
  const date = new Date(period);
  if (Number.isNaN(date.getTime())) return period;
  // buckets start at midnight UTC: read them in UTC, whatever the browser's zone
  return unit === 'month'
    ? new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date)
    : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** The step of a ratio row as its label: "0–10 %" … "90–100 %" (100 % counts in the last). */
export function ratioLabel(row: Pick<ImageRatioRow, 'percentage'>): string {
  return `${row.percentage}–${row.percentage + 10} %`;
}

/** A number with one decimal in the interface's language ("3.5", "3,5"). */
export function oneDecimal(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** Minutes as hours with one decimal, for the charts of durations; null stays null (no order finished). */
export function hours(minutes: number | null): number | null {
  return minutes === null ? null : Math.round((minutes / 60) * 10) / 10;
}

/** Whether a stage-times answer has any finished stage at all. */
export function hasStageTimes(rows: readonly OrderTimelineRow[]): boolean {
  return rows.some((r) => [r.averageUploadMinutes, r.averageInProgressMinutes, r.averageQaStageMinutes, r.averageDeliveryMinutes].some((v) => v !== null));
}

/**
 * One bar group per QA user of a role: the orders they worked on this month and last month,
 * users of either month, most orders this month first.
 */
export function qaUserBars(role: QaActivityRole, current: readonly QaUserOrdersRow[], last: readonly QaUserOrdersRow[]) {
  const byUser = new Map<string, { name: string; current: number; last: number }>();
  for (const row of current.filter((r) => r.role === role)) byUser.set(row.userId, { name: row.user_displayName, current: row.totalorders, last: 0 });
  for (const row of last.filter((r) => r.role === role)) {
    const entry = byUser.get(row.userId);
    if (entry) entry.last = row.totalorders;
    else byUser.set(row.userId, { name: row.user_displayName, current: 0, last: row.totalorders });
  }
  return [...byUser.values()].sort((a, b) => b.current - a.current || b.last - a.last || a.name.localeCompare(b.name));
}

/**
 * The rejection reasons of one source as a stacked chart: the style guides (most reasons
 * first) and one count per reason and guide.
 */
export function reasonMatrix(rows: readonly RejectionReasonRow[], source: RejectionSource) {
  const mine = rows.filter((r) => r.source === source);
  const guideTotals = new Map<string, { name: string; total: number }>();
  const reasonTotals = new Map<string, number>();
  for (const row of mine) {
    const guide = guideTotals.get(row.styleGuideId) ?? { name: row.styleGuideName, total: 0 };
    guide.total += row.count;
    guideTotals.set(row.styleGuideId, guide);
    reasonTotals.set(row.reason, (reasonTotals.get(row.reason) ?? 0) + row.count);
  }
  const guides = [...guideTotals.entries()].sort((a, b) => b[1].total - a[1].total).map(([id, g]) => ({ id, name: g.name, total: g.total }));
  const reasons = [...reasonTotals.entries()].sort((a, b) => b[1] - a[1]).map(([reason]) => reason);
  const count = (guideId: string, reason: string) => mine.filter((r) => r.styleGuideId === guideId && r.reason === reason).reduce((s, r) => s + r.count, 0);
  return { guides, reasons, data: reasons.map((reason) => guides.map((g) => count(g.id, reason))) };
}

/** Minutes as "2 h 05 min" ("45 min" under an hour), the units translated by the caller's template. */
export function splitMinutes(minutes: number): { hours: number; minutes: number } {
  const whole = Math.round(minutes);
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

// the stacked bars of every dashboard take their maximum from it (components/Charts.tsx)
export { stackTotals } from '../dashboardLogic';

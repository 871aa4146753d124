import {
  STATISTICS_PERIODS,
  type DealershipOrdersRow,
  type PeriodCount,
  type SalesManOrdersRow,
  type StatisticsPeriod,
  type StatisticsWindowRequest,
  type StyleGuideOrdersRow,
} from '@app/contracts/wire';
import type { CsvRow } from './csv';

/** Pure rules of the dealership and management dashboards. */

export type RelativeFrame = 'current' | 'last';

/** The windows the dashboards offer: each period, this one or the last one. */
export interface DashboardWindow {
  timePeriod: StatisticsPeriod;
  timeFrame: RelativeFrame;
}

/** Section 9: the default window is the current year. */
export const DEFAULT_WINDOW: DashboardWindow = { timePeriod: 'year', timeFrame: 'current' };

export const WINDOWS: readonly DashboardWindow[] = (['current', 'last'] as const).flatMap((timeFrame) =>
  STATISTICS_PERIODS.map((timePeriod) => ({ timePeriod, timeFrame })),
);

export const windowValue = (w: DashboardWindow) => `${w.timePeriod}-${w.timeFrame}`;

/** The window of the URL (`?period=month&frame=last`); anything else is the default. */
export function windowOf(params: URLSearchParams): DashboardWindow {
  const timePeriod = params.get('period') ?? DEFAULT_WINDOW.timePeriod;
  const timeFrame = params.get('frame') ?? DEFAULT_WINDOW.timeFrame;
  const found = WINDOWS.find((w) => w.timePeriod === timePeriod && w.timeFrame === timeFrame);
  return found ?? DEFAULT_WINDOW;
}

/** The per-dealership (per sales person) chart covers the last 30 days (spec: "last-30-days bar chart"). */
export const LAST_30_DAYS_WINDOW: StatisticsWindowRequest = { timePeriod: 'month', timeFrame: 'LAST_30_DAYS' };

export const periodRows = (rows: readonly PeriodCount[]): CsvRow[] => rows.map((r) => ({ period: r.period, count: r.count }));

export const salesPersonRows = (rows: readonly SalesManOrdersRow[], without: string): CsvRow[] =>
  rows.map((r) => ({ salesPerson: salesPersonName(r, without), orders: r.totalorders }));

export const dealershipRows = (rows: readonly DealershipOrdersRow[]): CsvRow[] => rows.map((r) => ({ dealership: r.user_displayName, orders: r.totalorders }));

export const styleGuideRows = (rows: readonly StyleGuideOrdersRow[]): CsvRow[] => rows.map((r) => ({ styleGuide: r.style_guide_name, orders: r.total_orders }));

/** Orders without a sales person are the account's own: they show under `without`. */
export const salesPersonName = (row: SalesManOrdersRow, without: string) => (row.salesManId === null || row.salesMan_name.trim() === '' ? without : row.salesMan_name);

/** Whether a chart has anything to draw: every count zero is "No data yet". */
export const hasCounts = (values: readonly number[]) => values.some((v) => v > 0);

/** The part of a file name a window adds: `year-current`. */
export const windowSlug = (w: DashboardWindow) => windowValue(w);

/** The sum of each bucket's stacked values: what a stacked chart's maximum is taken from. */
export function stackTotals<R>(rows: readonly R[], parts: ReadonlyArray<(row: R) => number | null>): number[] {
  return rows.map((row) => parts.reduce<number>((sum, part) => sum + (part(row) ?? 0), 0));
}

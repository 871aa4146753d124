/**
 * The dashboards' questions and answers (spec sections 2, 7 and 9). Every `/dashboard/...`
 * route but `userStatistics` and `rejection-reasons` is answered by the statistics service from
 * its own fact tables, fed by domain events (docs/statistics.md); it never asks another
 * service. Field names follow the spec (`salesMan_name`, `totalorders`, `style_guide_name` …)
 * because the mobile app and earlier clients read them.
 */

// ---------------------------------------------------------------------------------------
// windows

/**
 * `timePeriod`: the span a chart covers, and so its buckets: `day` is today in 24 hours,
 * `week` the 7 days of a week (Monday first), `month` the days of a month, `year` the 12 months
 * of a year. Default `year` (QA: `month`).
 */
export const STATISTICS_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/**
 * `timeFrame`: which span of `timePeriod`: the `current` one (this year) or the `last` one
 * (last year), default `current`; or one of the spec's named frames (section 3), which sets the
 * window itself (buckets still follow `timePeriod`).
 */
export const STATISTICS_RELATIVE_FRAMES = ['current', 'last'] as const;
export const STATISTICS_NAMED_FRAMES = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'LAST_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_14_DAYS',
  /** beyond section 3: the last 30 days with today (the manager's per-dealership chart) */
  'LAST_30_DAYS',
  'LAST_3_MONTHS',
  'LAST_QUARTER',
  'THIS_QUARTER',
  'THIS_YEAR',
  'LAST_YEAR',
  'ALL_TIME',
] as const;
export const STATISTICS_TIME_FRAMES = [...STATISTICS_RELATIVE_FRAMES, ...STATISTICS_NAMED_FRAMES] as const;
export type StatisticsTimeFrame = (typeof STATISTICS_TIME_FRAMES)[number];

/** The window most dashboard routes accept as query parameters. */
export interface StatisticsWindowRequest {
  timePeriod?: StatisticsPeriod;
  timeFrame?: StatisticsTimeFrame;
}

/** Section 9: inactive-user filters, default 14. */
export const INACTIVE_USER_DAYS = [14, 20, 30] as const;
export type InactiveUserDays = (typeof INACTIVE_USER_DAYS)[number];
export const DEFAULT_INACTIVE_USER_DAYS: InactiveUserDays = 14;
/** rows per page of the inactive-users table */
export const INACTIVE_USERS_PAGE_SIZE = 10;

/** Section 9: the stage-times chart covers 14 days; averages compare the last 30 days with the 30 before. */
export const ORDER_TIMELINE_DAYS = 14;
export const AVERAGE_WINDOW_DAYS = 30;
/** Section 9: the month picker of the ratio charts starts in January 2023 and ends last month. */
export const STATISTICS_FIRST_MONTH = '2023-01';

/** The month before `now` (UTC), `YYYY-MM`: the last month the ratio charts may ask for. */
export function lastStatisticsMonth(now: Date = new Date()): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** `timeStamp` of the ratio charts: a `YYYY-MM` month from `STATISTICS_FIRST_MONTH` to the month before `now` (UTC). */
export function isStatisticsMonth(value: unknown, now: Date = new Date()): boolean {
  // months written alike compare as text
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= STATISTICS_FIRST_MONTH && value <= lastStatisticsMonth(now);
}

/** Section 2: how long an answer may be kept: one day, one month for monthly charts. */
export const STATISTICS_EXPIRY = { daily: 'day', monthly: 'month' } as const;

/**
 * Every answer carries `expires` (ISO time): the web app keeps the answer until then, and the
 * statistics service keeps its own copy per question and period until then.
 */
export interface Expiring {
  expires: string;
}

// ---------------------------------------------------------------------------------------
// answers

/** The QA roles a QA activity is counted under. */
export const QA_ACTIVITY_ROLES = ['QA_EDITOR', 'QA_COORDINATOR'] as const;
export type QaActivityRole = (typeof QA_ACTIVITY_ROLES)[number];

/** The stages of `get-order-timeline-data`, in order. */
export const ORDER_STAGES = ['upload', 'inProgress', 'qaStage', 'delivery'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/**
 * `GET /dashboard/get-order-timeline-data?timeLineStep` (admin): average minutes each stage took
 * for orders created on each of the last 14 days (`timeLineStep`: `day`, the default, or `week`
 * for 14 weeks). A stage an order has not finished does not count; null when no order did.
 */
export const ORDER_TIMELINE_STEPS = ['day', 'week'] as const;
export type OrderTimelineStep = (typeof ORDER_TIMELINE_STEPS)[number];
/** `GET /dashboard/get-statistics-total-events-last-30-days?eventName` (admin): timeline events per day. */
export const COUNTED_EVENT_NAMES = ['IMAGE_REPUSHED', 'IMAGE_DECLINED', 'IMAGE_APPROVED', 'QA_UPLOADED_PICTURE', 'RE_EDIT_REQUESTED', 'DELIVERED', 'DOWNLOADED'] as const;
export type CountedEventName = (typeof COUNTED_EVENT_NAMES)[number];
/**
 * `GET /dashboard/get-qa-service-levels?weeks` (admin, beyond the spec): per week, median and
 * p90 minutes from upload to Ready to download, and the share delivered within the promised
 * time (`QA_PROMISED_HOURS`).
 */
export const QA_PROMISED_HOURS = 24;
/** Chart maxima (section 2): the highest value plus 10 %, 30 % for uploaded cars. */
export const CHART_HEADROOM = 0.1;
export const UPLOADED_CARS_HEADROOM = 0.3;
export function chartMax(values: readonly number[], headroom: number = CHART_HEADROOM): number {
  const top = values.reduce((a, b) => Math.max(a, b), 0);
  if (top === 0) return 1;
  // rounded first: 50 * 1.1 is 55.000000000000007 in floating point, and its ceiling 56
  return Math.ceil(Math.round(top * (1 + headroom) * 1e6) / 1e6);
}

/** The percent change between the current and previous 30-day averages; null when there was nothing before. */
export function percentChange(average: number, previousAverage: number): number | null {
  if (previousAverage === 0) return null;
  return Math.round(((average - previousAverage) / previousAverage) * 1000) / 10;
}

export const STATISTICS_MESSAGES = {
  badMonth: 'timeStamp must be a month from 2023-01 to last month (YYYY-MM)',
} as const;

// ---------------------------------------------------------------------------------------
// the other questions' query parameters, for clients (the statistics contract's query classes
// carry the same fields with their validation)

/** `getQAActivitiesByTimePeriod?timePeriod&timeFrame&tagCategoryFromQA` */
export interface QaActivitiesRequest extends StatisticsWindowRequest {
  tagCategoryFromQA?: QaActivityRole;
}
/** `get-order-timeline-data?timeLineStep` */
export interface OrderTimelineRequest {
  timeLineStep?: OrderTimelineStep;
}
/** `get-inactive-users?timeFrame&page` (page from 1) */
export interface InactiveUsersRequest {
  timeFrame?: InactiveUserDays;
  page?: number;
}
/** `get-repushed-images-statistics?timeStamp` and `get-edited-images-statistics?timeStamp` (`YYYY-MM`) */
export interface MonthRequest {
  timeStamp?: string;
}
/** `get-statistics-total-events-last-30-days?eventName` */
export interface TotalEventsRequest {
  eventName?: CountedEventName;
}
/** `get-qa-service-levels?weeks` (1 to 52) */
export interface ServiceLevelsRequest {
  weeks?: number;
}

// the answers' shapes are declared once, as the classes of the HTTP contract

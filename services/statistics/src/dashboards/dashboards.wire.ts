import type {
  AppVersionStatisticsView,
  AverageImagesPerCarView,
  DealershipOrderStatisticsView,
  DeviceStatisticsView,
  Expiring,
  FlawlessOrdersView,
  ImageRatioView,
  ImageStatisticsPerPeriodView,
  InactiveUsersView,
  OrdersByDealershipView,
  OrdersByStatusView,
  OrderStatisticsPerPeriodView,
  OrdersPerSalesManView,
  OrdersPerStyleGuideView,
  OrderTimelineView,
  PeriodCount,
  QaActivitiesView,
  QaServiceLevelsView,
  TotalEventsView,
} from '@app/contracts';
import type { AccountOrders, SalesPersonOrders, StyleGuideOrders } from './questions/account-orders.repository';
import type { AppVersionOrders, DeviceOrders } from './questions/devices.repository';
import type { InactiveAccount } from './questions/inactive-users.repository';
import type { QaUserOrders, TagOrders } from './questions/qa-activity.repository';

/**
 * The edge of the dashboards' answers: one mapping per answer from what the code calls things
 * (`salesPerson`, `totalOrders`, `styleGuideName` …) to the names the spec puts on the wire
 * (`salesMan_name`, `totalorders`, `style_guide_name` …, `libs/contracts/src/wire/dashboard.ts`),
 * which the mobile app and earlier clients read. The spec's names appear nowhere else in the
 * service. Each mapping also fixes the order of the answer's fields, as clients see it.
 */

/** an answer without its `expires`, which `DashboardsService` adds */
export type Answer<T extends Expiring> = Omit<T, 'expires'>;

/** one count per bucket, the 30-day averages (per day, one decimal) and the total of the buckets */
export interface CountsOverTime {
  buckets: PeriodCount[];
  total: number;
  average: number;
  previousAverage: number;
}

export const toDealershipOrderStatisticsView = (orders: CountsOverTime & { currentWeek: number; bestWeek: number }): Answer<DealershipOrderStatisticsView> => ({
  rows: orders.buckets,
  total: orders.total,
  average: orders.average,
  previousAverage: orders.previousAverage,
  currentWeek: orders.currentWeek,
  bestWeek: orders.bestWeek,
});

export const toOrdersPerSalesManView = (salesPeople: SalesPersonOrders[]): Answer<OrdersPerSalesManView> => ({
  rows: salesPeople.map((s) => ({ salesManId: s.salesPersonId, salesMan_name: s.salesPersonName, totalorders: s.totalOrders })),
});

export const toOrdersByDealershipView = (accounts: AccountOrders[]): Answer<OrdersByDealershipView> => ({
  rows: accounts.map((a) => ({ userId: a.accountId, user_displayName: a.displayName, totalorders: a.totalOrders })),
});

export const toOrdersPerStyleGuideView = (styleGuides: StyleGuideOrders[]): Answer<OrdersPerStyleGuideView> => ({
  rows: styleGuides.map((g) => ({ styleGuideId: g.styleGuideId, style_guide_name: g.styleGuideName, total_orders: g.totalOrders })),
});

export const toAverageImagesPerCarView = (images: { perOrder: number; perDay: number }): Answer<AverageImagesPerCarView> => ({
  avg: images.perOrder,
  averageImagesPerDay: images.perDay,
});

export const toDeviceStatisticsView = (devices: DeviceOrders): Answer<DeviceStatisticsView> => ({ mobile: devices.mobile, webApp: devices.web });

export const toAppVersionStatisticsView = (versions: AppVersionOrders[]): Answer<AppVersionStatisticsView> => ({
  rows: versions.map((v) => ({ appVersion: v.appVersion, count: v.orders })),
});

export const toOrderStatisticsPerPeriodView = (orders: CountsOverTime): Answer<OrderStatisticsPerPeriodView> => ({
  rows: orders.buckets,
  total: orders.total,
  average: orders.average,
  previousAverage: orders.previousAverage,
});

export const toImageStatisticsPerPeriodView = (images: CountsOverTime): Answer<ImageStatisticsPerPeriodView> => ({
  rows: images.buckets,
  total: images.total,
  average: images.average,
  previousAverage: images.previousAverage,
});

/** one bucket of the order timeline: its start (ISO time), its orders, the average minutes of each stage (one decimal) */
export interface StageTimesOfBucket {
  start: string;
  totalOrders: number;
  upload: number | null;
  inProgress: number | null;
  qaStage: number | null;
  delivery: number | null;
}

export const toOrderTimelineView = (buckets: StageTimesOfBucket[]): Answer<OrderTimelineView> => ({
  rows: buckets.map((b) => ({
    period: b.start,
    averageUploadMinutes: b.upload,
    averageInProgressMinutes: b.inProgress,
    averageQaStageMinutes: b.qaStage,
    averageDeliveryMinutes: b.delivery,
    totalOrders: b.totalOrders,
  })),
});

/** the orders of a bucket (start as ISO time) or of the whole window by their status now */
export interface StatusCountsOf {
  uploading: number;
  inProgress: number;
  qaStage: number;
  finished: number;
}

export const toOrdersByStatusView = (buckets: Array<StatusCountsOf & { start: string }>, window: StatusCountsOf): Answer<OrdersByStatusView> => ({
  rows: buckets.map((b) => ({ period: b.start, uploading: b.uploading, inProgress: b.inProgress, qaStage: b.qaStage, finished: b.finished })),
  uploading: window.uploading,
  inProgress: window.inProgress,
  qaStage: window.qaStage,
  finished: window.finished,
});

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export const toInactiveUsersView = (page: InactiveAccount[], count: number): Answer<InactiveUsersView> => ({
  results: page.map((a) => ({ userId: a.userId, displayName: a.displayName, email: a.email, userRole: a.userRole, lastSignInAt: iso(a.lastSignInAt), lastOrderAt: iso(a.lastOrderAt) })),
  count,
});

export const toQaActivitiesView = (users: QaUserOrders[], tags: TagOrders[], averageMinutesPerOrder: number | null): Answer<QaActivitiesView> => ({
  users: users.map((u) => ({ userId: u.userId, user_displayName: u.displayName, role: u.role, totalorders: u.totalOrders })),
  tags: tags.map((t) => ({ tagId: t.tagId, tags_name: t.tagName, totalorderswithevents: t.totalOrders })),
  averageMinutesPerOrder,
});

/** a month's orders per step of 10 % of their images named by an event (every step), and every order of the month */
export interface ImageRatioOfMonth {
  month: string;
  steps: Array<{ percentage: number; orders: number }>;
  ordersWithImages: number;
  totalOrders: number;
}

export const toImageRatioView = (ratio: ImageRatioOfMonth): Answer<ImageRatioView> => ({
  month: ratio.month,
  rows: ratio.steps.map((s) => ({ percentage: s.percentage, total_orders: s.orders })),
  ordersWithImages: ratio.ordersWithImages,
  total_orders: ratio.totalOrders,
});

export const toTotalEventsView = (
  eventName: TotalEventsView['eventName'],
  days: Array<{ day: string; events: number }>,
  counts: { total: number; average: number; previousAverage: number },
): Answer<TotalEventsView> => ({
  eventName,
  rows: days.map((d) => ({ day: d.day, total_events: d.events })),
  total: counts.total,
  average: counts.average,
  previousAverage: counts.previousAverage,
});

export const toFlawlessOrdersView = (orders: { flawless: number; flawed: number }): Answer<FlawlessOrdersView> => ({
  totalFlawlessOrders: orders.flawless,
  totalOrdersWithFlaws: orders.flawed,
});

/** one week of creation (start as ISO time): orders Ready to download, median and p90 minutes (one decimal), the share within the promise */
export interface ServiceLevelOfWeek {
  start: string;
  orders: number;
  median: number | null;
  p90: number | null;
  within: number | null;
}

export const toQaServiceLevelsView = (weeks: ServiceLevelOfWeek[]): Answer<QaServiceLevelsView> => ({
  rows: weeks.map((w) => ({ week: w.start, orders: w.orders, medianMinutes: w.median, p90Minutes: w.p90, withinPromise: w.within })),
});

import { RejectionReasonsQuery } from '../../orders/qa-statistics.contract';
import {
  InactiveUsersQuery,
  MonthQuery,
  OrderTimelineQuery,
  QaActivitiesQuery,
  ServiceLevelsQuery,
  StatisticsWindowQuery,
  TotalEventsQuery,
} from '../../statistics/statistics.contract';
import type { AccessRule } from '../../wire/access';
import { ALL_ROLES, defineRoute } from '../define-route';
import {
  AppVersionStatisticsView,
  AverageImagesPerCarView,
  DealershipOrderStatisticsView,
  DeviceStatisticsView,
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
  QaActivitiesView,
  QaServiceLevelsView,
  RejectionReasonRow,
  TotalEventsView,
  UserStatisticsView,
} from '../schemas/dashboard.schemas';

/**
 * Who may ask for an account's statistics (`{id}` of the route): the dealership (and its
 * signed-in sales people) and management hold READ_USER_STATISTICS; the admin holds every
 * permission. Which accounts they may name is the statistics service's decision: a
 * dealership itself, management itself and its child accounts, the admin any; another
 * account is 404.
 */
const ACCOUNT_STATISTICS: AccessRule = { roles: ['Admin', 'Dealership', 'Management'], permission: 'READ_USER_STATISTICS' };
/** The same for the routes about a management account's child accounts. */
const CHILD_ACCOUNT_STATISTICS: AccessRule = { roles: ['Admin', 'Management'], permission: 'READ_USER_STATISTICS' };
/** The admin dashboard. */
const ADMIN_STATISTICS: AccessRule = { roles: ['Admin'], permission: 'READ_ADMIN_STATISTICS' };
/** The QA section of the admin dashboard (QA activities, the image ratios, events per day, flawless orders): QA too, when granted READ_ADMIN_STATISTICS. */
const QA_STATISTICS: AccessRule = { roles: ['Admin', 'QA'], permission: 'READ_ADMIN_STATISTICS' };

const WINDOW =
  '`timePeriod` (day, week, month, year; default year) is the span and its buckets, `timeFrame` which one: `current` ' +
  '(default) or `last`, or a named frame (`LAST_14_DAYS`, `THIS_QUARTER` …) that sets the window itself.';
const CACHED = 'The answer says until when it may be kept (`expires`); the statistics service keeps its own copy until then.';
const ACCOUNT_SCOPE =
  'A dealership (or its signed-in sales person) may name itself, management itself and its child accounts, the admin any ' +
  'account; any other account is 404. Needs READ_USER_STATISTICS (the admin holds every permission).';
const CHILD_SCOPE = 'Management names itself or one of its child accounts (another account is 404); the admin any account. Needs READ_USER_STATISTICS. ';
const MONTH = '`timeStamp` is the month, YYYY-MM, from 2023-01 to last month (default last month). The answer may be kept a month.';

/**
 * The dashboards' numbers. The profile header's counts and the rejection reasons come from the
 * services that own them; every other route is answered by the statistics service from its
 * fact tables, which also decides which accounts the caller may name (docs/statistics.md). The
 * keys are named like those of `StatisticsRpc`.
 */
export const DashboardRoutes = {
  userStatistics: defineRoute({
    method: 'GET',
    path: '/dashboard/userStatistics/:id',
    access: { roles: ALL_ROLES },
    result: UserStatisticsView,
    summary: "An account's order and sales-person counts (the profile header)",
    description:
      'Admin and QA for every account, management for itself and its child accounts, a dealership (or its signed-in sales person) for itself; ' +
      'any other account is 404. The sales people are counted by the users service (which checks the account first), the orders by the orders service.',
  }),
  rejectionReasons: defineRoute({
    method: 'GET',
    path: '/dashboard/rejection-reasons',
    access: { roles: ['Admin', 'QA'] },
    query: RejectionReasonsQuery,
    result: [RejectionReasonRow],
    summary: 'Rejection reasons per style guide: QA declines with a reason and dealership re-edit requests, counted (admin and QA)',
    description:
      'Rows `{styleGuideId, styleGuideName, source, reason, count}`, most frequent first, counted by the orders service from the timeline ' +
      '(IMAGE_DECLINED events naming a reason, RE_EDIT_REQUESTED events). `from` defaults to 30 days before `to`, `to` to now.',
  }),

  // ---- an account's dashboards (dealership, management, and the admin looking at them)

  dealershipOrders: defineRoute({
    method: 'GET',
    path: '/dashboard/getDealershipOrderStatistics/:id',
    access: ACCOUNT_STATISTICS,
    query: StatisticsWindowQuery,
    result: DealershipOrderStatisticsView,
    summary: 'Uploaded cars: orders of an account per bucket, with the 30-day averages and this week against the best week',
    description: `For a management account, its child accounts' orders together. ${WINDOW} ${ACCOUNT_SCOPE} ${CACHED}`,
  }),
  ordersPerSalesMan: defineRoute({
    method: 'GET',
    path: '/dashboard/getOrdersPerSalesMan/:id',
    access: ACCOUNT_STATISTICS,
    query: StatisticsWindowQuery,
    result: OrdersPerSalesManView,
    summary: "Orders per sales person of an account in the window, most first (the account's own orders in a row without a sales person)",
    description: `${WINDOW} ${ACCOUNT_SCOPE} ${CACHED}`,
  }),
  ordersByDealership: defineRoute({
    method: 'GET',
    path: '/dashboard/get-orders-by-dealership/:id',
    access: CHILD_ACCOUNT_STATISTICS,
    query: StatisticsWindowQuery,
    result: OrdersByDealershipView,
    summary: 'Orders per child account of a management account in the window, most first (management and admin)',
    description: `${CHILD_SCOPE}${WINDOW} ${CACHED}`,
  }),
  ordersPerStyleGuide: defineRoute({
    method: 'GET',
    path: '/dashboard/get-amount-of-orders-per-styleguide-from-child-accounts/:userId',
    access: CHILD_ACCOUNT_STATISTICS,
    query: StatisticsWindowQuery,
    result: OrdersPerStyleGuideView,
    summary: "Orders per style guide of a management account's child accounts (or of one account) in the window (management and admin)",
    description: `${CHILD_SCOPE}${WINDOW} ${CACHED}`,
  }),

  // ---- the admin dashboard

  devices: defineRoute({
    method: 'GET',
    path: '/dashboard/get-device-statistics',
    access: ADMIN_STATISTICS,
    query: StatisticsWindowQuery,
    result: DeviceStatisticsView,
    summary: 'Orders made in the mobile app against the web app, in the window (admin)',
    description: `${WINDOW} ${CACHED}`,
  }),
  appVersions: defineRoute({
    method: 'GET',
    path: '/dashboard/get-appVersion-statistics',
    access: ADMIN_STATISTICS,
    query: StatisticsWindowQuery,
    result: AppVersionStatisticsView,
    summary: 'Mobile orders per app version, in the window (admin)',
    description: `${WINDOW} ${CACHED}`,
  }),
  qaActivities: defineRoute({
    method: 'GET',
    path: '/dashboard/getQAActivitiesByTimePeriod',
    access: QA_STATISTICS,
    query: QaActivitiesQuery,
    result: QaActivitiesView,
    summary: 'Orders each QA user picked and orders per QA tag in the window, and the average minutes per order (admin; QA with READ_ADMIN_STATISTICS)',
    description:
      '`tagCategoryFromQA` (QA_EDITOR or QA_COORDINATOR) counts the tags of that category only; both by default. ' +
      `\`timePeriod\` defaults to month here. ${WINDOW} ${CACHED}`,
  }),
  ordersPerPeriod: defineRoute({
    method: 'GET',
    path: '/dashboard/getOrderStatisticsPerMonth',
    access: ADMIN_STATISTICS,
    query: StatisticsWindowQuery,
    result: OrderStatisticsPerPeriodView,
    summary: 'Orders created per bucket, with the 30-day averages (admin, QA)',
    description: `${WINDOW} ${CACHED}`,
  }),
  imagesPerPeriod: defineRoute({
    method: 'GET',
    path: '/dashboard/getImageStatisticsPerMonthTotal',
    access: ADMIN_STATISTICS,
    query: StatisticsWindowQuery,
    result: ImageStatisticsPerPeriodView,
    summary: 'Images processed per bucket, with the 30-day averages (admin, QA)',
    description: `${WINDOW} ${CACHED}`,
  }),
  orderTimeline: defineRoute({
    method: 'GET',
    path: '/dashboard/get-order-timeline-data',
    access: ADMIN_STATISTICS,
    query: OrderTimelineQuery,
    result: OrderTimelineView,
    summary: 'Average minutes of each stage (upload, processing, QA, delivery) for orders created on each of the last 14 days (admin)',
    description: `\`timeLineStep=week\` gives the last 14 weeks instead. A stage no order of the bucket finished is null. ${CACHED}`,
  }),
  averageImagesPerCar: defineRoute({
    method: 'GET',
    path: '/dashboard/get-average-images-per-car',
    access: ADMIN_STATISTICS,
    query: StatisticsWindowQuery,
    result: AverageImagesPerCarView,
    summary: 'Images per order in the window, and images per day over the last 14 days (admin)',
    description: `${WINDOW} ${CACHED}`,
  }),
  ordersByStatus: defineRoute({
    method: 'GET',
    path: '/dashboard/get-total-orders-by-status',
    access: ADMIN_STATISTICS,
    query: StatisticsWindowQuery,
    result: OrdersByStatusView,
    summary: 'Orders uploading, in progress, in QA and finished, per bucket and over the window (admin)',
    description: `\`timePeriod\` defaults to week here. ${WINDOW} ${CACHED}`,
  }),
  inactiveUsers: defineRoute({
    method: 'GET',
    path: '/dashboard/get-inactive-users',
    access: ADMIN_STATISTICS,
    query: InactiveUsersQuery,
    result: InactiveUsersView,
    summary: 'Accounts without a sign-in or an order for 14, 20 or 30 days, 10 a page (admin)',
    description: `\`timeFrame\` is the number of days: 14 (default), 20 or 30; \`page\` from 1. ${CACHED}`,
  }),
  repushedImages: defineRoute({
    method: 'GET',
    path: '/dashboard/get-repushed-images-statistics',
    access: QA_STATISTICS,
    query: MonthQuery,
    result: ImageRatioView,
    summary: 'For one month, how many orders had which share of their images repushed, in steps of 10 % (admin, QA)',
    description: MONTH,
  }),
  editedImages: defineRoute({
    method: 'GET',
    path: '/dashboard/get-edited-images-statistics',
    access: QA_STATISTICS,
    query: MonthQuery,
    result: ImageRatioView,
    summary: 'For one month, how many orders had which share of their images edited, in steps of 10 % (admin, QA)',
    description: MONTH,
  }),
  totalEvents: defineRoute({
    method: 'GET',
    path: '/dashboard/get-statistics-total-events-last-30-days',
    access: QA_STATISTICS,
    query: TotalEventsQuery,
    result: TotalEventsView,
    summary: 'Timeline events of one name per day over the last 30 days, with the 30-day averages (admin, QA)',
    description: `\`eventName\`: IMAGE_REPUSHED (default), IMAGE_DECLINED, IMAGE_APPROVED, QA_UPLOADED_PICTURE, RE_EDIT_REQUESTED, DELIVERED or DOWNLOADED. ${CACHED}`,
  }),
  flawlessOrders: defineRoute({
    method: 'GET',
    path: '/dashboard/get-amount-of-flawless-orders',
    access: QA_STATISTICS,
    query: StatisticsWindowQuery,
    result: FlawlessOrdersView,
    summary: 'Orders that left QA without any image declined, repushed or re-edit requested, against those with flaws (admin, QA)',
    description: `${WINDOW} ${CACHED}`,
  }),
  qaServiceLevels: defineRoute({
    method: 'GET',
    path: '/dashboard/get-qa-service-levels',
    access: ADMIN_STATISTICS,
    query: ServiceLevelsQuery,
    result: QaServiceLevelsView,
    summary: 'Per week: median and 90th-percentile minutes from upload to Ready to download, and the share within the promised 24 hours (admin)',
    description: `\`weeks\`: how many weeks back, 1 to 52 (default 12). ${CACHED}`,
  }),
};

import {
  InactiveUsersQuery,
  MonthQuery,
  OrdersRpc,
  OrderTimelineQuery,
  QaActivitiesQuery,
  QaStatisticsRpc,
  RejectionReasonsQuery,
  SalesPeopleRpc,
  ServiceLevelsQuery,
  StatisticsRpc,
  StatisticsWindowQuery,
  TotalEventsQuery,
  type Actor,
  type UserStatisticsView as UserStatistics,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated, type AccessRule } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
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
} from './dashboard.responses';

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

/**
 * Dashboard numbers. The profile header's counts and the rejection reasons come from the
 * services that own them; every other route is answered by the statistics service from its
 * fact tables, which also decides which accounts the caller may name (docs/statistics.md).
 */
@ApiTags('dashboard')
@ApiErrorResponses()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(UserStatisticsView)
  @Get('userStatistics/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: "An account's order and sales-person counts (the profile header)",
    description:
      'Admin and QA for every account, management for itself and its child accounts, a dealership (or its signed-in sales person) for itself; ' +
      'any other account is 404. The sales people are counted by the users service (which checks the account first), the orders by the orders service.',
  })
  async userStatistics(@UuidParam('id') id: string, @CurrentActor() actor: Actor): Promise<UserStatisticsView> {
    // the users service answers 404 for an account the caller may not read, before anything is counted
    const { salesManCount } = await this.rpc.send(SalesPeopleRpc.countOfUser, { userId: id }, actor);
    const { ordersCount } = await this.rpc.send(OrdersRpc.countOfAccount, { userId: id }, actor);
    return { ordersCount, salesManCount } satisfies UserStatistics;
  }

  @ApiResult([RejectionReasonRow])
  @Get('rejection-reasons')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Rejection reasons per style guide: QA declines with a reason and dealership re-edit requests, counted (admin and QA)',
    description:
      'Rows `{styleGuideId, styleGuideName, source, reason, count}`, most frequent first, counted by the orders service from the timeline ' +
      '(IMAGE_DECLINED events naming a reason, RE_EDIT_REQUESTED events). `from` defaults to 30 days before `to`, `to` to now.',
  })
  rejectionReasons(@Query() query: RejectionReasonsQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaStatisticsRpc.rejectionReasons, { from: query.from, to: query.to }, actor);
  }

  // ---- an account's dashboards (dealership, management, and the admin looking at them)

  @ApiResult(DealershipOrderStatisticsView)
  @Get('getDealershipOrderStatistics/:id')
  @Authenticated(ACCOUNT_STATISTICS)
  @ApiOperation({
    summary: 'Uploaded cars: orders of an account per bucket, with the 30-day averages and this week against the best week',
    description: `For a management account, its child accounts' orders together. ${WINDOW} ${ACCOUNT_SCOPE} ${CACHED}`,
  })
  dealershipOrderStatistics(@UuidParam('id') id: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<DealershipOrderStatisticsView> {
    return this.rpc.send(StatisticsRpc.dealershipOrders, { ...query, accountId: id }, actor);
  }

  @ApiResult(OrdersPerSalesManView)
  @Get('getOrdersPerSalesMan/:id')
  @Authenticated(ACCOUNT_STATISTICS)
  @ApiOperation({
    summary: "Orders per sales person of an account in the window, most first (the account's own orders in a row without a sales person)",
    description: `${WINDOW} ${ACCOUNT_SCOPE} ${CACHED}`,
  })
  ordersPerSalesMan(@UuidParam('id') id: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<OrdersPerSalesManView> {
    return this.rpc.send(StatisticsRpc.ordersPerSalesMan, { ...query, accountId: id }, actor);
  }

  @ApiResult(OrdersByDealershipView)
  @Get('get-orders-by-dealership/:id')
  @Authenticated(CHILD_ACCOUNT_STATISTICS)
  @ApiOperation({
    summary: "Orders per child account of a management account in the window, most first (management and admin)",
    description:
      `Management names itself or one of its child accounts (another account is 404); the admin any account. Needs READ_USER_STATISTICS. ` +
      `${WINDOW} ${CACHED}`,
  })
  ordersByDealership(@UuidParam('id') id: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<OrdersByDealershipView> {
    return this.rpc.send(StatisticsRpc.ordersByDealership, { ...query, accountId: id }, actor);
  }

  @ApiResult(OrdersPerStyleGuideView)
  @Get('get-amount-of-orders-per-styleguide-from-child-accounts/:userId')
  @Authenticated(CHILD_ACCOUNT_STATISTICS)
  @ApiOperation({
    summary: "Orders per style guide of a management account's child accounts (or of one account) in the window (management and admin)",
    description:
      `Management names itself or one of its child accounts (another account is 404); the admin any account. Needs READ_USER_STATISTICS. ` +
      `${WINDOW} ${CACHED}`,
  })
  ordersPerStyleGuide(@UuidParam('userId') userId: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<OrdersPerStyleGuideView> {
    return this.rpc.send(StatisticsRpc.ordersPerStyleGuide, { ...query, accountId: userId }, actor);
  }

  // ---- the admin dashboard

  @ApiResult(DeviceStatisticsView)
  @Get('get-device-statistics')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({ summary: 'Orders made in the mobile app against the web app, in the window (admin)', description: `${WINDOW} ${CACHED}` })
  deviceStatistics(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<DeviceStatisticsView> {
    return this.rpc.send(StatisticsRpc.devices, query, actor);
  }

  @ApiResult(AppVersionStatisticsView)
  @Get('get-appVersion-statistics')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({ summary: 'Mobile orders per app version, in the window (admin)', description: `${WINDOW} ${CACHED}` })
  appVersionStatistics(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<AppVersionStatisticsView> {
    return this.rpc.send(StatisticsRpc.appVersions, query, actor);
  }

  @ApiResult(QaActivitiesView)
  @Get('getQAActivitiesByTimePeriod')
  @Authenticated(QA_STATISTICS)
  @ApiOperation({
    summary: 'Orders each QA user picked and orders per QA tag in the window, and the average minutes per order (admin; QA with READ_ADMIN_STATISTICS)',
    description:
      '`tagCategoryFromQA` (QA_EDITOR or QA_COORDINATOR) counts the tags of that category only; both by default. ' +
      `\`timePeriod\` defaults to month here. ${WINDOW} ${CACHED}`,
  })
  qaActivities(@Query() query: QaActivitiesQuery, @CurrentActor() actor: Actor): Promise<QaActivitiesView> {
    return this.rpc.send(StatisticsRpc.qaActivities, query, actor);
  }

  @ApiResult(OrderStatisticsPerPeriodView)
  @Get('getOrderStatisticsPerMonth')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({ summary: 'Orders created per bucket, with the 30-day averages (admin, QA)', description: `${WINDOW} ${CACHED}` })
  orderStatisticsPerPeriod(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<OrderStatisticsPerPeriodView> {
    return this.rpc.send(StatisticsRpc.ordersPerPeriod, query, actor);
  }

  @ApiResult(ImageStatisticsPerPeriodView)
  @Get('getImageStatisticsPerMonthTotal')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({ summary: 'Images processed per bucket, with the 30-day averages (admin, QA)', description: `${WINDOW} ${CACHED}` })
  imageStatisticsPerPeriod(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<ImageStatisticsPerPeriodView> {
    return this.rpc.send(StatisticsRpc.imagesPerPeriod, query, actor);
  }

  @ApiResult(OrderTimelineView)
  @Get('get-order-timeline-data')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({
    summary: 'Average minutes of each stage (upload, processing, QA, delivery) for orders created on each of the last 14 days (admin)',
    description: `\`timeLineStep=week\` gives the last 14 weeks instead. A stage no order of the bucket finished is null. ${CACHED}`,
  })
  orderTimeline(@Query() query: OrderTimelineQuery, @CurrentActor() actor: Actor): Promise<OrderTimelineView> {
    return this.rpc.send(StatisticsRpc.orderTimeline, query, actor);
  }

  @ApiResult(AverageImagesPerCarView)
  @Get('get-average-images-per-car')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({ summary: 'Images per order in the window, and images per day over the last 14 days (admin)', description: `${WINDOW} ${CACHED}` })
  averageImagesPerCar(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<AverageImagesPerCarView> {
    return this.rpc.send(StatisticsRpc.averageImagesPerCar, query, actor);
  }

  @ApiResult(OrdersByStatusView)
  @Get('get-total-orders-by-status')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({
    summary: 'Orders uploading, in progress, in QA and finished, per bucket and over the window (admin)',
    description: `\`timePeriod\` defaults to week here. ${WINDOW} ${CACHED}`,
  })
  ordersByStatus(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<OrdersByStatusView> {
    return this.rpc.send(StatisticsRpc.ordersByStatus, query, actor);
  }

  @ApiResult(InactiveUsersView)
  @Get('get-inactive-users')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({
    summary: 'Accounts without a sign-in or an order for 14, 20 or 30 days, 10 a page (admin)',
    description: `\`timeFrame\` is the number of days: 14 (default), 20 or 30; \`page\` from 1. ${CACHED}`,
  })
  inactiveUsers(@Query() query: InactiveUsersQuery, @CurrentActor() actor: Actor): Promise<InactiveUsersView> {
    return this.rpc.send(StatisticsRpc.inactiveUsers, query, actor);
  }

  @ApiResult(ImageRatioView)
  @Get('get-repushed-images-statistics')
  @Authenticated(QA_STATISTICS)
  @ApiOperation({
    summary: 'For one month, how many orders had which share of their images repushed, in steps of 10 % (admin, QA)',
    description: '`timeStamp` is the month, YYYY-MM, from 2023-01 to last month (default last month). The answer may be kept a month.',
  })
  repushedImages(@Query() query: MonthQuery, @CurrentActor() actor: Actor): Promise<ImageRatioView> {
    return this.rpc.send(StatisticsRpc.repushedImages, query, actor);
  }

  @ApiResult(ImageRatioView)
  @Get('get-edited-images-statistics')
  @Authenticated(QA_STATISTICS)
  @ApiOperation({
    summary: 'For one month, how many orders had which share of their images edited, in steps of 10 % (admin, QA)',
    description: '`timeStamp` is the month, YYYY-MM, from 2023-01 to last month (default last month). The answer may be kept a month.',
  })
  editedImages(@Query() query: MonthQuery, @CurrentActor() actor: Actor): Promise<ImageRatioView> {
    return this.rpc.send(StatisticsRpc.editedImages, query, actor);
  }

  @ApiResult(TotalEventsView)
  @Get('get-statistics-total-events-last-30-days')
  @Authenticated(QA_STATISTICS)
  @ApiOperation({
    summary: 'Timeline events of one name per day over the last 30 days, with the 30-day averages (admin, QA)',
    description: `\`eventName\`: IMAGE_REPUSHED (default), IMAGE_DECLINED, IMAGE_APPROVED, QA_UPLOADED_PICTURE, RE_EDIT_REQUESTED, DELIVERED or DOWNLOADED. ${CACHED}`,
  })
  totalEvents(@Query() query: TotalEventsQuery, @CurrentActor() actor: Actor): Promise<TotalEventsView> {
    return this.rpc.send(StatisticsRpc.totalEvents, query, actor);
  }

  @ApiResult(FlawlessOrdersView)
  @Get('get-amount-of-flawless-orders')
  @Authenticated(QA_STATISTICS)
  @ApiOperation({
    summary: 'Orders that left QA without any image declined, repushed or re-edit requested, against those with flaws (admin, QA)',
    description: `${WINDOW} ${CACHED}`,
  })
  flawlessOrders(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor): Promise<FlawlessOrdersView> {
    return this.rpc.send(StatisticsRpc.flawlessOrders, query, actor);
  }

  @ApiResult(QaServiceLevelsView)
  @Get('get-qa-service-levels')
  @Authenticated(ADMIN_STATISTICS)
  @ApiOperation({
    summary: 'Per week: median and 90th-percentile minutes from upload to Ready to download, and the share within the promised 24 hours (admin)',
    description: `\`weeks\`: how many weeks back, 1 to 52 (default 12). ${CACHED}`,
  })
  qaServiceLevels(@Query() query: ServiceLevelsQuery, @CurrentActor() actor: Actor): Promise<QaServiceLevelsView> {
    return this.rpc.send(StatisticsRpc.qaServiceLevels, query, actor);
  }
}

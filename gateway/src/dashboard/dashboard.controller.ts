import {
  InactiveUsersQuery,
  MonthQuery,
  OrdersRpc,
  OrderTimelineQuery,
  QaActivitiesQuery,
  QaStatisticsRpc,
  RejectionReasonsQuery,
  Routes,
  SalesPeopleRpc,
  ServiceLevelsQuery,
  StatisticsRpc,
  StatisticsWindowQuery,
  TotalEventsQuery,
  type Actor,
  type UserStatisticsView,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/**
 * Dashboard numbers. The profile header's counts and the rejection reasons come from the
 * services that own them; every other route is answered by the statistics service from its
 * fact tables, which also decides which accounts the caller may name (docs/statistics.md).
 */
@ApiTags('dashboard')
@ApiErrorResponses()
@Controller()
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.dashboard.userStatistics)
  async userStatistics(@UuidParam('id') id: string, @CurrentActor() actor: Actor): Promise<UserStatisticsView> {
    // the users service answers 404 for an account the caller may not read, before anything is counted
    const { salesManCount } = await this.rpc.send(SalesPeopleRpc.countOfUser, { userId: id }, actor);
    const { ordersCount } = await this.rpc.send(OrdersRpc.countOfAccount, { userId: id }, actor);
    return { ordersCount, salesManCount };
  }

  @Operation(Routes.dashboard.rejectionReasons)
  rejectionReasons(@Query() query: RejectionReasonsQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaStatisticsRpc.rejectionReasons, { from: query.from, to: query.to }, actor);
  }

  // ---- an account's dashboards (dealership, management, and the admin looking at them)

  @Operation(Routes.dashboard.dealershipOrders)
  dealershipOrderStatistics(@UuidParam('id') id: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.dealershipOrders, { ...query, accountId: id }, actor);
  }

  @Operation(Routes.dashboard.ordersPerSalesMan)
  ordersPerSalesMan(@UuidParam('id') id: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.ordersPerSalesMan, { ...query, accountId: id }, actor);
  }

  @Operation(Routes.dashboard.ordersByDealership)
  ordersByDealership(@UuidParam('id') id: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.ordersByDealership, { ...query, accountId: id }, actor);
  }

  @Operation(Routes.dashboard.ordersPerStyleGuide)
  ordersPerStyleGuide(@UuidParam('userId') userId: string, @Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.ordersPerStyleGuide, { ...query, accountId: userId }, actor);
  }

  // ---- the admin dashboard

  @Operation(Routes.dashboard.devices)
  deviceStatistics(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.devices, query, actor);
  }

  @Operation(Routes.dashboard.appVersions)
  appVersionStatistics(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.appVersions, query, actor);
  }

  @Operation(Routes.dashboard.qaActivities)
  qaActivities(@Query() query: QaActivitiesQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.qaActivities, query, actor);
  }

  @Operation(Routes.dashboard.ordersPerPeriod)
  orderStatisticsPerPeriod(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.ordersPerPeriod, query, actor);
  }

  @Operation(Routes.dashboard.imagesPerPeriod)
  imageStatisticsPerPeriod(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.imagesPerPeriod, query, actor);
  }

  @Operation(Routes.dashboard.orderTimeline)
  orderTimeline(@Query() query: OrderTimelineQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.orderTimeline, query, actor);
  }

  @Operation(Routes.dashboard.averageImagesPerCar)
  averageImagesPerCar(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.averageImagesPerCar, query, actor);
  }

  @Operation(Routes.dashboard.ordersByStatus)
  ordersByStatus(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.ordersByStatus, query, actor);
  }

  @Operation(Routes.dashboard.inactiveUsers)
  inactiveUsers(@Query() query: InactiveUsersQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.inactiveUsers, query, actor);
  }

  @Operation(Routes.dashboard.repushedImages)
  repushedImages(@Query() query: MonthQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.repushedImages, query, actor);
  }

  @Operation(Routes.dashboard.editedImages)
  editedImages(@Query() query: MonthQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.editedImages, query, actor);
  }

  @Operation(Routes.dashboard.totalEvents)
  totalEvents(@Query() query: TotalEventsQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.totalEvents, query, actor);
  }

  @Operation(Routes.dashboard.flawlessOrders)
  flawlessOrders(@Query() query: StatisticsWindowQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.flawlessOrders, query, actor);
  }

  @Operation(Routes.dashboard.qaServiceLevels)
  qaServiceLevels(@Query() query: ServiceLevelsQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StatisticsRpc.qaServiceLevels, query, actor);
  }
}

import { StatisticsRpc, type RpcEnvelope, type AccountWindowPayload, type InactiveUsersQuery, type MonthQuery, type OrderTimelineQuery, type QaActivitiesQuery, type ServiceLevelsQuery, type StatisticsWindowQuery, type TotalEventsQuery } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DashboardsService } from './dashboards.service';

/** The dashboards' questions over NATS: one handler per question, the rules in `DashboardsService`. */
@Controller()
export class DashboardsMessagesController {
  constructor(private readonly dashboards: DashboardsService) {}

  @RpcHandler(StatisticsRpc.dealershipOrders)
  dealershipOrders(@Payload() { actor, data }: RpcEnvelope<AccountWindowPayload>) {
    return this.dashboards.dealershipOrders(actor, data);
  }

  @RpcHandler(StatisticsRpc.ordersPerSalesMan)
  ordersPerSalesMan(@Payload() { actor, data }: RpcEnvelope<AccountWindowPayload>) {
    return this.dashboards.ordersPerSalesMan(actor, data);
  }

  @RpcHandler(StatisticsRpc.ordersByDealership)
  ordersByDealership(@Payload() { actor, data }: RpcEnvelope<AccountWindowPayload>) {
    return this.dashboards.ordersByDealership(actor, data);
  }

  @RpcHandler(StatisticsRpc.ordersPerStyleGuide)
  ordersPerStyleGuide(@Payload() { actor, data }: RpcEnvelope<AccountWindowPayload>) {
    return this.dashboards.ordersPerStyleGuide(actor, data);
  }

  @RpcHandler(StatisticsRpc.devices)
  devices(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.devices(actor, data);
  }

  @RpcHandler(StatisticsRpc.appVersions)
  appVersions(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.appVersions(actor, data);
  }

  @RpcHandler(StatisticsRpc.qaActivities)
  qaActivities(@Payload() { actor, data }: RpcEnvelope<QaActivitiesQuery>) {
    return this.dashboards.qaActivities(actor, data);
  }

  @RpcHandler(StatisticsRpc.ordersPerPeriod)
  ordersPerPeriod(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.ordersPerPeriod(actor, data);
  }

  @RpcHandler(StatisticsRpc.imagesPerPeriod)
  imagesPerPeriod(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.imagesPerPeriod(actor, data);
  }

  @RpcHandler(StatisticsRpc.orderTimeline)
  orderTimeline(@Payload() { actor, data }: RpcEnvelope<OrderTimelineQuery>) {
    return this.dashboards.orderTimeline(actor, data);
  }

  @RpcHandler(StatisticsRpc.averageImagesPerCar)
  averageImagesPerCar(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.averageImagesPerCar(actor, data);
  }

  @RpcHandler(StatisticsRpc.ordersByStatus)
  ordersByStatus(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.ordersByStatus(actor, data);
  }

  @RpcHandler(StatisticsRpc.inactiveUsers)
  inactiveUsers(@Payload() { actor, data }: RpcEnvelope<InactiveUsersQuery>) {
    return this.dashboards.inactiveUsers(actor, data);
  }

  @RpcHandler(StatisticsRpc.repushedImages)
  repushedImages(@Payload() { actor, data }: RpcEnvelope<MonthQuery>) {
    return this.dashboards.repushedImages(actor, data);
  }

  @RpcHandler(StatisticsRpc.editedImages)
  editedImages(@Payload() { actor, data }: RpcEnvelope<MonthQuery>) {
    return this.dashboards.editedImages(actor, data);
  }

  @RpcHandler(StatisticsRpc.totalEvents)
  totalEvents(@Payload() { actor, data }: RpcEnvelope<TotalEventsQuery>) {
    return this.dashboards.totalEvents(actor, data);
  }

  @RpcHandler(StatisticsRpc.flawlessOrders)
  flawlessOrders(@Payload() { actor, data }: RpcEnvelope<StatisticsWindowQuery>) {
    return this.dashboards.flawlessOrders(actor, data);
  }

  @RpcHandler(StatisticsRpc.qaServiceLevels)
  qaServiceLevels(@Payload() { actor, data }: RpcEnvelope<ServiceLevelsQuery>) {
    return this.dashboards.qaServiceLevels(actor, data);
  }
}

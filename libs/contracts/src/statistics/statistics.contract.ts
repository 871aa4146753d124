import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min, ValidateBy } from 'class-validator';
import { defineRpc } from '../rpc';
import {
  COUNTED_EVENT_NAMES,
  INACTIVE_USER_DAYS,
  isStatisticsMonth,
  ORDER_TIMELINE_STEPS,
  QA_ACTIVITY_ROLES,
  STATISTICS_MESSAGES,
  STATISTICS_PERIODS,
  STATISTICS_TIME_FRAMES,
  type AppVersionStatisticsView,
  type AverageImagesPerCarView,
  type CountedEventName,
  type DealershipOrderStatisticsView,
  type DeviceStatisticsView,
  type FlawlessOrdersView,
  type ImageRatioView,
  type ImageStatisticsPerPeriodView,
  type InactiveUserDays,
  type InactiveUsersView,
  type OrdersByDealershipView,
  type OrdersByStatusView,
  type OrderStatisticsPerPeriodView,
  type OrdersPerSalesManView,
  type OrdersPerStyleGuideView,
  type OrderTimelineStep,
  type OrderTimelineView,
  type QaActivitiesView,
  type QaActivityRole,
  type QaServiceLevelsView,
  type StatisticsPeriod,
  type StatisticsTimeFrame,
  type StatisticsWindowRequest,
  type TotalEventsView,
} from '../wire';

/** `?timePeriod&timeFrame`: the window of most dashboard routes (wire/dashboard.ts explains both). */
export class StatisticsWindowQuery implements StatisticsWindowRequest {
  @ApiPropertyOptional({ enum: STATISTICS_PERIODS, description: 'the span a chart covers and its buckets; default year (QA: month)' })
  @IsOptional()
  @IsIn(STATISTICS_PERIODS)
  timePeriod?: StatisticsPeriod;

  @ApiPropertyOptional({ enum: STATISTICS_TIME_FRAMES, description: 'current or last span of timePeriod, or a named frame; default current' })
  @IsOptional()
  @IsIn(STATISTICS_TIME_FRAMES)
  timeFrame?: StatisticsTimeFrame;
}

/** A window about one account (`{id}` of the route: a dealership, or a management account for its children). */
export class AccountWindowPayload extends StatisticsWindowQuery {
  @IsUUID() accountId!: string;
}

export class QaActivitiesQuery extends StatisticsWindowQuery {
  @ApiPropertyOptional({ enum: QA_ACTIVITY_ROLES, description: 'count tags of this category only; default both' })
  @IsOptional()
  @IsIn(QA_ACTIVITY_ROLES)
  tagCategoryFromQA?: QaActivityRole;
}

export class OrderTimelineQuery {
  @ApiPropertyOptional({ enum: ORDER_TIMELINE_STEPS, default: 'day' })
  @IsOptional()
  @IsIn(ORDER_TIMELINE_STEPS)
  timeLineStep?: OrderTimelineStep;
}

export class InactiveUsersQuery {
  @ApiPropertyOptional({ enum: INACTIVE_USER_DAYS, default: 14, description: 'days without a sign-in or an order' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(INACTIVE_USER_DAYS)
  timeFrame?: InactiveUserDays;

  @ApiPropertyOptional({ minimum: 1, maximum: 1_000_000, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page?: number;
}

/** A month the ratio charts may ask for (`isStatisticsMonth`: 2023-01 to last month, UTC), with the contract's message. */
function IsStatisticsMonth(): PropertyDecorator {
  return ValidateBy({
    name: 'isStatisticsMonth',
    validator: { validate: (value: unknown) => isStatisticsMonth(value), defaultMessage: () => STATISTICS_MESSAGES.badMonth },
  });
}

export class MonthQuery {
  @ApiPropertyOptional({
    example: '2026-10',
    pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
    description: 'YYYY-MM, January 2023 to last month; default last month',
  })
  @IsOptional()
  @IsStatisticsMonth()
  timeStamp?: string;
}

export class TotalEventsQuery {
  @ApiPropertyOptional({ enum: COUNTED_EVENT_NAMES, default: 'IMAGE_REPUSHED' })
  @IsOptional()
  @IsIn(COUNTED_EVENT_NAMES)
  eventName?: CountedEventName;
}

export class ServiceLevelsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 52, default: 12 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(52)
  weeks?: number;
}

/**
 * The statistics service's questions. Each is answered from its fact tables and kept per
 * question, actor scope and window until `expires`. Scope: a dealership (or its sales
 * person) sees itself, management itself and its child accounts, admin everything
 * (READ_ADMIN_STATISTICS for the admin routes, READ_USER_STATISTICS for an account's);
 * another account is 404.
 */
export const StatisticsRpc = {
  dealershipOrders: defineRpc<AccountWindowPayload, DealershipOrderStatisticsView>('statistics', 'statistics.dealership-orders', AccountWindowPayload),
  ordersPerSalesMan: defineRpc<AccountWindowPayload, OrdersPerSalesManView>('statistics', 'statistics.orders-per-sales-man', AccountWindowPayload),
  ordersByDealership: defineRpc<AccountWindowPayload, OrdersByDealershipView>('statistics', 'statistics.orders-by-dealership', AccountWindowPayload),
  ordersPerStyleGuide: defineRpc<AccountWindowPayload, OrdersPerStyleGuideView>('statistics', 'statistics.orders-per-style-guide', AccountWindowPayload),
  devices: defineRpc<StatisticsWindowQuery, DeviceStatisticsView>('statistics', 'statistics.devices', StatisticsWindowQuery),
  appVersions: defineRpc<StatisticsWindowQuery, AppVersionStatisticsView>('statistics', 'statistics.app-versions', StatisticsWindowQuery),
  qaActivities: defineRpc<QaActivitiesQuery, QaActivitiesView>('statistics', 'statistics.qa-activities', QaActivitiesQuery),
  ordersPerPeriod: defineRpc<StatisticsWindowQuery, OrderStatisticsPerPeriodView>('statistics', 'statistics.orders-per-period', StatisticsWindowQuery),
  imagesPerPeriod: defineRpc<StatisticsWindowQuery, ImageStatisticsPerPeriodView>('statistics', 'statistics.images-per-period', StatisticsWindowQuery),
  orderTimeline: defineRpc<OrderTimelineQuery, OrderTimelineView>('statistics', 'statistics.order-timeline', OrderTimelineQuery),
  averageImagesPerCar: defineRpc<StatisticsWindowQuery, AverageImagesPerCarView>('statistics', 'statistics.average-images-per-car', StatisticsWindowQuery),
  ordersByStatus: defineRpc<StatisticsWindowQuery, OrdersByStatusView>('statistics', 'statistics.orders-by-status', StatisticsWindowQuery),
  inactiveUsers: defineRpc<InactiveUsersQuery, InactiveUsersView>('statistics', 'statistics.inactive-users', InactiveUsersQuery),
  repushedImages: defineRpc<MonthQuery, ImageRatioView>('statistics', 'statistics.repushed-images', MonthQuery),
  editedImages: defineRpc<MonthQuery, ImageRatioView>('statistics', 'statistics.edited-images', MonthQuery),
  totalEvents: defineRpc<TotalEventsQuery, TotalEventsView>('statistics', 'statistics.total-events', TotalEventsQuery),
  flawlessOrders: defineRpc<StatisticsWindowQuery, FlawlessOrdersView>('statistics', 'statistics.flawless-orders', StatisticsWindowQuery),
  qaServiceLevels: defineRpc<ServiceLevelsQuery, QaServiceLevelsView>('statistics', 'statistics.qa-service-levels', ServiceLevelsQuery),
};

/** Durable consumers of the statistics service (public names: renaming one leaves its backlog behind). */
export const STATISTICS_DURABLES = {
  facts: 'statistics-facts',
} as const;

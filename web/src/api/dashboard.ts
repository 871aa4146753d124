import type {
  AppVersionStatisticsView,
  AverageImagesPerCarView,
  DealershipOrderStatisticsView,
  DeviceStatisticsView,
  FlawlessOrdersView,
  ImageRatioView,
  ImageStatisticsPerPeriodView,
  InactiveUsersRequest,
  InactiveUsersView,
  MonthRequest,
  OrdersByDealershipView,
  OrdersByStatusView,
  OrderStatisticsPerPeriodView,
  OrdersPerSalesManView,
  OrdersPerStyleGuideView,
  OrderTimelineRequest,
  OrderTimelineView,
  QaActivitiesRequest,
  QaActivitiesView,
  QaServiceLevelsView,
  ServiceLevelsRequest,
  StatisticsWindowRequest,
  TotalEventsRequest,
  TotalEventsView,
} from '@app/contracts/wire';
import { api } from './client';
import { pageFromResults } from './page';

type Params = Record<string, string | number | undefined>;
/** The request interfaces as the client's query (their fields are strings and numbers). */
const query = (params: object | undefined): Params => ({ ...(params as Params | undefined) });
const get = <T>(path: string, params: object | undefined, signal?: AbortSignal) => api.get<T>(`/dashboard/${path}`, { query: query(params), signal });

/**
 * The dashboards' calls, one per question of the statistics service (named like the keys of
 * `StatisticsRpc`); the paths are those of `@app/contracts/wire` (wire/dashboard.ts). Every
 * answer carries `expires`: read them through `useStatistics` (features/dashboard), which keeps
 * them until then.
 */
export const dashboardApi = {
  /** orders (cars) an account uploaded per bucket, its 30-day averages and its weeks; a management account: its children's together */
  dealershipOrders: (id: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    get<DealershipOrderStatisticsView>(`getDealershipOrderStatistics/${id}`, window, signal),
  ordersPerSalesMan: (id: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    get<OrdersPerSalesManView>(`getOrdersPerSalesMan/${id}`, window, signal),
  /** a management account's child accounts, one row each */
  ordersByDealership: (id: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    get<OrdersByDealershipView>(`get-orders-by-dealership/${id}`, window, signal),
  ordersPerStyleGuide: (userId: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    get<OrdersPerStyleGuideView>(`get-amount-of-orders-per-styleguide-from-child-accounts/${userId}`, window, signal),
  devices: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<DeviceStatisticsView>('get-device-statistics', window, signal),
  appVersions: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<AppVersionStatisticsView>('get-appVersion-statistics', window, signal),
  qaActivities: (request: QaActivitiesRequest, signal?: AbortSignal) => get<QaActivitiesView>('getQAActivitiesByTimePeriod', request, signal),
  ordersPerPeriod: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<OrderStatisticsPerPeriodView>('getOrderStatisticsPerMonth', window, signal),
  imagesPerPeriod: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<ImageStatisticsPerPeriodView>('getImageStatisticsPerMonthTotal', window, signal),
  orderTimeline: (request: OrderTimelineRequest, signal?: AbortSignal) => get<OrderTimelineView>('get-order-timeline-data', request, signal),
  averageImagesPerCar: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<AverageImagesPerCarView>('get-average-images-per-car', window, signal),
  ordersByStatus: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<OrdersByStatusView>('get-total-orders-by-status', window, signal),
  inactiveUsers: (request: InactiveUsersRequest, signal?: AbortSignal) => get<InactiveUsersView>('get-inactive-users', request, signal).then(pageFromResults),
  repushedImages: (request: MonthRequest, signal?: AbortSignal) => get<ImageRatioView>('get-repushed-images-statistics', request, signal),
  editedImages: (request: MonthRequest, signal?: AbortSignal) => get<ImageRatioView>('get-edited-images-statistics', request, signal),
  totalEvents: (request: TotalEventsRequest, signal?: AbortSignal) => get<TotalEventsView>('get-statistics-total-events-last-30-days', request, signal),
  flawlessOrders: (window: StatisticsWindowRequest, signal?: AbortSignal) => get<FlawlessOrdersView>('get-amount-of-flawless-orders', window, signal),
  qaServiceLevels: (request: ServiceLevelsRequest, signal?: AbortSignal) => get<QaServiceLevelsView>('get-qa-service-levels', request, signal),
};

export type DashboardQuestion = keyof typeof dashboardApi;

/**
 * TanStack Query keys of the dashboards: `['dashboard', question, params]`, the question named
 * like its call (`dashboardKeys.one('dealershipOrders', { id, ...window })`). `useStatistics`
 * also keeps the answer in localStorage under this key.
 */
export const dashboardKeys = {
  all: () => ['dashboard'] as const,
  one: (question: DashboardQuestion, params: object = {}) => ['dashboard', question, params] as const,
};

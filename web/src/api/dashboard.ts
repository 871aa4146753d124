import { Routes } from '@app/contracts/http';
import type {
  InactiveUsersRequest,
  MonthRequest,
  OrderTimelineRequest,
  QaActivitiesRequest,
  ServiceLevelsRequest,
  StatisticsWindowRequest,
  TotalEventsRequest,
} from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { pageFromResults } from './page';

/**
 * The dashboards' calls, one per question of the statistics service (named like the keys of
 * `StatisticsRpc` and of `Routes.dashboard`). Every answer carries `expires`: read them through
 * `useStatistics(dashboardQueries.…)` (features/dashboard), which keeps them until then.
 */
export const dashboardApi = {
  /** orders (cars) an account uploaded per bucket, its 30-day averages and its weeks; a management account: its children's together */
  dealershipOrders: (id: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    api.call(Routes.dashboard.dealershipOrders, { params: { id }, query: window, signal }),
  ordersPerSalesMan: (id: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    api.call(Routes.dashboard.ordersPerSalesMan, { params: { id }, query: window, signal }),
  /** a management account's child accounts, one row each */
  ordersByDealership: (id: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    api.call(Routes.dashboard.ordersByDealership, { params: { id }, query: window, signal }),
  ordersPerStyleGuide: (userId: string, window: StatisticsWindowRequest, signal?: AbortSignal) =>
    api.call(Routes.dashboard.ordersPerStyleGuide, { params: { userId }, query: window, signal }),
  devices: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.devices, { query: window, signal }),
  appVersions: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.appVersions, { query: window, signal }),
  qaActivities: (request: QaActivitiesRequest, signal?: AbortSignal) => api.call(Routes.dashboard.qaActivities, { query: request, signal }),
  ordersPerPeriod: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.ordersPerPeriod, { query: window, signal }),
  imagesPerPeriod: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.imagesPerPeriod, { query: window, signal }),
  orderTimeline: (request: OrderTimelineRequest, signal?: AbortSignal) => api.call(Routes.dashboard.orderTimeline, { query: request, signal }),
  averageImagesPerCar: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.averageImagesPerCar, { query: window, signal }),
  ordersByStatus: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.ordersByStatus, { query: window, signal }),
  inactiveUsers: (request: InactiveUsersRequest, signal?: AbortSignal) =>
    api.call(Routes.dashboard.inactiveUsers, { query: request, signal }).then(pageFromResults),
  repushedImages: (request: MonthRequest, signal?: AbortSignal) => api.call(Routes.dashboard.repushedImages, { query: request, signal }),
  editedImages: (request: MonthRequest, signal?: AbortSignal) => api.call(Routes.dashboard.editedImages, { query: request, signal }),
  totalEvents: (request: TotalEventsRequest, signal?: AbortSignal) => api.call(Routes.dashboard.totalEvents, { query: request, signal }),
  flawlessOrders: (window: StatisticsWindowRequest, signal?: AbortSignal) => api.call(Routes.dashboard.flawlessOrders, { query: window, signal }),
  qaServiceLevels: (request: ServiceLevelsRequest, signal?: AbortSignal) => api.call(Routes.dashboard.qaServiceLevels, { query: request, signal }),
};

export type DashboardQuestion = keyof typeof dashboardApi;

/** The two kinds of monthly image-ratio chart. */
export type ImageRatioKind = 'edited' | 'repushed';

/**
 * TanStack Query keys of every dashboard (the dealership's, management's and the admin's):
 * `['dashboard', question, params]`, the question named like its call. `useStatistics` also keeps
 * the answer in localStorage under this key; `all()` is the prefix the refresh control marks stale.
 */
export const dashboardKeys = {
  all: () => ['dashboard'] as const,
  dealershipOrders: (id: string, window: StatisticsWindowRequest) => ['dashboard', 'dealershipOrders', { id, ...window }] as const,
  ordersPerSalesMan: (id: string, window: StatisticsWindowRequest) => ['dashboard', 'ordersPerSalesMan', { id, ...window }] as const,
  ordersByDealership: (id: string, window: StatisticsWindowRequest) => ['dashboard', 'ordersByDealership', { id, ...window }] as const,
  ordersPerStyleGuide: (id: string, window: StatisticsWindowRequest) => ['dashboard', 'ordersPerStyleGuide', { id, ...window }] as const,
  ordersPerPeriod: (window: StatisticsWindowRequest) => ['dashboard', 'ordersPerPeriod', window] as const,
  imagesPerPeriod: (window: StatisticsWindowRequest) => ['dashboard', 'imagesPerPeriod', window] as const,
  devices: (window: StatisticsWindowRequest) => ['dashboard', 'devices', window] as const,
  appVersions: (window: StatisticsWindowRequest) => ['dashboard', 'appVersions', window] as const,
  averageImagesPerCar: (window: StatisticsWindowRequest) => ['dashboard', 'averageImagesPerCar', window] as const,
  ordersByStatus: (window: StatisticsWindowRequest) => ['dashboard', 'ordersByStatus', window] as const,
  orderTimeline: (request: OrderTimelineRequest) => ['dashboard', 'orderTimeline', request] as const,
  /** the inactive-users table; `useDataGrid` adds each page's query (`{ page, timeFrame }`) */
  inactiveUsers: () => ['dashboard', 'inactiveUsers'] as const,
  imageRatio: (kind: ImageRatioKind, month: string) => ['dashboard', `${kind}Images`, { timeStamp: month }] as const,
  qaActivities: (request: QaActivitiesRequest) => ['dashboard', 'qaActivities', request] as const,
  totalEvents: (request: TotalEventsRequest) => ['dashboard', 'totalEvents', request] as const,
  flawlessOrders: (window: StatisticsWindowRequest) => ['dashboard', 'flawlessOrders', window] as const,
  qaServiceLevels: (request: ServiceLevelsRequest) => ['dashboard', 'qaServiceLevels', request] as const,
};

/**
 * Query options of the dashboards' questions: the key and the call written together, read with
 * `useStatistics(dashboardQueries.devices(window))` (which keeps the answer until it expires).
 */
export const dashboardQueries = {
  dealershipOrders: (id: string, window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.dealershipOrders(id, window), queryFn: ({ signal }) => dashboardApi.dealershipOrders(id, window, signal) }),
  ordersPerSalesMan: (id: string, window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.ordersPerSalesMan(id, window), queryFn: ({ signal }) => dashboardApi.ordersPerSalesMan(id, window, signal) }),
  ordersByDealership: (id: string, window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.ordersByDealership(id, window), queryFn: ({ signal }) => dashboardApi.ordersByDealership(id, window, signal) }),
  ordersPerStyleGuide: (id: string, window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.ordersPerStyleGuide(id, window), queryFn: ({ signal }) => dashboardApi.ordersPerStyleGuide(id, window, signal) }),
  ordersPerPeriod: (window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.ordersPerPeriod(window), queryFn: ({ signal }) => dashboardApi.ordersPerPeriod(window, signal) }),
  imagesPerPeriod: (window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.imagesPerPeriod(window), queryFn: ({ signal }) => dashboardApi.imagesPerPeriod(window, signal) }),
  devices: (window: StatisticsWindowRequest) => queryOptions({ queryKey: dashboardKeys.devices(window), queryFn: ({ signal }) => dashboardApi.devices(window, signal) }),
  appVersions: (window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.appVersions(window), queryFn: ({ signal }) => dashboardApi.appVersions(window, signal) }),
  averageImagesPerCar: (window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.averageImagesPerCar(window), queryFn: ({ signal }) => dashboardApi.averageImagesPerCar(window, signal) }),
  ordersByStatus: (window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.ordersByStatus(window), queryFn: ({ signal }) => dashboardApi.ordersByStatus(window, signal) }),
  orderTimeline: (request: OrderTimelineRequest) =>
    queryOptions({ queryKey: dashboardKeys.orderTimeline(request), queryFn: ({ signal }) => dashboardApi.orderTimeline(request, signal) }),
  imageRatio: (kind: ImageRatioKind, month: string) =>
    queryOptions({
      queryKey: dashboardKeys.imageRatio(kind, month),
      queryFn: ({ signal }) => (kind === 'edited' ? dashboardApi.editedImages({ timeStamp: month }, signal) : dashboardApi.repushedImages({ timeStamp: month }, signal)),
    }),
  qaActivities: (request: QaActivitiesRequest) =>
    queryOptions({ queryKey: dashboardKeys.qaActivities(request), queryFn: ({ signal }) => dashboardApi.qaActivities(request, signal) }),
  totalEvents: (request: TotalEventsRequest) =>
    queryOptions({ queryKey: dashboardKeys.totalEvents(request), queryFn: ({ signal }) => dashboardApi.totalEvents(request, signal) }),
  flawlessOrders: (window: StatisticsWindowRequest) =>
    queryOptions({ queryKey: dashboardKeys.flawlessOrders(window), queryFn: ({ signal }) => dashboardApi.flawlessOrders(window, signal) }),
  qaServiceLevels: (request: ServiceLevelsRequest) =>
    queryOptions({ queryKey: dashboardKeys.qaServiceLevels(request), queryFn: ({ signal }) => dashboardApi.qaServiceLevels(request, signal) }),
};

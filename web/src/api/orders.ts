import { Routes } from '@app/contracts/http';
import type { CreateOrderRequest, OrderStatus, QaStatus, UpdateOrderRequest } from '@app/contracts/wire';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from './client';

/** Calls of orders and their timeline, and what the order creator reads of accounts, sales people and style guides. */

/** Statuses in which the order is still moving on its own (uploads, the pipeline): screens poll them. */
export const MOVING_STATUSES: readonly OrderStatus[] = ['Uploading', 'In Progress'];

/** Translation key suffix of a status or QA status (`orders.status.inProgress`). */
export const STATUS_KEYS = {
  Uploading: 'uploading',
  'In Progress': 'inProgress',
  'QA stage': 'qaStage',
  Delivering: 'delivering',
  'Ready to download': 'readyToDownload',
  Completed: 'completed',
} as const satisfies Record<OrderStatus, string>;

export const QA_STATUS_KEYS = {
  'Waiting For QA': 'waitingForQa',
  'Waiting For Edition': 'waitingForEdition',
  Approved: 'approved',
} as const satisfies Record<QaStatus, string>;

/** `GET /orders/get-orders`: page (1-based), sort, and the list's filters, as the list's URL holds them. */
export type OrderListQuery = Record<string, string | number | undefined>;

export const ordersApi = {
  list: (query: OrderListQuery, signal?: AbortSignal) => api.call(Routes.orders.list, { query, signal }),
  get: (id: string, signal?: AbortSignal) => api.call(Routes.orders.get, { params: { id }, signal }),
  create: (body: CreateOrderRequest) => api.call(Routes.orders.create, { body }),
  update: (id: string, body: UpdateOrderRequest) => api.call(Routes.orders.update, { params: { id }, body }),
  /** true: QA status Approved, status Ready to download */
  approve: (id: string, approved = true) => api.call(Routes.orders.approval, { params: { id, approved: String(approved) } }),
  remove: (id: string) => api.call(Routes.orders.delete, { params: { id } }),
  events: (id: string, page: number, isHidden: boolean, signal?: AbortSignal) =>
    api.call(Routes.orderEvents.ofOrder, { params: { id }, query: { page, isHidden }, signal }),
  /** `GET /events/user/{id}`: the events of an account's orders, 10 a page, newest first */
  accountEvents: (accountId: string, page: number, isHidden: boolean, signal?: AbortSignal) =>
    api.call(Routes.orderEvents.ofUser, { params: { id: accountId }, query: { page, isHidden }, signal }),
};

/**
 * TanStack Query keys of orders and their timeline: [resource, action, params]. A shorter key
 * is the prefix of the longer ones, for invalidation (`all()` reaches every order query).
 */
export const orderKeys = {
  all: () => ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  one: (id: string) => ['orders', 'get', { id }] as const,
  allEvents: () => ['order-events'] as const,
  events: (id: string) => ['order-events', 'list', { id }] as const,
  /** the events of an account's orders; `useDataGrid` adds each page's query */
  accountEvents: (accountId: string) => ['order-events', 'of-user', { accountId }] as const,
};

/**
 * Query options of the orders reads: the key and the fetch written together
 * (`useQuery(orderQueries.one(id))`; add `enabled`, `placeholderData`… by spreading).
 */
export const orderQueries = {
  one: (id: string) => queryOptions({ queryKey: orderKeys.one(id), queryFn: ({ signal }) => ordersApi.get(id, signal) }),
};

/** How long after a change of an image the orders service has written its line on the timeline (and the order's step). */
export const TIMELINE_SETTLE_MS = 1500;

/**
 * After a change of an image (approval, repush, a re-edit request): its timeline line and what
 * it does to the order are written by the orders service from the images service's event, a
 * moment later. The timeline and the order are read now and once more after that moment.
 */
export function refreshOrderSoon(queryClient: QueryClient, orderId: string): void {
  const read = () => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) });
  };
  read();
  setTimeout(read, TIMELINE_SETTLE_MS);
}

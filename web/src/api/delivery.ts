import { Routes } from '@app/contracts/http';
import type { EnqueueDeliveryRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** The delivery queue: enqueueing an order, its deliveries, and the admin's queue. */
export const deliveryApi = {
  /** `POST /orders/enqueue-order-delivery-by-id/{id}`: one message per chosen integration */
  enqueue: (orderId: string, body: EnqueueDeliveryRequest) => api.call(Routes.orderDelivery.enqueue, { params: { orderId }, body }),
  /** the active integrations of the order's account (admin and QA); its answer is the accounts area's */
  integrationsOf: (orderId: string, signal?: AbortSignal) => api.call(Routes.orderDelivery.integrations, { params: { id: orderId }, signal }),
  /** where the order went and when: its messages with their receipts */
  ofOrder: (orderId: string, signal?: AbortSignal) => api.call(Routes.orderDelivery.deliveries, { params: { id: orderId }, signal }),
  /** `GET /order-delivery-messages`: `[items, count]`, 10 a page, newest first */
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) => api.call(Routes.deliveryMessages.list, { query, signal }),
  availableCount: (signal?: AbortSignal) => api.call(Routes.deliveryMessages.availableCount, { signal }),
  setVisible: (id: string) => api.call(Routes.deliveryMessages.setVisible, { params: { id } }),
  remove: (id: string) => api.call(Routes.deliveryMessages.delete, { params: { id } }),
  reboot: () => api.call(Routes.deliveryMessages.reboot),
};

/** TanStack Query keys of the delivery queue: [resource, action, params]. */
export const deliveryKeys = {
  all: () => ['delivery'] as const,
  lists: () => ['delivery', 'list'] as const,
  availableCount: () => ['delivery', 'available-count'] as const,
  ofOrder: (orderId: string) => ['delivery', 'of-order', { orderId }] as const,
  integrationsOf: (orderId: string) => ['delivery', 'integrations-of-order', { orderId }] as const,
  /** the order header's Deliver (a mutation key: the deliveries card follows what it queued) */
  enqueue: (orderId: string) => ['delivery', 'enqueue', { orderId }] as const,
};

/** Query options of the delivery reads (`useQuery({ ...deliveryQueries.ofOrder(id), refetchInterval })`). */
export const deliveryQueries = {
  ofOrder: (orderId: string) => queryOptions({ queryKey: deliveryKeys.ofOrder(orderId), queryFn: ({ signal }) => deliveryApi.ofOrder(orderId, signal) }),
  integrationsOf: (orderId: string) =>
    queryOptions({ queryKey: deliveryKeys.integrationsOf(orderId), queryFn: ({ signal }) => deliveryApi.integrationsOf(orderId, signal) }),
  availableCount: () => queryOptions({ queryKey: deliveryKeys.availableCount(), queryFn: ({ signal }) => deliveryApi.availableCount(signal) }),
};

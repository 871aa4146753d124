import type {
  AvailableCountView,
  DeliveryMessagePage,
  DeliveryMessageView,
  EnqueueDeliveryRequest,
  IntegrationView,
  OrderDeliveryView,
  RebootView,
} from '@app/contracts/wire';
import { api } from './client';

/** The delivery queue: enqueueing an order, its deliveries, and the admin's queue. */
export const deliveryApi = {
  /** `POST /orders/enqueue-order-delivery-by-id/{id}`: one message per chosen integration */
  enqueue: (orderId: string, body: EnqueueDeliveryRequest) => api.post<DeliveryMessageView[]>(`/orders/enqueue-order-delivery-by-id/${orderId}`, body),
  /** the active integrations of the order's account (admin and QA) */
  integrationsOf: (orderId: string, signal?: AbortSignal) => api.get<IntegrationView[]>(`/orders/${orderId}/delivery-integrations`, { signal }),
  /** where the order went and when: its messages with their receipts */
  ofOrder: (orderId: string, signal?: AbortSignal) => api.get<OrderDeliveryView[]>(`/orders/${orderId}/deliveries`, { signal }),
  /** `GET /order-delivery-messages`: `[items, count]`, 10 a page, newest first */
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) => api.get<DeliveryMessagePage>('/order-delivery-messages', { query, signal }),
  availableCount: (signal?: AbortSignal) => api.get<AvailableCountView>('/order-delivery-messages/get-current-available-count', { signal }),
  setVisible: (id: string) => api.put<DeliveryMessageView>(`/order-delivery-messages/set-visible/${id}`),
  remove: (id: string) => api.delete<{ deleted: true }>(`/order-delivery-messages/${id}`),
  reboot: () => api.get<RebootView>('/order-delivery-messages/reboot-remote-delivery-robot'),
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

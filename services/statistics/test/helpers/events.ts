import { randomUUID } from 'node:crypto';
import type {
  OrderCreated,
  OrderStatus,
  OrderStatusChanged,
  OrderTimelineRecorded,
  PipelineImageProcessed,
  QaStatus,
} from '@app/contracts';

/** Events as their producers publish them, with sensible defaults, for the statistics tests. */
export const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 20, 8, 0, 0) + minutes * 60_000).toISOString();

export function orderCreated(o: Partial<OrderCreated> & { accountId: string }): OrderCreated {
  return {
    orderId: randomUUID(),
    styleGuideId: randomUUID(),
    salesPersonId: null,
    platform: 'web',
    appVersion: null,
    takenImagesCount: 8,
    createdAt: at(0),
    ...o,
  };
}

const QA_OF: Record<OrderStatus, QaStatus> = {
  Uploading: 'Waiting For QA',
  'In Progress': 'Waiting For QA',
  'QA stage': 'Waiting For QA',
  Delivering: 'Approved',
  'Ready to download': 'Approved',
  Completed: 'Approved',
};

export function statusChanged(order: { orderId: string; accountId: string }, previousStatus: OrderStatus, status: OrderStatus, when: string): OrderStatusChanged {
  return {
    orderId: order.orderId,
    accountId: order.accountId,
    status,
    QAstatus: QA_OF[status],
    previousStatus,
    previousQAstatus: QA_OF[previousStatus],
    changedBy: 'lifecycle',
    at: when,
  };
}

export function timelineLine(
  order: { orderId: string; accountId: string },
  eventName: OrderTimelineRecorded['eventName'],
  when: string,
  extra: Partial<OrderTimelineRecorded> = {},
): OrderTimelineRecorded {
  return {
    eventId: randomUUID(),
    orderId: order.orderId,
    accountId: order.accountId,
    orderName: 'AB 12 345',
    eventName,
    userId: null,
    userName: null,
    payload: {},
    at: when,
    ...extra,
  };
}

export function imageProcessed(orderId: string, when: string, imageId: string = randomUUID()): PipelineImageProcessed {
  return {
    jobId: randomUUID(),
    imageId,
    orderId,
    route: 'bypass',
    lane: 'live',
    keys: {
      optimized: `orders/${orderId}/images/${imageId}/optimized.jpg`,
      thumb: `orders/${orderId}/images/${imageId}/thumb.jpg`,
    },
    width: 1600,
    height: 1200,
    fileSize: 300_000,
    quality: 85,
    thumbWidth: 225,
    thumbHeight: 169,
    attempt: 1,
    durationMs: 900,
    worker: 'test',
    processedAt: when,
  };
}

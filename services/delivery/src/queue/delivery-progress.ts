import { DeliveryEvents, type DeliveryTimelineLine, type OrderEventLine } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryOrderStatesRepository } from './delivery-order-states.repository';

/**
 * Tells the orders service, through the outbox in the caller's transaction, where an order's
 * delivery stands after a change of its messages: the counts, the newest error, the version
 * (the order-state row stays locked until the commit, so versions of one order never cross)
 * and the timeline line of the change.
 */
/** The line of a change: an event of the delivery with its payload (typed by the event), and who did it. */
export type DeliveryTimelineEntry = OrderEventLine<'DELIVERY_QUEUED' | 'DELIVERED' | 'DELIVERY_FAILED' | 'DELIVERY_REMOVED'> &
  Pick<DeliveryTimelineLine, 'userId' | 'userName'>;

@Injectable()
export class DeliveryProgress {
  constructor(
    private readonly host: MessagingHost,
    private readonly messages: DeliveryMessagesRepository,
    private readonly states: DeliveryOrderStatesRepository,
  ) {}

  async publish(m: EntityManager, order: { orderId: string; accountId: string }, timeline: DeliveryTimelineEntry | null, at = new Date()): Promise<void> {
    const version = await this.states.nextVersion(m, order.orderId, order.accountId);
    const summary = await this.messages.summary(m, order.orderId);
    await this.host.outbox.add(m, DeliveryEvents.orderProgress, {
      orderId: order.orderId,
      accountId: order.accountId,
      version,
      ...summary,
      timeline,
      at: at.toISOString(),
    });
  }
}

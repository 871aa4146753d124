import { DELIVERY_DURABLES, OrdersEvents, type OrderStatusChanged } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DeliveryQueueService } from './delivery-queue.service';

/** `changedBy` of the status changes the delivery progress makes (a stopped delivery sends the order back to Ready to download). */
const BY_DELIVERY = 'delivery';

/**
 * Automatic delivery: an order that became Ready to download is queued to every active
 * integration of its account with `autoDeliver` on (durable consumer
 * `delivery-auto-delivery`). The queueing and the record of what was queued are written in
 * the consumer's transaction with the processed-message record, so a redelivered event, a
 * second replica or a restart queue each order and integration once.
 */
@Injectable()
export class AutoDeliveryConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly queue: DeliveryQueueService,
  ) {}

  onModuleInit(): void {
    this.host.on(OrdersEvents.statusChanged, DELIVERY_DURABLES.autoDelivery, (e, ctx) => this.onStatusChanged(e, ctx));
  }

  async onStatusChanged(e: OrderStatusChanged, { manager }: MessageHandlerContext): Promise<void> {
    if (e.status !== 'Ready to download' || e.previousStatus === 'Ready to download' || e.changedBy === BY_DELIVERY) return;
    await this.queue.autoEnqueue(manager, e.orderId, `auto-delivery-${e.orderId}`);
  }
}

import { DeliveryEvents, ORDERS_DURABLES, pairForStatus, type OrderDeliveryProgress } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventsRepository } from '../events/events.repository';
import { OrderTransitions } from '../orders/order-transitions';
import { OrdersRepository } from '../orders/orders.repository';
import { deliveryStep } from './lifecycle.rules';

/**
 * The order's delivery, driven by the delivery service (`DeliveryEvents.orderProgress`,
 * durable consumer `orders-delivery-progress`): the line of the change on the timeline
 * (queued, delivered to a destination, a failed attempt), the counts on the order (an older
 * version than the one kept is ignored) with each destination's state, and the status:
 * Delivering while messages wait, Completed once every message is delivered, back to Ready to
 * download (with a DELIVERY_STOPPED line saying why) when none waits and a destination failed
 * for good or was removed from the queue (`changedBy: "delivery"`).
 */
@Injectable()
export class DeliveryConsumer implements OnModuleInit {
  constructor(
    private readonly messaging: MessagingHost,
    private readonly orders: OrdersRepository,
    private readonly events: EventsRepository,
    private readonly transitions: OrderTransitions,
  ) {}

  onModuleInit(): void {
    this.messaging.on(DeliveryEvents.orderProgress, ORDERS_DURABLES.deliveryProgress, (p, ctx) => this.onProgress(p, ctx));
  }

  async onProgress(p: OrderDeliveryProgress, { manager: m }: MessageHandlerContext): Promise<void> {
    const o = await this.orders.findById(m, p.orderId, true);
    if (!o) return;
    const at = new Date(p.at);
    if (p.timeline) {
      const user = p.timeline.userId ? { id: p.timeline.userId, displayName: p.timeline.userName ?? '' } : null;
      await this.events.append(m, o, p.timeline.eventName, p.timeline.payload, user, at);
    }
    if (p.version <= o.deliveryVersion) return;
    o.deliveryVersion = p.version;
    o.deliveryQueued = p.queued;
    o.deliveryDelivered = p.delivered;
    o.deliveryFailed = p.failed;
    o.deliveryLastError = p.lastError ?? null;
    if (p.destinations) o.deliveryDestinations = p.destinations;
    const outcome = p.timeline?.eventName === 'DELIVERED' || p.timeline?.eventName === 'DELIVERY_FAILED';
    const to = deliveryStep(o.status, p, outcome);
    if (to === 'Ready to download') {
      // out of Delivering with nothing pending: the line says why, before the status change's
      const removed = p.timeline?.eventName === 'DELIVERY_REMOVED' || p.failed === 0;
      const failedOne = o.deliveryDestinations.find((d) => d.state === 'failed');
      // the change's own line names its provider (every delivery line does)
      const provider = p.timeline && 'provider' in p.timeline.payload && typeof p.timeline.payload.provider === 'string' ? p.timeline.payload.provider : null;
      await this.events.append(
        m,
        o,
        'DELIVERY_STOPPED',
        {
          cause: removed ? 'removed' : 'failed',
          provider: provider ?? failedOne?.provider ?? null,
          error: removed ? null : (p.lastError ?? failedOne?.lastError ?? null),
          failed: p.failed,
          delivered: p.delivered,
        },
        null,
        at,
      );
    }
    if (to) await this.transitions.moveTo(m, o, pairForStatus(to), null, 'delivery', at);
    await this.orders.save(m, o);
  }
}

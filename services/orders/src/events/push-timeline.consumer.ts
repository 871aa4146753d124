import { DeliveryEvents, ORDERS_DURABLES, type PushNotificationRecorded } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrdersRepository } from '../orders/orders.repository';
import { EventsRepository } from './events.repository';

/**
 * A push notification about an order, sent or failed (the delivery service's
 * `DeliveryEvents.pushNotification`), on the order's timeline: `PUSH_NOTIFICATION_SENT`
 * (title, body, provider, devices) or `PUSH_NOTIFICATION_FAILED` (title, reason), by the admin
 * who sent it. A deleted order writes nothing.
 */
@Injectable()
export class PushTimelineConsumer implements OnModuleInit {
  constructor(
    private readonly messaging: MessagingHost,
    private readonly orders: OrdersRepository,
    private readonly events: EventsRepository,
  ) {}

  onModuleInit(): void {
    this.messaging.on(DeliveryEvents.pushNotification, ORDERS_DURABLES.pushNotifications, (p, ctx) => this.apply(p, ctx));
  }

  async apply(p: PushNotificationRecorded, { manager: m }: MessageHandlerContext): Promise<void> {
    const o = await this.orders.findById(m, p.orderId);
    if (!o) return;
    const user = p.userId || p.userName ? { id: p.userId ?? null, displayName: p.userName ?? '' } : null;
    if (p.status === 'sent') {
      await this.events.append(m, o, 'PUSH_NOTIFICATION_SENT', { title: p.title, body: p.body, provider: p.provider, devices: p.devicesReached }, user, new Date(p.at));
    } else {
      await this.events.append(m, o, 'PUSH_NOTIFICATION_FAILED', { title: p.title, reason: p.error ?? '' }, user, new Date(p.at));
    }
  }
}

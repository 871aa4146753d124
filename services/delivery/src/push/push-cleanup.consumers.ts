import { DELIVERY_DURABLES, OrdersEvents, UsersEvents, type AccountDeleted, type OrderDeleted } from '@app/contracts';
import { MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { DeviceTokensRepository } from './device-tokens.repository';
import { PushNotificationsRepository } from './push-notifications.repository';

/**
 * What push notifications keep of an account or an order goes with it: a deleted account's
 * devices (its own and its sales people's) and the notifications about its orders, and its id
 * on notifications it sent about other accounts' orders (an admin); a deleted order's
 * notifications. Durable consumers: each event is applied once, in one transaction.
 */
@Injectable()
export class PushCleanupConsumers implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly devices: DeviceTokensRepository,
    private readonly notifications: PushNotificationsRepository,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.host.on(UsersEvents.accountDeleted, DELIVERY_DURABLES.accountDeleted, (e, ctx) => this.onAccountDeleted(ctx.manager, e));
    this.host.on(OrdersEvents.deleted, DELIVERY_DURABLES.orderDeleted, (e, ctx) => this.onOrderDeleted(ctx.manager, e));
  }

  async onAccountDeleted(m: EntityManager, { userId }: AccountDeleted): Promise<void> {
    const devices = await this.devices.deleteOfAccount(m, userId);
    const notifications = await this.notifications.deleteOfAccount(m, userId);
    await this.notifications.forgetSender(m, userId);
    this.logger.info({ userId, devices, notifications }, "deleted account's devices and push notifications removed");
  }

  async onOrderDeleted(m: EntityManager, { orderId }: OrderDeleted): Promise<void> {
    await this.notifications.deleteOfOrder(m, orderId);
  }
}

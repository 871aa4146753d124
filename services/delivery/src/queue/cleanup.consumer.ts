import { DELIVERY_DURABLES, OrdersEvents, UsersEvents, type AccountDeleted, type OrderDeleted } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryOrderStatesRepository } from './delivery-order-states.repository';
import { RobotCredentialsRepository } from './robot-credentials.repository';

/**
 * A deleted order leaves the queue with its receipts; a deleted account also loses its robot
 * keys. Each applied once, in one transaction; a redelivery finds nothing left to do.
 */
@Injectable()
export class DeliveryCleanupConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly messages: DeliveryMessagesRepository,
    private readonly states: DeliveryOrderStatesRepository,
    private readonly credentials: RobotCredentialsRepository,
  ) {}

  onModuleInit(): void {
    this.host.on(OrdersEvents.deleted, DELIVERY_DURABLES.queueOrderDeleted, (e, ctx) => this.onOrderDeleted(e, ctx));
    this.host.on(UsersEvents.accountDeleted, DELIVERY_DURABLES.queueAccountDeleted, (e, ctx) => this.onAccountDeleted(e, ctx));
  }

  async onOrderDeleted({ orderId }: OrderDeleted, { manager: m }: MessageHandlerContext): Promise<void> {
    await this.messages.deleteOfOrder(m, orderId);
    await this.states.deleteOfOrder(m, orderId);
  }

  async onAccountDeleted({ userId }: AccountDeleted, { manager: m }: MessageHandlerContext): Promise<void> {
    await this.messages.deleteOfAccount(m, userId);
    await this.states.deleteOfAccount(m, userId);
    await this.credentials.deleteOfAccount(m, userId);
  }
}

import { ORDERS_DURABLES, OrdersEvents, UsersEvents, type AccountDeleted } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventsRepository } from '../events/events.repository';
import { QaTasksRepository } from '../qa-workspace/qa-tasks.repository';
import { TagAssignmentsRepository } from '../tags/tag-assignments.repository';
import { OrdersRepository } from './orders.repository';

/**
 * A deleted account takes its orders, their events and every tag on them (and on the account)
 * with it; on other accounts' orders, events and tags its id is cleared. Each order is published as `OrdersEvents.deleted`, so the images service removes
 * its images, videos and files. Applied once, in one transaction.
 */
@Injectable()
export class AccountCleanupConsumer implements OnModuleInit {
  constructor(
    private readonly messaging: MessagingHost,
    private readonly orders: OrdersRepository,
    private readonly events: EventsRepository,
    private readonly tags: TagAssignmentsRepository,
    private readonly qaTasks: QaTasksRepository,
  ) {}

  onModuleInit(): void {
    this.messaging.on(UsersEvents.accountDeleted, ORDERS_DURABLES.accountDeleted, (e, ctx) => this.onAccountDeleted(e, ctx));
  }

  async onAccountDeleted({ userId }: AccountDeleted, { manager: m }: MessageHandlerContext): Promise<void> {
    const at = new Date().toISOString();
    for (const orderId of await this.orders.idsOfAccount(m, userId)) {
      await this.messaging.outbox.add(m, OrdersEvents.deleted, { orderId, accountId: userId, at });
    }
    await this.tags.deleteOfAccount(m, userId);
    await this.orders.deleteOfAccount(m, userId);
    await this.events.deleteOfAccount(m, userId);
    // what it did to other accounts' orders stays theirs, no longer naming it
    await this.orders.forgetCreator(m, userId);
    await this.events.forgetUser(m, userId);
    await this.tags.forgetAssigner(m, userId);
    await this.qaTasks.forgetUser(m, userId);
  }
}

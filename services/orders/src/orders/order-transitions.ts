import { OrdersEvents, STATUSES_APPROVED } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventsRepository, type EventUser } from '../events/events.repository';
import { QaTaskChanges } from '../qa-workspace/qa-task-changes';
import type { Order } from './order.entity';
import { secondsSince, type StatusPair } from './order-status.rules';

/**
 * A change of status and QA status, whoever makes it (a person or the lifecycle): the UPDATED
 * event with from and to, the time to Ready to download / Completed the first time they are
 * reached, and `OrdersEvents.statusChanged`, all in the caller's transaction. The caller saves
 * the order.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly events: EventsRepository,
    private readonly messaging: MessagingHost,
    private readonly qaTasks: QaTaskChanges,
  ) {}

  async moveTo(m: EntityManager, o: Order, to: StatusPair, by: EventUser, changedBy: string, at: Date = new Date()): Promise<boolean> {
    if (o.status === to.status && o.qaStatus === to.QAstatus) return false;
    const from = { status: o.status, QAstatus: o.qaStatus };
    if (to.status === 'QA stage' && o.status !== 'QA stage') o.qaStageSince = at;
    if (STATUSES_APPROVED.includes(to.status)) await this.qaTasks.close(m, o);
    o.status = to.status;
    o.qaStatus = to.QAstatus;
    if (to.status === 'Ready to download' && o.timeToReadyToDownload === null) o.timeToReadyToDownload = secondsSince(o.createdAt, at);
    if (to.status === 'Completed' && o.timeToCompleted === null) o.timeToCompleted = secondsSince(o.createdAt, at);
    await this.events.append(m, o, 'UPDATED', { from, to: { status: to.status, QAstatus: to.QAstatus } }, by, at);
    await this.messaging.outbox.add(m, OrdersEvents.statusChanged, {
      orderId: o.id,
      accountId: o.accountId,
      status: to.status,
      QAstatus: to.QAstatus,
      previousStatus: from.status,
      previousQAstatus: from.QAstatus,
      changedBy,
      at: at.toISOString(),
    });
    return true;
  }
}

import {
  clampPage,
  paged,
  type Actor,
  type OrderEventsPayload,
  type OrderEventView,
  type Paged,
  type UserEventsPayload,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrderPolicy } from '../access/order-policy';
import { EventsRepository, toEventView } from './events.repository';

/**
 * The timeline of an order (whoever may see the order) and the events of an account's orders
 * (admin; QA with READ_USER_EVENTS; the account itself). 10 a page, newest first. Hidden
 * events show only to admin and QA, and only when asked for.
 */
@Injectable()
export class EventsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly events: EventsRepository,
    private readonly policy: OrderPolicy,
  ) {}

  /** The order, its count and its page are read in one statement; the page is answered only if the actor may see the order. */
  async ofOrder(actor: Actor, p: OrderEventsPayload): Promise<Paged<OrderEventView>> {
    const withHidden = !!p.isHidden && OrderPolicy.seesHiddenEvents(actor);
    const res = await this.events.orderPage(this.ds.manager, p.id, withHidden, p.page);
    await this.policy.assertCanSee(actor, res.accountId === null ? null : { accountId: res.accountId });
    return paged(res.rows, res.total, res.page);
  }

  async ofUser(actor: Actor, p: UserEventsPayload): Promise<Paged<OrderEventView>> {
    OrderPolicy.assertCanReadAccountEvents(actor, p.id);
    const withHidden = !!p.isHidden && OrderPolicy.seesHiddenEvents(actor);
    const res = await this.events.page(this.ds.manager, { accountId: p.id }, withHidden, (n) => clampPage(p.page, n));
    return paged(res.rows.map(toEventView), res.total, res.page);
  }
}

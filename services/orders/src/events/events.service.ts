import {
  clampPage,
  hasPermission,
  paged,
  RpcError,
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
import { OrdersRepository } from '../orders/orders.repository';
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
    private readonly orders: OrdersRepository,
    private readonly policy: OrderPolicy,
  ) {}

  async ofOrder(actor: Actor, p: OrderEventsPayload): Promise<Paged<OrderEventView>> {
    const o = await this.orders.findById(this.ds.manager, p.id);
    await this.policy.assertCanSee(actor, o);
    const withHidden = !!p.isHidden && OrderPolicy.isStaff(actor);
    const res = await this.events.page(this.ds.manager, { orderId: p.id }, withHidden, (n) => clampPage(p.page, n));
    return paged(res.rows.map(toEventView), res.total, res.page);
  }

  async ofUser(actor: Actor, p: UserEventsPayload): Promise<Paged<OrderEventView>> {
    if (actor.role === 'QA' && !hasPermission(actor.permissions, 'READ_USER_EVENTS')) throw RpcError.forbidden('Missing permission READ_USER_EVENTS');
    if (!OrderPolicy.isStaff(actor) && actor.userId !== p.id) throw RpcError.notFound('User not found');
    const withHidden = !!p.isHidden && OrderPolicy.isStaff(actor);
    const res = await this.events.page(this.ds.manager, { accountId: p.id }, withHidden, (n) => clampPage(p.page, n));
    return paged(res.rows.map(toEventView), res.total, res.page);
  }
}

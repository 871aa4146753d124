import { hasPermission, ORDER_MESSAGES, RpcError, systemActor, UsersRpc, type Actor } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';

/** The accounts whose orders an actor may see: every account, or these. */
export type OrderScope = { kind: 'all' } | { kind: 'accounts'; ids: string[] };

/** What a rule needs of an order. */
export interface OwnedOrder {
  accountId: string;
}

/**
 * Object-level rules of the orders service, in one place:
 * - admin and QA see and work on every order;
 * - a dealership sees its own account's orders (a sales person signed in acts as its
 *   dealership and sees the account's orders too);
 * - management sees its own and its child accounts' orders (children from the users service);
 * - what the actor may not see is "not found".
 * Writing (rename, delete, uploads) is for admin and QA, and for the owner account itself;
 * management reads its children's orders but does not change them (403).
 */
@Injectable()
export class OrderPolicy {
  constructor(private readonly messaging: MessagingHost) {}

  static isStaff(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'QA' || actor.role === 'System';
  }

  static isAdmin(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'System';
  }

  static assertStaff(actor: Actor): void {
    if (!OrderPolicy.isStaff(actor)) throw RpcError.forbidden();
  }

  /** the owner account itself (or one of its sales people) */
  static isOwner(actor: Actor, order: OwnedOrder): boolean {
    return !!actor.userId && actor.userId === order.accountId && (actor.role === 'Dealership' || actor.role === 'Management');
  }

  async scope(actor: Actor): Promise<OrderScope> {
    if (OrderPolicy.isStaff(actor)) return { kind: 'all' };
    if (!actor.userId || (actor.role !== 'Dealership' && actor.role !== 'Management')) return { kind: 'accounts', ids: [] };
    if (actor.role === 'Dealership') return { kind: 'accounts', ids: [actor.userId] };
    const me = await this.messaging.rpc.send(UsersRpc.get, { id: actor.userId }, systemActor(actor.requestId));
    return { kind: 'accounts', ids: [actor.userId, ...me.childAccounts] };
  }

  static inScope(scope: OrderScope, accountId: string): boolean {
    return scope.kind === 'all' || scope.ids.includes(accountId);
  }

  /** 404 unless the actor may see the order. */
  async assertCanSee(actor: Actor, order: OwnedOrder | null | undefined): Promise<void> {
    if (!order) throw RpcError.notFound(ORDER_MESSAGES.notFound);
    if (OrderPolicy.isStaff(actor) || OrderPolicy.isOwner(actor, order)) return;
    if (!OrderPolicy.inScope(await this.scope(actor), order.accountId)) throw RpcError.notFound(ORDER_MESSAGES.notFound);
  }

  /** 404 unless the actor may see it, 403 unless it may also change it (the owner needs `permission`). */
  async assertCanWrite(actor: Actor, order: OwnedOrder | null | undefined, permission?: string): Promise<void> {
    await this.assertCanSee(actor, order);
    if (OrderPolicy.isStaff(actor)) return;
    if (!OrderPolicy.isOwner(actor, order!)) throw RpcError.forbidden();
    if (permission && !hasPermission(actor.permissions, permission)) throw RpcError.forbidden(`Missing permission ${permission}`);
  }

  /**
   * Deleting: staff, and the owner holding DELETE_ORDERS, delete any order they may change; the
   * owner without it deletes its own order only while it is still Uploading (an upload left
   * unfinished, which it could otherwise neither finish nor remove). 404 unless the actor may see
   * it, 403 with a sentence otherwise. The service asks again with the locked row
   * (`assertDeletableNow`): its last picture may have just moved it on.
   */
  async assertCanDelete(actor: Actor, order: (OwnedOrder & { status: string }) | null | undefined): Promise<void> {
    // an owner without DELETE_ORDERS is not refused here: what it may delete is told by the status
    await this.assertCanWrite(actor, order);
    OrderPolicy.assertDeletableNow(actor, order!);
  }

  /** the owner without DELETE_ORDERS: only its unfinished orders */
  static deletesOnlyUnfinished(actor: Actor): boolean {
    return !OrderPolicy.isStaff(actor) && !hasPermission(actor.permissions, 'DELETE_ORDERS');
  }

  /** 403 "…only an order that is still uploading…" when the actor may delete only unfinished orders and this one is not */
  static assertDeletableNow(actor: Actor, order: { status: string }): void {
    if (OrderPolicy.deletesOnlyUnfinished(actor) && order.status !== 'Uploading') throw RpcError.forbidden(ORDER_MESSAGES.deleteOnlyUnfinished);
  }
}

import { hasPermission, mayPickAs, ORDER_MESSAGES, QA_MESSAGES, RpcError, systemActor, UsersRpc, type Actor, type QaTaskRole } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';

/** The accounts whose orders an actor may see: every account, or these. */
export type OrderScope = { kind: 'all' } | { kind: 'accounts'; ids: string[] };

/** what an account may change on its own order (with UPDATE_ORDERS); the rest is admin's and QA's */
export const OWNER_ORDER_FIELDS: readonly string[] = ['orderName'];

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
 * Beside the orders: the tag catalogue is the admin's; an account's timeline is its own (QA
 * reads any with READ_USER_EVENTS); the QA lists and picks follow the QA role tags; what the
 * product asks on its own behalf is the system's alone.
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

  /** 403 unless the admin (or the system): the tag catalogue */
  static assertAdmin(actor: Actor): void {
    if (!OrderPolicy.isAdmin(actor)) throw RpcError.forbidden();
  }

  /** 403 (with `message` when given) unless the system itself: what the product asks on its own behalf */
  static assertSystem(actor: Actor, message?: string): void {
    if (actor.role !== 'System') throw RpcError.forbidden(message);
  }

  /** a dealership or management account (or a sales person signed in as its dealership) */
  static isAccount(actor: Actor): boolean {
    return actor.role === 'Dealership' || actor.role === 'Management';
  }

  /**
   * The admin itself creates an order for any account it names (403 for anyone else naming
   * another account), with any style guide; everyone else for its own account, with a guide
   * assigned to it.
   */
  static ordersForAnyAccount(actor: Actor): boolean {
    return actor.role === 'Admin';
  }

  /** the note's preview in the orders list is shown to admin and QA only */
  static seesNotePreview(actor: Actor): boolean {
    return OrderPolicy.isStaff(actor);
  }

  /** the hidden lines of a timeline are shown to admin and QA only */
  static seesHiddenEvents(actor: Actor): boolean {
    return OrderPolicy.isStaff(actor);
  }

  /**
   * An account's own timeline: admin and the system read any, QA any while holding
   * READ_USER_EVENTS (403 without), an account its own; anyone else's is "User not found" (404).
   */
  static assertCanReadAccountEvents(actor: Actor, accountId: string): void {
    if (actor.role === 'QA' && !hasPermission(actor.permissions, 'READ_USER_EVENTS')) throw RpcError.forbidden('Missing permission READ_USER_EVENTS');
    if (!OrderPolicy.isStaff(actor) && actor.userId !== accountId) throw RpcError.notFound('User not found');
  }

  /** The QA lists of an account: staff only (403); QA reads its own lists, the admin anyone's (403 with a sentence). */
  static assertCanReadQaLists(actor: Actor, userId: string): void {
    OrderPolicy.assertStaff(actor);
    if (!OrderPolicy.isAdmin(actor) && actor.userId !== userId) throw RpcError.forbidden(QA_MESSAGES.ownListOnly);
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
   * Changing an order's fields or status (asked once the actor is known to see it): admin and QA
   * change anything; the owner holding UPDATE_ORDERS its order's name only, 403 for a status
   * change or naming the fields that are admin's and QA's; management its child's order not at all.
   */
  async assertCanUpdate(actor: Actor, order: OwnedOrder, change: { status: boolean; fields: readonly string[] }): Promise<void> {
    if (OrderPolicy.isStaff(actor)) return;
    if (change.status) throw RpcError.forbidden(ORDER_MESSAGES.statusChangeForbidden);
    const notOwn = change.fields.filter((f) => !OWNER_ORDER_FIELDS.includes(f));
    if (notOwn.length) throw RpcError.forbidden(`Only admin and QA can change: ${notOwn.join(', ')}`);
    await this.assertCanWrite(actor, order, 'UPDATE_ORDERS');
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

  /** 403 naming the holder unless the actor holds the QA task itself, or is the admin */
  static assertHoldsTask(actor: Actor, task: { userId: string | null; userName: string }): void {
    if (task.userId !== actor.userId && !OrderPolicy.isAdmin(actor)) throw RpcError.forbidden(QA_MESSAGES.notYourTask(task.userName));
  }

  /**
   * An editor picks as editor, a coordinator as coordinator, the admin as either (`mayPickAs`:
   * the role tag or the role's list permission); else 403 with a sentence. The permissions
   * come with the caller; a QA account's role tags are asked of the users service only when
   * its permissions do not already decide.
   */
  async assertCanPickAs(actor: Actor, role: QaTaskRole): Promise<void> {
    if (mayPickAs(role, { userRole: actor.role, permissions: actor.permissions })) return;
    const refused = RpcError.forbidden(role === 'editor' ? QA_MESSAGES.notEditor : QA_MESSAGES.notCoordinator);
    // what is left to decide is a QA account's role tags
    if (actor.role !== 'QA' || !actor.userId) throw refused;
    const { roleTags } = await this.messaging.rpc.send(UsersRpc.get, { id: actor.userId }, systemActor(actor.requestId));
    if (!mayPickAs(role, { userRole: actor.role, roleTags, permissions: actor.permissions })) throw refused;
  }
}

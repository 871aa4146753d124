import { OrdersRpc, RpcError, systemActor, UsersRpc, type Actor, type OrderAccess } from '@app/contracts';
import { currentRequestId } from '@app/logging';
import { RpcCallError } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';

/**
 * Object-level rules of the images service, in one place. The orders service decides who
 * may see or change an order (`OrdersRpc.access`); here are the rules on top of it: the QA
 * tools (insert, replace, approve, delete, re-process, download originals) are for admin
 * and QA only, re-edit requests for the order's own account, and the scope of the orders
 * list's thumbnails; what admin and QA see beyond the account (originals, every version,
 * refused media, pictures' tags) and add to a closed order; the test pipeline (the admin's)
 * and what only the system asks.
 */
@Injectable()
export class OrderAccessService {
  constructor(private readonly host: MessagingHost) {}

  /** admin and QA (and the system): they work on every order */
  static isStaff(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'QA' || actor.role === 'System';
  }

  static assertStaff(actor: Actor): void {
    if (!OrderAccessService.isStaff(actor)) throw RpcError.forbidden();
  }

  /**
   * A dealership (or its signed-in sales person) or a management account: who asks QA for a
   * re-edit of its own pictures. Admin and QA mark pictures for edition themselves (403).
   */
  static assertAccount(actor: Actor): void {
    if (actor.role !== 'Dealership' && actor.role !== 'Management') throw RpcError.forbidden();
  }

  /** the system itself: what it does is credited to no person, and some answers are for it alone */
  static isSystem(actor: Actor): boolean {
    return actor.role === 'System';
  }

  /** 403 unless the system itself (the delivery service's files of an order) */
  static assertSystem(actor: Actor): void {
    if (!OrderAccessService.isSystem(actor)) throw RpcError.forbidden();
  }

  /** 403 unless the admin itself: the test pipeline and its results (not QA, not the system) */
  static assertCanRunTestPipeline(actor: Actor): void {
    if (actor.role !== 'Admin') throw RpcError.forbidden();
  }

  /**
   * Admin and QA add pictures, videos and 360s to an order whatever its status; the account
   * only while the order is open for them (409 otherwise).
   */
  static addsToClosedOrders(actor: Actor): boolean {
    return OrderAccessService.isStaff(actor);
  }

  /** Admin and QA see the videos and 360s the checks refused, with the reason; the others the ready ones only. */
  static seesRefusedMedia(actor: Actor): boolean {
    return OrderAccessService.isStaff(actor);
  }

  /**
   * Admin and QA see what QA works with: each picture's original, every kept version (test
   * runs, originals) and the tags on the pictures; the others see a picture's original only
   * while it has no result, and no tags.
   */
  static seesQaDetails(actor: Actor): boolean {
    return OrderAccessService.isStaff(actor);
  }

  /** The order as the actor may see it; "not found" (404) when it may not. */
  read(actor: Actor, orderId: string): Promise<OrderAccess> {
    return this.host.rpc.send(OrdersRpc.access, { id: orderId }, actor);
  }

  /** The order, if the actor may also change it (upload, delete, approve). */
  write(actor: Actor, orderId: string): Promise<OrderAccess> {
    return this.host.rpc.send(OrdersRpc.access, { id: orderId, write: true }, actor);
  }

  /**
   * Like `read`, for a thing found by its own id (an image, a video): an order the actor may
   * not see answers the thing's own "not found", so nothing tells that it exists.
   */
  async readFor(actor: Actor, orderId: string, notFound: string, write = false): Promise<OrderAccess> {
    try {
      return await (write ? this.write(actor, orderId) : this.read(actor, orderId));
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) throw RpcError.notFound(notFound);
      throw err;
    }
  }

  /**
   * The account's settings a pipeline job carries: desaturateYellowLight (the yellow fix's
   * Auto) and editedImageLabel (the visible mark); both false when the account is gone.
   */
  async pipelineSettings(accountId: string): Promise<{ desaturateYellowLight: boolean; editedImageLabel: boolean }> {
    try {
      const account = await this.host.rpc.send(UsersRpc.get, { id: accountId }, systemActor(currentRequestId()));
      return { desaturateYellowLight: account.desaturateYellowLight, editedImageLabel: account.editedImageLabel === true };
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) return { desaturateYellowLight: false, editedImageLabel: false };
      throw err;
    }
  }

  /**
   * Whether the actor downloads the order's originals as they arrived, with their GPS, serial
   * numbers and owner names: only the owning dealership itself (its sales people included),
   * when its account keeps them (`keepOriginalMetadata`). Everyone else, staff included, gets
   * them without (docs/images.md, "Metadata policy").
   */
  async keepsOriginalMetadata(actor: Actor, order: Pick<OrderAccess, 'accountId'>): Promise<boolean> {
    if (actor.role !== 'Dealership' || actor.userId !== order.accountId) return false;
    try {
      const account = await this.host.rpc.send(UsersRpc.get, { id: order.accountId }, systemActor(actor.requestId));
      return account.keepOriginalMetadata === true;
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) return false;
      throw err;
    }
  }
}

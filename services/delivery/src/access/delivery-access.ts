import { hasPermission, RpcError, type Actor } from '@app/contracts';
import type { DeviceOwner } from '../push/device-tokens.repository';

/** The permission a dealership needs to deliver its own orders to its own integrations (staff deliver by their role). */
export const DEALERSHIP_DELIVERY_PERMISSION = 'READ_USER_INTEGRATIONS';

/**
 * Object-level rules of the delivery service, in one place:
 * - the delivery queue (list, available count, make visible now, remove) and the robots'
 *   reboot are for admin and QA (and the system);
 * - a robot's key is issued by the admin (and the system);
 * - an order is delivered by admin and QA, and by a dealership holding READ_USER_INTEGRATIONS
 *   (its own orders only: the orders service answers 404 for any other order, and the
 *   integrations are always those of the order's account);
 * - a push notification is sent by the admin only;
 * - a device is registered and removed by a signed-in account (or its sales person) for itself.
 * Whether the actor sees the order itself is the orders service's answer (`OrdersRpc.access`).
 */
export class DeliveryAccess {
  /** admin and QA (and the system): they work the delivery queue */
  static isStaff(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'QA' || actor.role === 'System';
  }

  static isAdmin(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'System';
  }

  /** 403 unless admin or QA: the queue, its messages and the robots' reboot */
  static assertCanManageQueue(actor: Actor): void {
    if (!DeliveryAccess.isStaff(actor)) throw RpcError.forbidden();
  }

  /** 403 unless admin: a new key for a robot integration */
  static assertCanIssueRobotKey(actor: Actor): void {
    if (!DeliveryAccess.isAdmin(actor)) throw RpcError.forbidden();
  }

  /** 403 unless admin or QA, or a dealership holding READ_USER_INTEGRATIONS (with a sentence naming it) */
  static assertCanDeliver(actor: Actor): void {
    if (DeliveryAccess.isStaff(actor)) return;
    if (actor.role !== 'Dealership') throw RpcError.forbidden();
    if (!hasPermission(actor.permissions, DEALERSHIP_DELIVERY_PERMISSION)) throw RpcError.forbidden(`Missing permission ${DEALERSHIP_DELIVERY_PERMISSION}`);
  }

  /** 403 unless the admin itself: the system sends no push notification on anyone's behalf */
  static assertCanSendPush(actor: Actor): void {
    if (actor.role !== 'Admin') throw RpcError.forbidden();
  }

  /**
   * The owner of the devices the caller registers and removes: the account, with its sales
   * person when one signed in; 403 for no account (anonymous, the system).
   */
  static deviceOwner(actor: Actor): DeviceOwner {
    if (!actor.userId || actor.role === 'Anonymous' || actor.role === 'System') throw RpcError.forbidden();
    return { accountId: actor.userId, salesPersonId: actor.salesPersonId ?? null };
  }
}

import { ADMIN_ONLY_USER_FIELDS, RpcError, type Actor, type UpdateUserBody } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ACCOUNT_MESSAGES } from '../accounts/account-messages';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { UserAccount } from '../accounts/user-account.entity';

export type Scope = { kind: 'all' } | { kind: 'some'; ids: string[] };

/**
 * Object-level rules of the users service, in one place:
 * admin and QA read every account; management reads itself and its child accounts;
 * a dealership reads itself. Writes are the admin's, except what an account may change on
 * itself. What an actor may not see is answered as "not found". The role checks are static;
 * what needs the accounts (child links, existence) asks the accounts repository.
 */
@Injectable()
export class AccountAccess {
  constructor(private readonly accounts: AccountsRepository) {}

  static isAdmin(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'System';
  }

  static assertAdmin(actor: Actor): void {
    if (!AccountAccess.isAdmin(actor)) throw RpcError.forbidden();
  }

  /**
   * 403 (with `message` when given) unless the system itself: what the product asks on its own
   * behalf and no signed-in caller may (an integration's secrets for delivery, seeding accounts).
   */
  static assertSystem(actor: Actor, message?: string): void {
    if (actor.role !== 'System') throw RpcError.forbidden(message);
  }

  /** 401 for a caller who is not signed in (what every signed-in role may read) */
  static assertSignedIn(actor: Actor): void {
    if (actor.role === 'Anonymous') throw RpcError.unauthorized();
  }

  /** QA's customers list holds the dealerships only (another role asked for is an empty list) */
  static listsDealershipsOnly(actor: Actor): boolean {
    return actor.role === 'QA';
  }

  async readScope(manager: EntityManager, actor: Actor): Promise<Scope> {
    if (actor.role === 'Admin' || actor.role === 'QA' || actor.role === 'System') return { kind: 'all' };
    if (!actor.userId) return { kind: 'some', ids: [] };
    if (actor.role === 'Management') return { kind: 'some', ids: [actor.userId, ...(await this.accounts.childIds(manager, actor.userId))] };
    return { kind: 'some', ids: [actor.userId] };
  }

  async canRead(manager: EntityManager, actor: Actor, userId: string): Promise<boolean> {
    const scope = await this.readScope(manager, actor);
    return scope.kind === 'all' || scope.ids.includes(userId);
  }

  /** Throws 404 when the account does not exist or the actor may not read it. */
  async assertCanRead(manager: EntityManager, actor: Actor, userId: string, what = 'User not found'): Promise<void> {
    if (!(await this.canRead(manager, actor, userId))) throw RpcError.notFound(what);
    if (!(await this.accounts.exists(manager, userId))) throw RpcError.notFound(what);
  }

  /**
   * The account's own people and settings: the admin, or the account itself when signed in
   * as the account (not as one of its sales people).
   */
  async assertCanManageOwn(manager: EntityManager, actor: Actor, userId: string, what = 'User not found'): Promise<void> {
    if (AccountAccess.isAdmin(actor)) return;
    await this.assertCanRead(manager, actor, userId, what);
    if (actor.userId !== userId || actor.salesPersonId) throw RpcError.forbidden();
  }

  /**
   * Who may change what of an account it can read: the admin anything; the account itself (not
   * one of its sales people), and QA on a dealership or management account (the customer
   * form), everything but the admin-only fields. Refused with 403, naming the admin-only fields
   * asked for.
   */
  static assertCanUpdate(actor: Actor, account: Pick<UserAccount, 'id' | 'userRole'>, changes: UpdateUserBody): void {
    if (AccountAccess.isAdmin(actor)) return;
    const adminOnly = ADMIN_ONLY_USER_FIELDS.filter((f) => changes[f] !== undefined);
    if (adminOnly.length) throw RpcError.forbidden(ACCOUNT_MESSAGES.adminOnlyFields(adminOnly));
    const self = actor.userId === account.id && !actor.salesPersonId;
    const qaOnCustomer = actor.role === 'QA' && (account.userRole === 'Dealership' || account.userRole === 'Management');
    if (!self && !qaOnCustomer) throw RpcError.forbidden();
  }
}

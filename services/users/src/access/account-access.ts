import { RpcError, type Actor } from '@app/contracts';
import type { EntityManager } from 'typeorm';

export type Scope = { kind: 'all' } | { kind: 'some'; ids: string[] };

/**
 * Object-level rules of the users service, in one place:
 * admin and QA read every account; management reads itself and its child accounts;
 * a dealership reads itself. Writes are the admin's, except what an account may change on
 * itself. What an actor may not see is answered as "not found".
 */
export class AccountAccess {
  static isAdmin(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'System';
  }

  static async readScope(manager: EntityManager, actor: Actor): Promise<Scope> {
    if (actor.role === 'Admin' || actor.role === 'QA' || actor.role === 'System') return { kind: 'all' };
    if (!actor.userId) return { kind: 'some', ids: [] };
    if (actor.role === 'Management') {
      const rows: Array<{ child_id: string }> = await manager.query('SELECT child_id FROM child_account WHERE parent_id = $1', [actor.userId]);
      return { kind: 'some', ids: [actor.userId, ...rows.map((r) => r.child_id)] };
    }
    return { kind: 'some', ids: [actor.userId] };
  }

  static async canRead(manager: EntityManager, actor: Actor, userId: string): Promise<boolean> {
    const scope = await AccountAccess.readScope(manager, actor);
    return scope.kind === 'all' || scope.ids.includes(userId);
  }

  /** Throws 404 when the account does not exist or the actor may not read it. */
  static async assertCanRead(manager: EntityManager, actor: Actor, userId: string, what = 'User not found'): Promise<void> {
    if (!(await AccountAccess.canRead(manager, actor, userId))) throw RpcError.notFound(what);
    const exists: unknown[] = await manager.query('SELECT 1 FROM user_account WHERE id = $1', [userId]);
    if (exists.length === 0) throw RpcError.notFound(what);
  }

  static assertAdmin(actor: Actor): void {
    if (!AccountAccess.isAdmin(actor)) throw RpcError.forbidden();
  }

  /**
   * The account's own people and settings: the admin, or the account itself when signed in
   * as the account (not as one of its sales people).
   */
  static async assertCanManageOwn(manager: EntityManager, actor: Actor, userId: string, what = 'User not found'): Promise<void> {
    if (AccountAccess.isAdmin(actor)) return;
    await AccountAccess.assertCanRead(manager, actor, userId, what);
    if (actor.userId !== userId || actor.salesPersonId) throw RpcError.forbidden();
  }
}

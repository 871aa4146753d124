import { RpcError, type Actor } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StatAccountsRepository } from '../dashboards/stat-accounts.repository';

/** Whose facts a question counts: every account's, or these accounts' only. */
export type StatScope = { kind: 'all' } | { kind: 'accounts'; ids: string[] };

export const STATISTICS_NOT_FOUND = 'User not found';

/**
 * Object-level rules of the statistics service, in one place:
 * - admin (and the system) may ask every question about every account;
 * - QA may ask the questions of QA's own work (`assertAdminOrQa`), and none about an account;
 * - management asks about itself and its child accounts, a dealership (or its signed-in sales
 *   person) about itself; any other account is "not found" (404), as in the other services;
 * - the admin's questions about the whole product refuse everyone else with 403.
 * An account asked about counts together with its child accounts (a management account's
 * numbers are its children's), so the scope is the account and its children.
 */
@Injectable()
export class StatisticsAccess {
  constructor(private readonly accounts: StatAccountsRepository) {}

  static isAdmin(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'System';
  }

  static assertAdmin(actor: Actor): void {
    if (!StatisticsAccess.isAdmin(actor)) throw RpcError.forbidden();
  }

  static assertAdminOrQa(actor: Actor): void {
    if (!StatisticsAccess.isAdmin(actor) && actor.role !== 'QA') throw RpcError.forbidden();
  }

  /**
   * The accounts counted for a question about `accountId`: the account and its children.
   * 403 for roles that have no account statistics (QA, anonymous); 404 for an account outside
   * the actor's reach, or (admin) one the facts do not know.
   */
  async accountScope(m: EntityManager, actor: Actor, accountId: string): Promise<string[]> {
    if (StatisticsAccess.isAdmin(actor)) {
      if (!(await this.accounts.exists(m, accountId))) throw RpcError.notFound(STATISTICS_NOT_FOUND);
    } else if (actor.role === 'Dealership' || actor.role === 'Management') {
      if (!actor.userId) throw RpcError.notFound(STATISTICS_NOT_FOUND);
      const mine = actor.userId === accountId || (actor.role === 'Management' && (await this.accounts.childIds(m, actor.userId)).includes(accountId));
      if (!mine) throw RpcError.notFound(STATISTICS_NOT_FOUND);
    } else {
      throw RpcError.forbidden();
    }
    return [accountId, ...(await this.accounts.childIds(m, accountId))];
  }

  /** The accounts a question without an account counts for the actor: all (admin, QA), itself and its children, itself. */
  async ownScope(m: EntityManager, actor: Actor): Promise<StatScope> {
    if (StatisticsAccess.isAdmin(actor) || actor.role === 'QA') return { kind: 'all' };
    if (!actor.userId || (actor.role !== 'Dealership' && actor.role !== 'Management')) throw RpcError.forbidden();
    if (actor.role === 'Dealership') return { kind: 'accounts', ids: [actor.userId] };
    return { kind: 'accounts', ids: [actor.userId, ...(await this.accounts.childIds(m, actor.userId))] };
  }
}

import { PAGE_SIZE, type Role } from '@app/contracts';
import { escapeLike } from '@app/service-kit';
import { Brackets, type EntityManager } from 'typeorm';
import { UserAccount } from './user-account.entity';

export interface AccountFilter {
  scope: 'all' | string[];
  search?: string;
  country?: string;
  userRole?: Role;
}

/** Queries on accounts and their links (permissions, child accounts). */
export class AccountsRepository {
  static byId(manager: EntityManager, id: string): Promise<UserAccount | null> {
    return manager.findOne(UserAccount, { where: { id } });
  }

  /**
   * The account, locked until the transaction ends: changes to its sales people, grants,
   * child links and integrations then run one after another, so a check before an insert
   * (duplicate e-mail, provider already added) still holds when the insert runs.
   */
  static lockById(manager: EntityManager, id: string): Promise<UserAccount | null> {
    return manager.findOne(UserAccount, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  static byEmail(manager: EntityManager, email: string, withPassword = false): Promise<UserAccount | null> {
    const qb = manager.createQueryBuilder(UserAccount, 'u').where('lower(u.email) = lower(:email)', { email });
    if (withPassword) qb.addSelect('u.passwordHash');
    return qb.getOne();
  }

  static async page(manager: EntityManager, filter: AccountFilter, page: number): Promise<[UserAccount[], number]> {
    const qb = manager.createQueryBuilder(UserAccount, 'u');
    if (filter.scope !== 'all') qb.andWhere('u.id = ANY(:ids)', { ids: filter.scope });
    if (filter.search) {
      const like = `%${escapeLike(filter.search.toLowerCase())}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('lower(u.display_name) LIKE :like', { like })
            .orWhere('lower(u.email) LIKE :like', { like })
            .orWhere('lower(u.contact_name) LIKE :like', { like })
            .orWhere('lower(u.company_id) LIKE :like', { like }),
        ),
      );
    }
    if (filter.country) qb.andWhere('lower(u.country) = lower(:country)', { country: filter.country });
    if (filter.userRole) qb.andWhere('u.user_role = :role', { role: filter.userRole });
    qb.orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'ASC');
    qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE);
    return qb.getManyAndCount();
  }

  static async permissionNames(manager: EntityManager, userId: string): Promise<string[]> {
    const rows: Array<{ name: string }> = await manager.query(
      `SELECT p.name FROM user_permission up JOIN permission p ON p.id = up.permission_id WHERE up.user_id = $1 ORDER BY p.name`,
      [userId],
    );
    return rows.map((r) => r.name);
  }

  static async childIds(manager: EntityManager, parentId: string): Promise<string[]> {
    const rows: Array<{ child_id: string }> = await manager.query(
      'SELECT child_id FROM child_account WHERE parent_id = $1 ORDER BY created_at, child_id',
      [parentId],
    );
    return rows.map((r) => r.child_id);
  }

  static async replaceChildren(manager: EntityManager, parentId: string, childIds: string[]): Promise<void> {
    await manager.query('DELETE FROM child_account WHERE parent_id = $1', [parentId]);
    for (const childId of childIds) {
      await manager.query('INSERT INTO child_account (parent_id, child_id) VALUES ($1, $2)', [parentId, childId]);
    }
  }

  static async childrenPage(manager: EntityManager, parentId: string, page: number): Promise<[UserAccount[], number]> {
    return manager
      .createQueryBuilder(UserAccount, 'u')
      // a sub-select, not a join: with a join, skip/take makes TypeORM page over a DISTINCT
      // sub-query that cannot order by a raw column name (it failed with a 500)
      .where('u.id IN (SELECT c.child_id FROM child_account c WHERE c.parent_id = :parentId)', { parentId })
      .orderBy('u.displayName', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .skip((page - 1) * PAGE_SIZE)
      .take(PAGE_SIZE)
      .getManyAndCount();
  }

  static async existingIds(manager: EntityManager, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query('SELECT id FROM user_account WHERE id = ANY($1::uuid[])', [ids]);
    return rows.map((r) => r.id);
  }
}

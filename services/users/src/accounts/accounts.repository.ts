import { PAGE_SIZE, RpcError, type Language, type QaRoleTag, type Role, type UserStatus } from '@app/contracts';
import { escapeLike, isUniqueViolation, queryPrepared } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { ACCOUNT_MESSAGES } from './account-messages';
import { UserAccount } from './user-account.entity';

export interface AccountFilter {
  scope: 'all' | string[];
  search?: string;
  country?: string;
  userRole?: Role;
  /** created at or after */
  createdFrom?: Date;
  /** created before */
  createdBefore?: Date;
}

/** An account's columns as raw SQL answers them (`ACCOUNT_COLUMNS`), the password aside. */
export interface AccountRow {
  id: string;
  email: string;
  display_name: string;
  language: Language;
  user_role: Role;
  role_tags: QaRoleTag[];
  country: string;
  city: string;
  postal_code: string;
  address: string;
  company_id: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  contact_title: string;
  currency: string;
  /** numeric: text, as the driver answers it */
  subscription_price: string | null;
  mobile_app_access: boolean;
  /** numeric: text, as the driver answers it */
  minimum_zoom_value: string;
  enabled_qa: boolean;
  desaturate_yellow_light: boolean;
  edited_image_label: boolean;
  keep_original_metadata: boolean;
  user_status: UserStatus;
  last_order_date: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of `AccountRow`, of `user_account u`. */
const ACCOUNT_COLUMNS = `u.id, u.email, u.display_name, u.language, u.user_role, u.role_tags, u.country, u.city, u.postal_code,
       u.address, u.company_id, u.contact_name, u.contact_email, u.contact_phone, u.contact_title, u.currency,
       u.subscription_price, u.mobile_app_access, u.minimum_zoom_value, u.enabled_qa, u.desaturate_yellow_light,
       u.edited_image_label, u.keep_original_metadata, u.user_status, u.last_order_date, u.created_at, u.updated_at`;

/** What `GET /api/me` shows: the account, its permission names and child ids, and the signed-in sales person. */
export interface MeRow extends AccountRow {
  /** permission names, by name */
  permissions: string[];
  /** child account ids, oldest link first */
  child_accounts: string[];
  /** the signed-in sales person when it is one of this account's; else null */
  sp_id: string | null;
  sp_name: string | null;
  sp_email: string | null;
}

/** Two requests for one e-mail both passed the check: the loser hears what the check says. */
function emailTakenOnDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'user_account_email_uq')) throw RpcError.conflict(ACCOUNT_MESSAGES.emailTaken);
  throw err;
}

/** Accounts (`user_account`) and their child links (`child_account`), and the names of their permissions. */
@Injectable()
export class AccountsRepository {
  byId(manager: EntityManager, id: string): Promise<UserAccount | null> {
    return manager.findOne(UserAccount, { where: { id } });
  }

  /**
   * The account, locked until the transaction ends: changes to its sales people, grants,
   * child links and integrations then run one after another, so a check before an insert
   * (duplicate e-mail, provider already added) still holds when the insert runs.
   */
  lockById(manager: EntityManager, id: string): Promise<UserAccount | null> {
    return manager.findOne(UserAccount, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The signed-in account for `GET /api/me` in one statement: its columns, its permission
   * names (by name), its child ids (oldest link first, as `childIds`) and, when a sales person
   * signed in, that sales person if it belongs to the account. Null when the account is gone.
   * A prepared statement: it runs on nearly every signed-in page.
   */
  async me(manager: EntityManager, userId: string, salesPersonId: string | null): Promise<MeRow | null> {
    const rows = await queryPrepared<MeRow>(
      manager,
      'users_me',
      `SELECT ${ACCOUNT_COLUMNS},
              ARRAY(SELECT p.name FROM user_permission up JOIN permission p ON p.id = up.permission_id
                     WHERE up.user_id = u.id ORDER BY p.name) AS permissions,
              ARRAY(SELECT c.child_id::text FROM child_account c WHERE c.parent_id = u.id
                     ORDER BY c.created_at, c.child_id) AS child_accounts,
              sp.id AS sp_id, sp.name AS sp_name, sp.email AS sp_email
         FROM user_account u
         LEFT JOIN sales_person sp ON sp.id = $2::uuid AND sp.user_id = u.id
        WHERE u.id = $1`,
      [userId, salesPersonId],
    );
    return rows[0] ?? null;
  }

  async exists(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM user_account WHERE id = $1', [id]);
    return rows.length > 0;
  }

  byEmail(manager: EntityManager, email: string, withPassword = false): Promise<UserAccount | null> {
    const qb = manager.createQueryBuilder(UserAccount, 'u').where('lower(u.email) = lower(:email)', { email });
    if (withPassword) qb.addSelect('u.passwordHash');
    return qb.getOne();
  }

  async page(manager: EntityManager, filter: AccountFilter, page: number): Promise<[UserAccount[], number]> {
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
    if (filter.createdFrom) qb.andWhere('u.created_at >= :createdFrom', { createdFrom: filter.createdFrom });
    if (filter.createdBefore) qb.andWhere('u.created_at < :createdBefore', { createdBefore: filter.createdBefore });
    qb.orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'ASC');
    qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE);
    return qb.getManyAndCount();
  }

  /** A new account; an e-mail another account took meanwhile is 409. */
  insert(manager: EntityManager, fields: Partial<UserAccount>): Promise<UserAccount> {
    return this.save(manager, manager.create(UserAccount, fields));
  }

  /** Saves a new or changed account; an e-mail another account took meanwhile is 409. */
  save(manager: EntityManager, user: UserAccount): Promise<UserAccount> {
    return manager.save(UserAccount, user).catch(emailTakenOnDuplicate);
  }

  /** Removes the account; its sales people, permissions, child links, integrations and sessions go with it (cascade). */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(UserAccount, { id });
  }

  /**
   * The first admin of an installation, on a temporary password (`create-admin`); false when
   * an account with the e-mail exists.
   */
  async insertAdmin(manager: EntityManager, email: string, passwordHash: string): Promise<UserAccount | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO user_account (email, display_name, user_role, contact_name, contact_email, password_hash, user_status)
       VALUES ($1, 'Administrator', 'Admin', 'Administrator', $1, $2, 'FORCE_CHANGE_PASSWORD')
       ON CONFLICT DO NOTHING RETURNING id`,
      [email, passwordHash],
    );
    return rows.length ? this.byId(manager, rows[0].id) : null;
  }

  async permissionNames(manager: EntityManager, userId: string): Promise<string[]> {
    const rows: Array<{ name: string }> = await manager.query(
      `SELECT p.name FROM user_permission up JOIN permission p ON p.id = up.permission_id WHERE up.user_id = $1 ORDER BY p.name`,
      [userId],
    );
    return rows.map((r) => r.name);
  }

  /** The accounts that have this one as a child. */
  async parentIds(manager: EntityManager, childId: string): Promise<string[]> {
    const rows: Array<{ parent_id: string }> = await manager.query('SELECT parent_id FROM child_account WHERE child_id = $1 ORDER BY parent_id', [childId]);
    return rows.map((r) => r.parent_id);
  }

  async childIds(manager: EntityManager, parentId: string): Promise<string[]> {
    const rows: Array<{ child_id: string }> = await manager.query(
      'SELECT child_id FROM child_account WHERE parent_id = $1 ORDER BY created_at, child_id',
      [parentId],
    );
    return rows.map((r) => r.child_id);
  }

  async replaceChildren(manager: EntityManager, parentId: string, childIds: string[]): Promise<void> {
    await manager.query('DELETE FROM child_account WHERE parent_id = $1', [parentId]);
    for (const childId of childIds) {
      await manager.query('INSERT INTO child_account (parent_id, child_id) VALUES ($1, $2)', [parentId, childId]);
    }
  }

  /** Every child account of the account, by name. */
  async children(manager: EntityManager, parentId: string): Promise<UserAccount[]> {
    const ids = await this.childIds(manager, parentId);
    if (!ids.length) return [];
    return manager.createQueryBuilder(UserAccount, 'u').where('u.id = ANY(:ids)', { ids }).orderBy('u.display_name', 'ASC').getMany();
  }

  async childrenPage(manager: EntityManager, parentId: string, page: number): Promise<[UserAccount[], number]> {
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

  async existingIds(manager: EntityManager, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query('SELECT id FROM user_account WHERE id = ANY($1::uuid[])', [ids]);
    return rows.map((r) => r.id);
  }
}

import type { Role } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface ExportedAccount {
  id: string;
  user_role: Role;
  display_name: string;
  email: string;
  created_at: Date;
  updated_at: Date;
}
export interface ExportedChildren {
  parent_id: string;
  child_ids: string[];
  /** when the latest of the links was made */
  at: Date;
}
export interface ExportedSalesPerson {
  id: string;
  user_id: string;
  name: string;
  updated_at: Date;
}
export interface ExportedDeletedSalesPerson {
  id: string;
  user_id: string;
  name: string;
  saved_at: Date;
  deleted_at: Date;
}
export interface ExportedSession {
  id: string;
  user_id: string;
  sales_person_id: string | null;
  created_at: Date;
}

/** What the statistics export reads of accounts, child links, sales people and sessions, page by page by id. */
@Injectable()
export class UsersExportRepository {
  accountsAfter(m: EntityManager, after: string | null, limit: number): Promise<ExportedAccount[]> {
    return m.query(
      `SELECT id, user_role, display_name, email, created_at, updated_at FROM user_account
        WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT $2`,
      [after, limit],
    );
  }

  /** Accounts that have child accounts, each with the whole list. */
  childrenAfter(m: EntityManager, after: string | null, limit: number): Promise<ExportedChildren[]> {
    return m.query(
      `SELECT parent_id, array_agg(child_id ORDER BY created_at, child_id)::text[] AS child_ids, max(created_at) AS at FROM child_account
        WHERE $1::uuid IS NULL OR parent_id > $1::uuid GROUP BY parent_id ORDER BY parent_id LIMIT $2`,
      [after, limit],
    );
  }

  salesPeopleAfter(m: EntityManager, after: string | null, limit: number): Promise<ExportedSalesPerson[]> {
    return m.query(
      `SELECT id, user_id, name, updated_at FROM sales_person WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT $2`,
      [after, limit],
    );
  }

  /** Sales people removed from an account that is still there (`deleted_sales_person`). */
  deletedSalesPeopleAfter(m: EntityManager, after: string | null, limit: number): Promise<ExportedDeletedSalesPerson[]> {
    return m.query(
      `SELECT id, user_id, name, saved_at, deleted_at FROM deleted_sales_person WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT $2`,
      [after, limit],
    );
  }

  /** Every session is one sign-in (a refresh continues a session); ended ones too, while their row is kept. */
  sessionsAfter(m: EntityManager, after: string | null, limit: number): Promise<ExportedSession[]> {
    return m.query(
      `SELECT id, user_id, sales_person_id, created_at FROM auth_session WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT $2`,
      [after, limit],
    );
  }
}

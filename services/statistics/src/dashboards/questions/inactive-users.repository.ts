import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** a customer account without a sign-in or an order since the cut */
export interface InactiveAccount {
  userId: string;
  displayName: string;
  email: string;
  userRole: string;
  lastSignInAt: Date | null;
  lastOrderAt: Date | null;
}

/** Customer accounts gone quiet (the admin's inactive-users table), from `stat_account`. */
@Injectable()
export class InactiveUsersRepository {
  /** customer accounts (dealerships, management) older than `before` with no sign-in and no order since: a page, and how many */
  async inactiveAccounts(m: EntityManager, before: Date, limit: number, offset: number): Promise<{ rows: InactiveAccount[]; count: number }> {
    const where = `user_role IN ('Dealership', 'Management')
        AND (created_at IS NULL OR created_at < $1)
        AND (last_sign_in_at IS NULL OR last_sign_in_at < $1)
        AND (last_order_at IS NULL OR last_order_at < $1)`;
    const [rows, [{ n }]] = await Promise.all([
      m.query(
        `SELECT id AS "userId", display_name AS "displayName", email, user_role AS "userRole",
                last_sign_in_at AS "lastSignInAt", last_order_at AS "lastOrderAt"
           FROM stat_account WHERE ${where}
          ORDER BY greatest(last_sign_in_at, last_order_at) ASC NULLS FIRST, display_name, id
          LIMIT $2 OFFSET $3`,
        [before, limit, offset],
      ) as Promise<InactiveAccount[]>,
      m.query(`SELECT count(*)::int AS n FROM stat_account WHERE ${where}`, [before]) as Promise<Array<{ n: number }>>,
    ]);
    return { rows, count: Number(n) };
  }
}

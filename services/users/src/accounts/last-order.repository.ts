import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** `user_account.last_order_date` and the one-time backfill's mark (`last_order_backfill`). */
@Injectable()
export class LastOrderRepository {
  /**
   * The account ordered at `at`: kept when it is later than what is known (events arrive at
   * least once and in any order). The account's `updated_at` stays: nobody changed the account.
   * An account that is gone is nothing to update.
   */
  async record(m: EntityManager, accountId: string, at: Date): Promise<void> {
    await m.query(
      `UPDATE user_account SET last_order_date = $2
        WHERE id = $1 AND (last_order_date IS NULL OR last_order_date < $2)`,
      [accountId, at],
    );
  }

  /** `record` of many accounts in one statement. */
  async recordMany(m: EntityManager, rows: ReadonlyArray<{ accountId: string; at: Date }>): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `UPDATE user_account u SET last_order_date = s.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS s(id, at)
        WHERE u.id = s.id AND (u.last_order_date IS NULL OR u.last_order_date < s.at)`,
      [rows.map((r) => r.accountId), rows.map((r) => r.at)],
    );
  }

  async backfillPending(m: EntityManager): Promise<boolean> {
    const rows: unknown[] = await m.query('SELECT 1 FROM last_order_backfill WHERE done_at IS NULL');
    return rows.length > 0;
  }

  async backfillDone(m: EntityManager): Promise<void> {
    await m.query('UPDATE last_order_backfill SET done_at = now() WHERE done_at IS NULL');
  }
}

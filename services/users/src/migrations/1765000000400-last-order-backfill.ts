import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `user_account.last_order_date` is kept from the orders' `order-created` events from now on;
 * the accounts' orders from before are learnt once from the orders service after start
 * (`LastOrderBackfill`), which marks this one row done.
 */
export class LastOrderBackfill1765000000400 implements MigrationInterface {
  name = 'LastOrderBackfill1765000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE last_order_backfill (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        done_at timestamptz NULL
      )`);
    await q.query('INSERT INTO last_order_backfill (id) VALUES (true)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE last_order_backfill');
  }
}

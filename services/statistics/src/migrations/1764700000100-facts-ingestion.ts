import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the facts consumer needs beyond the fact tables (docs/statistics.md, "Facts"):
 *
 * - `stat_account_gone`: the accounts whose deletion was applied. Events reach the consumer in
 *   stream order, but an order's events and its account's deletion come from two services'
 *   relays, so an order line may arrive after the deletion that removed its account's rows. A
 *   fact of a gone account is not written again.
 * - `stat_order.status_seq`: the stream sequence of the status change that set `status`. The
 *   lifecycle moves an order through several statuses in one transaction, all with the same
 *   `at`; the sequence tells which came last.
 * - `stat_order.order_name_at`: the time of the timeline line whose order name is kept (the
 *   order-created event carries no name; every timeline line does, and EDITED renames).
 */
export class StatisticsFactsIngestion1764700000100 implements MigrationInterface {
  name = 'StatisticsFactsIngestion1764700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stat_account_gone (
        id uuid PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('ALTER TABLE stat_order ADD COLUMN status_seq bigint NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE stat_order ADD COLUMN order_name_at timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE stat_order DROP COLUMN IF EXISTS order_name_at');
    await q.query('ALTER TABLE stat_order DROP COLUMN IF EXISTS status_seq');
    await q.query('DROP TABLE IF EXISTS stat_account_gone');
  }
}

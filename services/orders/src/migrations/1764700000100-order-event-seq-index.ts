import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics export (`orders.statistics.backfill`) reads every timeline line in the order it
 * was written, page after page by `seq`: an index on it keeps each page a short index scan.
 */
export class OrderEventSeqIndex1764700000100 implements MigrationInterface {
  name = 'OrderEventSeqIndex1764700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE UNIQUE INDEX order_event_seq_idx ON order_event (seq)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX order_event_seq_idx');
  }
}

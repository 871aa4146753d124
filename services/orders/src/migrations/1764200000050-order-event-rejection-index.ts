import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rejection reasons of the QA dashboards (`GET /dashboard/rejection-reasons`) read QA's
 * declines and the dealerships' re-edit requests of a time window: a partial index holds just
 * those two events by time, with their order for the join to its style guide.
 */
export class OrderEventRejectionIndex1764200000050 implements MigrationInterface {
  name = 'OrderEventRejectionIndex1764200000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX order_event_rejection_idx ON order_event (created_at) INCLUDE (order_id, event_name)
        WHERE event_name IN ('IMAGE_DECLINED', 'RE_EDIT_REQUESTED')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX order_event_rejection_idx');
  }
}

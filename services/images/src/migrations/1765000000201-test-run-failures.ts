import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A test-pipeline run that fails is kept with the pipeline's sentence and when it failed, so
 * the admin's comparison shows it as failed rather than waiting for ever. Other versions
 * still leave no row when their job fails.
 */
export class TestRunFailures1765000000201 implements MigrationInterface {
  name = 'TestRunFailures1765000000201';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image_version ADD COLUMN failure_reason text NULL, ADD COLUMN failed_at timestamptz NULL');
    await q.query("CREATE INDEX image_version_test_order_idx ON image_version (order_id, image_id, created_at) WHERE kind = 'test'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX image_version_test_order_idx');
    await q.query('ALTER TABLE image_version DROP COLUMN failed_at, DROP COLUMN failure_reason');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pipeline jobs of pictures that were deleted (on their own, or with their order): job,
 * picture, order, account, route and time, for the statistics service's rebuild, which counts
 * processed pictures of deleted orders as it did live. An account's deletion removes its rows
 * (the statistics drop the whole account).
 */
export class ProcessedJobsKept1764700000400 implements MigrationInterface {
  name = 'ProcessedJobsKept1764700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE processed_job_kept (
        job_id uuid PRIMARY KEY,
        image_id uuid NOT NULL,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        route text NOT NULL,
        processed_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX processed_job_kept_account ON processed_job_kept (account_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE processed_job_kept');
  }
}

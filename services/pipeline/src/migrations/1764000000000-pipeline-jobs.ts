import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pipeline's records: one row per finished job (its idempotency record: a redelivered
 * job whose row exists is acknowledged without running again) and, per image, which job
 * wrote the outputs last (so an older job finishing late does not overwrite a newer one).
 */
export class PipelineJobs1764000000000 implements MigrationInterface {
  name = 'PipelineJobs1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pipeline_job (
        job_id uuid PRIMARY KEY,
        image_id text NOT NULL,
        order_id text NOT NULL,
        route text NOT NULL,
        lane text NOT NULL,
        status text NOT NULL CHECK (status IN ('processed', 'failed', 'superseded')),
        code text NULL,
        reason text NULL,
        width integer NULL,
        height integer NULL,
        file_size integer NULL,
        attempt integer NOT NULL,
        duration_ms integer NOT NULL,
        worker text NOT NULL,
        requested_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX pipeline_job_image_idx ON pipeline_job (order_id, image_id, finished_at DESC)');
    await q.query(`
      CREATE TABLE image_output (
        order_id text NOT NULL,
        image_id text NOT NULL,
        job_id uuid NOT NULL,
        requested_at timestamptz NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, image_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS image_output');
    await q.query('DROP TABLE IF EXISTS pipeline_job');
  }
}

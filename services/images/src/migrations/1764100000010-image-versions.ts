import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every version of an image's picture: the original, each pipeline output, each replacement
 * or inserted finished picture, each restore and each test-pipeline output, with who made it
 * and why. Rows go with their image (and so with the order and the account); the reference is
 * checked at commit, so a job may be queued in the transaction that then writes its image.
 */
export class ImageVersions1764100000010 implements MigrationInterface {
  name = 'ImageVersions1764100000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE image_version (
        id uuid PRIMARY KEY,
        image_id uuid NOT NULL REFERENCES image (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        order_id uuid NOT NULL,
        kind text NOT NULL,
        reason text NOT NULL,
        route text NULL,
        settings jsonb NULL,
        job_id uuid NULL UNIQUE,
        file_key text NULL,
        thumb_key text NULL,
        width int NULL,
        height int NULL,
        file_size int NULL,
        created_by uuid NULL,
        created_by_name text NULL,
        restored_from_id uuid NULL,
        current boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        ready_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX image_version_image ON image_version (image_id, created_at)');
    await q.query('CREATE UNIQUE INDEX image_version_one_current ON image_version (image_id) WHERE current');
    await q.query('CREATE INDEX image_version_created_by ON image_version (created_by) WHERE created_by IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE image_version');
  }
}

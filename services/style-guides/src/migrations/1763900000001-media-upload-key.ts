import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A medium's upload grant names a one-time staging key (`upload_key`); once checked, the file
 * is kept under `object_key`, which no grant names. Media from before keep a null
 * `upload_key` and are read where they were uploaded.
 */
export class MediaUploadKey1763900000001 implements MigrationInterface {
  name = 'MediaUploadKey1763900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE utility_media ADD COLUMN upload_key text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE utility_media DROP COLUMN upload_key');
  }
}

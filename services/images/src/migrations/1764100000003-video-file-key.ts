import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An accepted video is kept under a final key that no upload grant names (`file_key`); its
 * upload grant names only a one-time staging key. Videos accepted before keep a null
 * `file_key` and are read where they were uploaded.
 */
export class VideoFileKey1764100000003 implements MigrationInterface {
  name = 'VideoFileKey1764100000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE video ADD COLUMN file_key text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE video DROP COLUMN file_key');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account setting "keep original metadata": the dealership's own downloads of its
 * originals keep their GPS, serial numbers and owner names. Off for every account: every
 * download is without them (docs/images.md, "Metadata policy").
 */
export class KeepOriginalMetadata1764800000100 implements MigrationInterface {
  name = 'KeepOriginalMetadata1764800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_account ADD COLUMN keep_original_metadata boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_account DROP COLUMN keep_original_metadata');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each accepted original gets a shared copy without private metadata (GPS, serial numbers,
 * owner names) beside it, which downloads and links serve (docs/images.md, "Metadata
 * policy"). Pictures accepted before keep a null `shared_original_key` until a download of
 * their original writes the copy.
 */
export class SharedOriginalKey1764800000110 implements MigrationInterface {
  name = 'SharedOriginalKey1764800000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image ADD COLUMN shared_original_key text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image DROP COLUMN shared_original_key');
  }
}

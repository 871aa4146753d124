import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An image's label is worked out when it is read, from its processing
 * state, its approval and its order's status (image-views.ts); the stored copy was written
 * everywhere and read nowhere.
 */
export class ImageLabelDerived1764100000001 implements MigrationInterface {
  name = 'ImageLabelDerived1764100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image DROP COLUMN IF EXISTS label');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE image ADD COLUMN IF NOT EXISTS label text NOT NULL DEFAULT 'pending load'`);
  }
}

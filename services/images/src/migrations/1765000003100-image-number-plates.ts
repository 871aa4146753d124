import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The number plates the pipeline masked on an image's optimized picture (`number_plates`, a
 * list of plates of four corners on the original, as the processed event reports them): QA
 * sees them over the original and corrects them. Null: the output has no plates masked (the
 * guide's setting is off, or the picture was processed before plates were reported).
 */
export class ImageNumberPlates1765000003100 implements MigrationInterface {
  name = 'ImageNumberPlates1765000003100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image ADD COLUMN number_plates jsonb NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image DROP COLUMN number_plates');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A new banner is hidden until the admin publishes it; banners already there keep what they have. */
export class BannersHiddenByDefault1764900000201 implements MigrationInterface {
  name = 'BannersHiddenByDefault1764900000201';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE banner ALTER COLUMN is_active SET DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE banner ALTER COLUMN is_active SET DEFAULT true');
  }
}

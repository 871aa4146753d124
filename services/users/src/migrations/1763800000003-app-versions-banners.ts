import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Mobile app versions (with one required minimum per platform) and banners. */
export class AppVersionsBanners1763800000003 implements MigrationInterface {
  name = 'AppVersionsBanners1763800000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_version (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        version_string text NOT NULL,
        platform text NOT NULL DEFAULT 'Android' CHECK (platform IN ('Android','iOS')),
        needs_database_delete_on_mobile boolean NOT NULL DEFAULT false,
        is_required_minimum boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT app_version_platform_version_uq UNIQUE (platform, version_string)
      )`);
    // one required minimum per platform at a time, guarded by the database too
    await q.query('CREATE UNIQUE INDEX app_version_one_minimum_uq ON app_version (platform) WHERE is_required_minimum');
    await q.query(`
      CREATE TABLE banner (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX banner_active_idx ON banner (is_active, created_at DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS banner');
    await q.query('DROP TABLE IF EXISTS app_version');
  }
}

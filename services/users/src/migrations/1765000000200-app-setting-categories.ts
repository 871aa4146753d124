import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * App settings get what they are about (`category`: ANGLE_CORRECTOR, DEFAULT_ZOOM, or none)
 * and whether they hold one value or a list (`setting_type`). Settings already there keep
 * their value and type, with no category and one value.
 */
export class AppSettingCategories1765000000200 implements MigrationInterface {
  name = 'AppSettingCategories1765000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE app_setting
        ADD COLUMN category text NULL,
        ADD COLUMN setting_type text NOT NULL DEFAULT 'SINGLE_VALUE',
        ADD CONSTRAINT app_setting_category_chk CHECK (category IS NULL OR category IN ('ANGLE_CORRECTOR','DEFAULT_ZOOM')),
        ADD CONSTRAINT app_setting_setting_type_chk CHECK (setting_type IN ('SINGLE_VALUE','MULTI_VALUE'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE app_setting
        DROP CONSTRAINT app_setting_setting_type_chk,
        DROP CONSTRAINT app_setting_category_chk,
        DROP COLUMN setting_type,
        DROP COLUMN category`);
  }
}

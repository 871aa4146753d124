import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contact settings every installation starts with (the footer of the web app shows them).
 * An admin changes them on the app-settings screen; these are only the first values.
 */
export const DEFAULT_APP_SETTINGS = [
  { name: 'CONTACT_NUMBER_INT', value: '+45 70 20 30 40', valueType: 'string' },
  { name: 'CONTACT_NUMBER_DK', value: '70 20 30 40', valueType: 'string' },
  { name: 'CONTACT_EMAIL', value: 'support@dealer-photo.local', valueType: 'string' },
] as const;

/** App settings: name, text value and how to read it. */
export class AppSettings1763800000002 implements MigrationInterface {
  name = 'AppSettings1763800000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_setting (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        value text NOT NULL DEFAULT '',
        value_type text NOT NULL DEFAULT 'string',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT app_setting_name_uq UNIQUE (name),
        CONSTRAINT app_setting_value_type_chk CHECK (value_type IN ('boolean','string','date','number'))
      )`);
    for (const s of DEFAULT_APP_SETTINGS) {
      await q.query('INSERT INTO app_setting (name, value, value_type) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [
        s.name,
        s.value,
        s.valueType,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE app_setting');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `RE_EDIT_DUE_HOURS`: the hours QA has to answer a dealership's re-edit request (a number,
 * 4 to start with); the admin changes it on the app-settings screen like the others.
 */
export class ReEditDueHours1763800000050 implements MigrationInterface {
  name = 'ReEditDueHours1763800000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO app_setting (name, value, value_type) VALUES ('RE_EDIT_DUE_HOURS', '4', 'number') ON CONFLICT (name) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM app_setting WHERE name = 'RE_EDIT_DUE_HOURS'`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a temporary password was last resent, per account and per sales person: a resend within
 * `TEMPORARY_PASSWORD_RESEND_GAP_S` of the previous one is refused, so a double click (or two
 * admins at once) mails one password, however the two requests interleave.
 */
export class TemporaryPasswordResent1763800000005 implements MigrationInterface {
  name = 'TemporaryPasswordResent1763800000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_account ADD COLUMN temporary_password_resent_at timestamptz NULL');
    await q.query('ALTER TABLE sales_person ADD COLUMN temporary_password_resent_at timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sales_person DROP COLUMN temporary_password_resent_at');
    await q.query('ALTER TABLE user_account DROP COLUMN temporary_password_resent_at');
  }
}

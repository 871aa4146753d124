import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account setting "edited-image label": the pipeline draws a visible "Digitally edited"
 * mark on the account's pictures, for markets that require it. Off for every account.
 */
export class EditedImageLabel1763800000010 implements MigrationInterface {
  name = 'EditedImageLabel1763800000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_account ADD COLUMN edited_image_label boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_account DROP COLUMN edited_image_label');
  }
}

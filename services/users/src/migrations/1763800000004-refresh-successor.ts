import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The refresh token that replaced a spent one, sealed with a key only the spent token's holder
 * can derive: a second refresh with the same token shortly after (two tabs at once) gets the
 * same new pair instead of ending the session.
 */
export class RefreshSuccessor1763800000004 implements MigrationInterface {
  name = 'RefreshSuccessor1763800000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE refresh_token ADD COLUMN successor_sealed text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE refresh_token DROP COLUMN successor_sealed');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many times in a row a throttling key has been locked: each lock lasts twice the one
 * before (up to the longest), until the key has been quiet for a whole window.
 */
export class SignInLockouts1764800000200 implements MigrationInterface {
  name = 'SignInLockouts1764800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sign_in_attempt ADD COLUMN lockouts int NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sign_in_attempt DROP COLUMN lockouts');
  }
}

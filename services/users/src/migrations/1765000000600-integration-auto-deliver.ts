import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An integration may receive an account's orders by itself once they are Ready to download; off for every integration there is. */
export class IntegrationAutoDeliver1765000000600 implements MigrationInterface {
  name = 'IntegrationAutoDeliver1765000000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE remote_integration ADD COLUMN auto_deliver boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE remote_integration DROP COLUMN auto_deliver');
  }
}

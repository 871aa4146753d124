import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a remote integration needs to be delivered to: the provider's settings (host, port,
 * path, container, endpoint …) as JSON, its secret settings (a connection string, a signing
 * secret) sealed like the password with the names of those stored, and the output rules
 * (positions, size, format, file names). An integration without rules uses the defaults.
 */
export class IntegrationSettings1764000000000 implements MigrationInterface {
  name = 'IntegrationSettings1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE remote_integration ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query('ALTER TABLE remote_integration ADD COLUMN secrets_encrypted text NULL');
    await q.query(`ALTER TABLE remote_integration ADD COLUMN secret_names text[] NOT NULL DEFAULT '{}'`);
    await q.query('ALTER TABLE remote_integration ADD COLUMN output_rules jsonb NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE remote_integration DROP COLUMN output_rules');
    await q.query('ALTER TABLE remote_integration DROP COLUMN secret_names');
    await q.query('ALTER TABLE remote_integration DROP COLUMN secrets_encrypted');
    await q.query('ALTER TABLE remote_integration DROP COLUMN settings');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox and the processed-message record, the same in every service's schema. Each
 * service lists this migration first; tables land in the service's schema (search_path).
 */
export class MessagingTables1763700000000 implements MigrationInterface {
  name = 'MessagingTables1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS outbox (
        id uuid PRIMARY KEY,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS processed_message (
        consumer text NOT NULL,
        message_id text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, message_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS processed_message');
    await q.query('DROP TABLE IF EXISTS outbox');
  }
}

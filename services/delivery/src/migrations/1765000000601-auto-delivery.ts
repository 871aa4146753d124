import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic delivery: which order was queued by itself to which integration, so an order
 * that becomes Ready to download goes to each integration once (a redelivered status event,
 * a restart or a stopped delivery queue nothing twice).
 */
export class AutoDelivery1765000000601 implements MigrationInterface {
  name = 'AutoDelivery1765000000601';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auto_delivery (
        order_id uuid NOT NULL,
        integration_id uuid NOT NULL,
        account_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, integration_id)
      )`);
    await q.query('CREATE INDEX auto_delivery_account ON auto_delivery (account_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE auto_delivery');
  }
}

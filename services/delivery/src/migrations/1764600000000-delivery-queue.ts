import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery queue: messages (one per order and integration) with their visibility and
 * lease, the receipts of deliveries, the per-order version of the published progress, and
 * robot keys (hashed).
 */
export class DeliveryQueue1764600000000 implements MigrationInterface {
  name = 'DeliveryQueue1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE delivery_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL,
        order_name text NOT NULL,
        account_id uuid NOT NULL,
        integration_id uuid NOT NULL,
        provider text NOT NULL,
        integration_type text NOT NULL,
        state text NOT NULL CHECK (state IN ('queued','delivering','delivered','failed')),
        visible boolean NOT NULL DEFAULT true,
        visible_after timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        last_error text NULL,
        lease_holder text NULL,
        last_accessed timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // what a worker or robot claims next: active messages by type or integration, oldest first
    await q.query(`CREATE INDEX delivery_message_claim ON delivery_message (integration_type, created_at) WHERE state IN ('queued','delivering')`);
    await q.query(`CREATE INDEX delivery_message_integration ON delivery_message (integration_id, created_at) WHERE state IN ('queued','delivering')`);
    await q.query('CREATE INDEX delivery_message_order ON delivery_message (order_id)');
    await q.query('CREATE INDEX delivery_message_created ON delivery_message (created_at DESC, id)');
    // one unfinished message per order and integration
    await q.query(`CREATE UNIQUE INDEX delivery_message_active ON delivery_message (order_id, integration_id) WHERE state IN ('queued','delivering')`);
    await q.query(`
      CREATE TABLE delivery_receipt (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES delivery_message(id) ON DELETE CASCADE,
        order_id uuid NOT NULL,
        destination text NOT NULL,
        files jsonb NOT NULL,
        answer text NULL,
        delivered_by text NOT NULL CHECK (delivered_by IN ('worker','robot')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX delivery_receipt_message ON delivery_receipt (message_id, created_at)');
    await q.query(`
      CREATE TABLE delivery_order_state (
        order_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        version bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE robot_credential (
        id uuid PRIMARY KEY,
        integration_id uuid NOT NULL UNIQUE,
        account_id uuid NOT NULL,
        secret_hash text NOT NULL,
        reboot_requested_at timestamptz NULL,
        last_used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE robot_credential');
    await q.query('DROP TABLE delivery_order_state');
    await q.query('DROP TABLE delivery_receipt');
    await q.query('DROP TABLE delivery_message');
  }
}

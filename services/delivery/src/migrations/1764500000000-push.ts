import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Push notifications: the devices the mobile app registered (one row per FCM token: a device
 * has one user, the account or its sales person signed in on it) and every notification the
 * admin sent about an order, sent or failed. `account_id` of a notification is the order's
 * account, so a deleted account takes its notifications with it; `created_by` is the admin.
 */
export class Push1764500000000 implements MigrationInterface {
  name = 'Push1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE device_token (
        token text PRIMARY KEY,
        account_id uuid NOT NULL,
        sales_person_id uuid NULL,
        platform text NOT NULL CHECK (platform IN ('android','ios')),
        app_version text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX device_token_account ON device_token (account_id)');
    await q.query(`
      CREATE TABLE push_notification (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        event_payload jsonb NOT NULL DEFAULT '{}',
        provider text NOT NULL CHECK (provider IN ('fcm','capture')),
        status text NOT NULL CHECK (status IN ('sent','failed')),
        error text NULL,
        devices_reached int NOT NULL DEFAULT 0 CHECK (devices_reached >= 0),
        created_by uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX push_notification_order ON push_notification (order_id, created_at)');
    await q.query('CREATE INDEX push_notification_account ON push_notification (account_id)');
    await q.query('CREATE INDEX push_notification_created_by ON push_notification (created_by) WHERE created_by IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS push_notification');
    await q.query('DROP TABLE IF EXISTS device_token');
  }
}

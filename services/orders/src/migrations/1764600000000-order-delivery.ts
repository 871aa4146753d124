import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's delivery state, as the delivery service last published it
 * (`DeliveryEvents.orderProgress`, with a version: an older copy is ignored).
 */
export class OrderDelivery1764600000000 implements MigrationInterface {
  name = 'OrderDelivery1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN delivery_version bigint NOT NULL DEFAULT 0,
        ADD COLUMN delivery_queued int NOT NULL DEFAULT 0,
        ADD COLUMN delivery_delivered int NOT NULL DEFAULT 0,
        ADD COLUMN delivery_failed int NOT NULL DEFAULT 0,
        ADD COLUMN delivery_last_error text NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        DROP COLUMN delivery_version, DROP COLUMN delivery_queued, DROP COLUMN delivery_delivered,
        DROP COLUMN delivery_failed, DROP COLUMN delivery_last_error`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each destination's delivery state on the order (the newest message per integration, as the
 * delivery service last published it with `DeliveryEvents.orderProgress`), for the order's
 * header and the orders list.
 */
export class OrderDeliveryDestinations1764900000100 implements MigrationInterface {
  name = 'OrderDeliveryDestinations1764900000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN delivery_destinations jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN delivery_destinations');
  }
}

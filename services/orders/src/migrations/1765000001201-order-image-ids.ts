import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ids of the order's images (`image_ids`), as the images service last published them with
 * the order's progress (`ImagesEvents.orderProgress.imageIds`): tagging an image finds its order
 * here (GIN index) instead of asking the images service. Orders of before get them when the
 * images service sends their progress again at its next start.
 */
export class OrderImageIds1765000001201 implements MigrationInterface {
  name = 'OrderImageIds1765000001201';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN image_ids uuid[] NOT NULL DEFAULT '{}'`);
    await q.query('CREATE INDEX orders_image_ids_idx ON orders USING gin (image_ids)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX orders_image_ids_idx');
    await q.query('ALTER TABLE orders DROP COLUMN image_ids');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's picture for lists, as the images service last published it with the order's
 * progress (`ImagesEvents.orderProgress.thumbnailKey`): the list signs its link itself instead
 * of asking the images service for every page.
 */
export class OrderThumbnail1764200000003 implements MigrationInterface {
  name = 'OrderThumbnail1764200000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders ADD COLUMN thumbnail_key text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN thumbnail_key');
  }
}

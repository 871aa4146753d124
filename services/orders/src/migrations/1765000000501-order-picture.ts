import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The full picture of the order's picture for lists (`picture_key`), published by the images
 * service with the order's progress (`ImagesEvents.orderProgress.pictureKey`): the orders list
 * shows it when the list thumbnail is missing or fails to load, before a placeholder. Orders of
 * before get it when the images service sends their progress again at its next start.
 */
export class OrderPicture1765000000501 implements MigrationInterface {
  name = 'OrderPicture1765000000501';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders ADD COLUMN picture_key text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN picture_key');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's picture for lists (`thumbnailKey`) travels with the order's progress event, so
 * the orders list needs no call to this service. Orders whose last progress went out before
 * that are marked, and `ThumbnailBackfill` sends their progress again once at start.
 */
export class OrderThumbnailSent1764100000002 implements MigrationInterface {
  name = 'OrderThumbnailSent1764100000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE order_progress ADD COLUMN thumbnail_sent boolean NOT NULL DEFAULT false');
    await q.query('ALTER TABLE order_progress ALTER COLUMN thumbnail_sent SET DEFAULT true');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE order_progress DROP COLUMN thumbnail_sent');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's progress now carries the ids of its images (`imageIds`): the orders service finds
 * an image's order from them instead of asking this service. Every order is marked as not
 * having its progress sent, so `ThumbnailBackfill` sends each order's progress again once at
 * start, with the ids.
 */
export class OrderImageIdsSent1765000001200 implements MigrationInterface {
  name = 'OrderImageIdsSent1765000001200';

  async up(q: QueryRunner): Promise<void> {
    await q.query('UPDATE order_progress SET thumbnail_sent = false');
  }

  async down(): Promise<void> {
    // nothing to undo: sending the progress again changes nothing
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's progress now carries its full picture too (`pictureKey`, what the orders list
 * shows when the list thumbnail is missing or fails to load). Every order is marked as not
 * having its picture sent, so `ThumbnailBackfill` sends each order's progress again once at
 * start, with both keys.
 */
export class OrderPictureSent1765000000502 implements MigrationInterface {
  name = 'OrderPictureSent1765000000502';

  async up(q: QueryRunner): Promise<void> {
    await q.query('UPDATE order_progress SET thumbnail_sent = false');
  }

  async down(): Promise<void> {
    // nothing to undo: sending the progress again changes nothing
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What the orders service is told of an order's pictures and videos. */
export interface ProgressCounts {
  imageCount: number;
  uploadedCount: number;
  processedCount: number;
  failedCount: number;
  videoCount: number;
}

/**
 * The progress of each order (`order_progress`: the version of the last progress event and
 * whether it carried the order's picture for lists), and the counts it reports, read from
 * `image` and `video`.
 */
@Injectable()
export class OrderProgressRepository {
  /**
   * Takes the order's progress row lock for the rest of the transaction (making the row when
   * the order has none yet).
   */
  async lock(m: EntityManager, orderId: string): Promise<void> {
    await m.query('INSERT INTO order_progress (order_id, version) VALUES ($1, 0) ON CONFLICT (order_id) DO NOTHING', [orderId]);
    await m.query('SELECT version FROM order_progress WHERE order_id = $1 FOR UPDATE', [orderId]);
  }

  /** The order's next progress version, noted as sent with the picture for lists. */
  async nextVersion(m: EntityManager, orderId: string): Promise<number> {
    // an upsert: its rows come back as they are (TypeORM wraps UPDATE results with a count)
    const [{ version }]: Array<{ version: number }> = await m.query(
      `INSERT INTO order_progress (order_id, version) VALUES ($1, 1)
       ON CONFLICT (order_id) DO UPDATE SET version = order_progress.version + 1, thumbnail_sent = true RETURNING version`,
      [orderId],
    );
    return version;
  }

  /**
   * Counts the order's images and videos as this transaction sees them, and finds its picture
   * for lists: the first picture by position (among those accepted) that has a thumbnail, else
   * the first original; each a walk of the (order_id, position) index.
   */
  async counts(m: EntityManager, orderId: string): Promise<ProgressCounts & { thumbnailKey: string | null }> {
    const shown = `order_id = $1 AND optimisation_status IN ('queued', 'completed', 'rejected')`;
    const [images]: Array<Omit<ProgressCounts, 'videoCount'> & { thumbnailKey: string | null }> = await m.query(
      `SELECT count(*)::int AS "imageCount",
              count(*) FILTER (WHERE optimisation_status IN ('queued', 'completed', 'rejected'))::int AS "uploadedCount",
              count(*) FILTER (WHERE optimisation_status IN ('completed', 'rejected'))::int AS "processedCount",
              count(*) FILTER (WHERE optimisation_status = 'rejected')::int AS "failedCount",
              coalesce((SELECT thumb_key FROM image WHERE ${shown} AND thumb_key IS NOT NULL ORDER BY position LIMIT 1),
                       (SELECT original_key FROM image WHERE ${shown} AND original_key IS NOT NULL ORDER BY position LIMIT 1)) AS "thumbnailKey"
         FROM image WHERE order_id = $1`,
      [orderId],
    );
    const [videos]: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM video WHERE order_id = $1 AND status = 'ready'`, [orderId]);
    return { ...images, videoCount: videos.n };
  }

  /** At most `limit` orders whose last progress went out without the picture for lists. */
  async withoutPicture(m: EntityManager, limit: number): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await m.query('SELECT order_id FROM order_progress WHERE NOT thumbnail_sent LIMIT $1', [limit]);
    return rows.map((r) => r.order_id);
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM order_progress WHERE order_id = $1', [orderId]);
  }
}

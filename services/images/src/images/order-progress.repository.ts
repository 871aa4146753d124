import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What the orders service is told of an order's pictures and videos. */
export interface ProgressCounts {
  imageCount: number;
  uploadedCount: number;
  processedCount: number;
  failedCount: number;
  videoCount: number;
  /** processed pictures QA approved */
  approvedCount: number;
  /** accepted pictures marked as needing edition (by QA or by a re-edit request) */
  needsEditionCount: number;
  /** open re-edit requests, and the earliest due time among them (ISO; null when none) */
  reEditOpenCount: number;
  reEditDueAt: string | null;
}

/**
 * The progress of each order (`order_progress`: the version of the last progress event and
 * whether it carried the order's picture for lists), and the counts it reports, read from
 * `image`, `video` and `re_edit_request`.
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
   * for lists: the first picture by position (among those accepted) that has a thumbnail (its
   * list-sized one when made, 112 x 84), else the first original; each a walk of the (order_id, position) index.
   * `pictureKey` is the full picture of that same image (processed, else the original's shared
   * copy, else the original), the list's fallback when the thumbnail fails.
   */
  async counts(m: EntityManager, orderId: string): Promise<ProgressCounts & { thumbnailKey: string | null; pictureKey: string | null; imageIds: string[] }> {
    const shown = `order_id = $1 AND optimisation_status IN ('queued', 'completed', 'rejected')`;
    const [images]: Array<Omit<ProgressCounts, 'videoCount' | 'reEditOpenCount' | 'reEditDueAt'> & { thumbnailKey: string | null; pictureKey: string | null; imageIds: string[] }> = await m.query(
      `SELECT count(*)::int AS "imageCount",
              coalesce(array_agg(id::text ORDER BY position), '{}') AS "imageIds",
              count(*) FILTER (WHERE optimisation_status IN ('queued', 'completed', 'rejected'))::int AS "uploadedCount",
              count(*) FILTER (WHERE optimisation_status IN ('completed', 'rejected'))::int AS "processedCount",
              count(*) FILTER (WHERE optimisation_status = 'rejected')::int AS "failedCount",
              count(*) FILTER (WHERE optimisation_status = 'completed' AND approved)::int AS "approvedCount",
              count(*) FILTER (WHERE optimisation_status IN ('queued', 'completed', 'rejected') AND needs_edition)::int AS "needsEditionCount",
              coalesce((SELECT coalesce(list_thumb_key, thumb_key) FROM image WHERE ${shown} AND thumb_key IS NOT NULL ORDER BY position LIMIT 1),
                       (SELECT original_key FROM image WHERE ${shown} AND original_key IS NOT NULL ORDER BY position LIMIT 1)) AS "thumbnailKey",
              coalesce((SELECT coalesce(optimized_key, shared_original_key, original_key) FROM image WHERE ${shown} AND thumb_key IS NOT NULL ORDER BY position LIMIT 1),
                       (SELECT coalesce(shared_original_key, original_key) FROM image WHERE ${shown} AND original_key IS NOT NULL ORDER BY position LIMIT 1)) AS "pictureKey"
         FROM image WHERE order_id = $1`,
      [orderId],
    );
    const [videos]: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM video WHERE order_id = $1 AND status = 'ready'`, [orderId]);
    // the open re-edit requests: a walk of the order's requests (re_edit_request_order_idx)
    const [reEdit]: Array<{ n: number; due: Date | null }> = await m.query(
      `SELECT count(*)::int AS n, min(due_at) AS due FROM re_edit_request WHERE order_id = $1 AND state = 'open'`,
      [orderId],
    );
    return { ...images, videoCount: videos.n, reEditOpenCount: reEdit.n, reEditDueAt: reEdit.due ? new Date(reEdit.due).toISOString() : null };
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

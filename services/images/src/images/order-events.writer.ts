import { ImagesEvents, type Actor, type OrderEventName } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

interface ProgressCounts {
  imageCount: number;
  uploadedCount: number;
  processedCount: number;
  failedCount: number;
  videoCount: number;
}

/**
 * What the images service tells the orders service, always inside the transaction of the
 * change: the order's counts and its picture for lists with a per-order version
 * (`ImagesEvents.orderProgress`), and
 * events for the order's timeline (`ImagesEvents.timeline`).
 */
@Injectable()
export class OrderEventsWriter {
  constructor(private readonly host: MessagingHost) {}

  /**
   * Takes the order's progress row lock for the rest of the transaction. Changes of one
   * order then commit one after another, so each version's counts include every change of
   * the lower versions.
   */
  async lock(m: EntityManager, orderId: string): Promise<void> {
    await m.query('INSERT INTO order_progress (order_id, version) VALUES ($1, 0) ON CONFLICT (order_id) DO NOTHING', [orderId]);
    await m.query('SELECT version FROM order_progress WHERE order_id = $1 FOR UPDATE', [orderId]);
  }

  /** Counts the order's images and videos as this transaction sees them, finds its picture for lists, and queues the progress event. */
  async progress(m: EntityManager, orderId: string): Promise<ProgressCounts & { version: number }> {
    // an upsert: its rows come back as they are (TypeORM wraps UPDATE results with a count)
    const [{ version }]: Array<{ version: number }> = await m.query(
      `INSERT INTO order_progress (order_id, version) VALUES ($1, 1)
       ON CONFLICT (order_id) DO UPDATE SET version = order_progress.version + 1, thumbnail_sent = true RETURNING version`,
      [orderId],
    );
    // the order's picture for lists: the first picture by position (among those accepted) that
    // has a thumbnail, else the first original; each a walk of the (order_id, position) index
    const shown = `order_id = $1 AND optimisation_status IN ('queued', 'completed', 'rejected')`;
    const [{ thumbnailKey, ...images }]: Array<Omit<ProgressCounts, 'videoCount'> & { thumbnailKey: string | null }> = await m.query(
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
    const counts = { ...images, videoCount: videos.n };
    await this.host.outbox.add(m, ImagesEvents.orderProgress, { orderId, version, ...counts, thumbnailKey, at: new Date().toISOString() });
    return { version, ...counts };
  }

  /** An event for the order's timeline; `userId` null for the system (the upload check, the pipeline). */
  async timeline(m: EntityManager, orderId: string, eventName: OrderEventName, userId: string | null, payload: Record<string, unknown>): Promise<void> {
    await this.host.outbox.add(m, ImagesEvents.timeline, { orderId, eventName, userId, userName: null, payload, at: new Date().toISOString() });
  }
}

/** The user behind an actor, for the timeline (none for the system). */
export function userOf(actor: Actor | null): string | null {
  return actor && actor.role !== 'System' && actor.userId ? actor.userId : null;
}

import type { DataSource } from 'typeorm';
import { inTransaction } from './database-errors';

/** staging objects removed per pass */
export const UPLOAD_LEFTOVER_BATCH = 50;

/**
 * One pass over a service's `upload_leftover` table (staging keys that no row names any more,
 * each with the expiry of the grant that could post there): removes the objects whose grant
 * expired more than `marginMs` ago, from then on nothing can post there again, and answers
 * their keys. A batch is claimed with `FOR UPDATE SKIP LOCKED`, so replicas take different
 * ones; the rows go in the same transaction after their objects, so an object that could not
 * be removed is tried again at the next pass. `remove` must take an object already gone as done:
 * a pass PostgreSQL aborted for another transaction runs again and removes the same objects.
 */
export function removeUploadLeftovers(ds: DataSource, opts: { marginMs: number; remove: (key: string) => Promise<unknown> }): Promise<string[]> {
  return inTransaction(ds, async (m) => {
    const rows: Array<{ object_key: string }> = await m.query(
      `SELECT object_key FROM upload_leftover
        WHERE grant_expires_at < now() - make_interval(secs => $1)
        ORDER BY grant_expires_at LIMIT ${UPLOAD_LEFTOVER_BATCH} FOR UPDATE SKIP LOCKED`,
      [opts.marginMs / 1000],
    );
    const keys = rows.map((r) => r.object_key);
    if (!keys.length) return keys;
    for (const key of keys) await opts.remove(key);
    await m.query('DELETE FROM upload_leftover WHERE object_key = ANY($1::text[])', [keys]);
    return keys;
  });
}

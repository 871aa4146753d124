import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** An upload nobody has reported yet, as the sweeper claims it. */
export interface PendingUpload {
  id: string;
  upload_key: string;
  /** its link expired more than the grace period ago */
  expired: boolean;
}

/** The rows of each kind of upload that still await their file. */
const AWAITING = {
  image: "optimisation_status = 'awaiting-upload'",
  video: "status = 'awaiting-upload'",
} as const;

/** The images and videos that await their upload, as the sweeper goes through them. */
@Injectable()
export class PendingUploadsRepository {
  /**
   * Claims at most `batch` awaited uploads of `table`, the least recently checked first, and
   * stamps them as checked now; rows another replica holds are skipped (`FOR UPDATE SKIP
   * LOCKED`), so replicas take different ones. `expired` is whether the link expired more
   * than `graceMs` ago.
   */
  async claim(m: EntityManager, table: keyof typeof AWAITING, batch: number, graceMs: number): Promise<PendingUpload[]> {
    const rows: [PendingUpload[], number] = await m.query(
      `UPDATE ${table} SET upload_checked_at = now()
        WHERE id IN (SELECT id FROM ${table} WHERE ${AWAITING[table]}
                      ORDER BY upload_checked_at NULLS FIRST, created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id, upload_key, upload_expires_at < now() - interval '${graceMs / 1000} seconds' AS expired`,
    );
    return rows[0];
  }
}

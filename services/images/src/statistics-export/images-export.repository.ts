import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Image } from '../images/image.entity';
import { ImageVersion } from '../versions/image-version.entity';

/** A deleted picture's pipeline job (`processed_job_kept`). */
export interface KeptProcessedJob {
  job_id: string;
  image_id: string;
  order_id: string;
  route: string;
  processed_at: Date;
}

const DONE = `i.optimisation_status = 'completed' AND i.processed_at IS NOT NULL AND i.optimised_via IS NOT NULL`;

/** What the statistics export reads of the images, page by page by id. */
@Injectable()
export class ImagesExportRepository {
  /**
   * Images the pipeline processed, by id: those it finished (`completed`, with the route that
   * made them) and those with a pipeline version kept from an earlier job (a picture whose
   * repush is still under way has one).
   */
  processedAfter(m: EntityManager, after: string | null, limit: number): Promise<Image[]> {
    const qb = m
      .createQueryBuilder(Image, 'i')
      .where(
        `((i.optimisation_status = 'completed' AND i.processed_at IS NOT NULL AND i.optimised_via IS NOT NULL)
          OR EXISTS (SELECT 1 FROM image_version v WHERE v.image_id = i.id AND v.kind = 'pipeline' AND v.job_id IS NOT NULL AND v.ready_at IS NOT NULL AND v.route IS NOT NULL))`,
      )
      .orderBy('i.id', 'ASC')
      .limit(limit);
    if (after) qb.andWhere('i.id > :after', { after });
    return qb.getMany();
  }

  /**
   * Keeps the pipeline jobs of pictures about to be deleted (of an order, or these pictures), as
   * the export tells them while the pictures are there: the last job of a processed picture and
   * each earlier job of its pipeline versions. Call in the deleting transaction, before the rows go.
   */
  async keepProcessed(m: EntityManager, accountId: string, of: { orderId: string } | { imageIds: readonly string[] }): Promise<void> {
    const [filter, param] = 'orderId' in of ? ['i.order_id = $1', of.orderId] : ['i.id = ANY($1::uuid[])', [...of.imageIds]];
    await this.lockAccount(m, accountId);
    await m.query(
      `INSERT INTO processed_job_kept (job_id, image_id, order_id, account_id, route, processed_at)
       SELECT COALESCE(i.latest_job_id, i.id), i.id, i.order_id, i.account_id, i.optimised_via, i.processed_at FROM image i
        WHERE ${filter} AND ${DONE}
       UNION ALL
       SELECT v.job_id, i.id, i.order_id, i.account_id, v.route, v.ready_at FROM image_version v JOIN image i ON i.id = v.image_id
        WHERE ${filter} AND v.kind = 'pipeline' AND v.job_id IS NOT NULL AND v.ready_at IS NOT NULL AND v.route IS NOT NULL
          AND NOT (${DONE} AND v.job_id = i.latest_job_id)
       ON CONFLICT (job_id) DO NOTHING`,
      [param],
    );
  }

  /** A deleted account's kept jobs go: the statistics drop the whole account. */
  async forgetAccount(m: EntityManager, accountId: string): Promise<void> {
    await this.lockAccount(m, accountId);
    await m.query('DELETE FROM processed_job_kept WHERE account_id = $1', [accountId]);
  }

  /**
   * Keeping and forgetting an account's jobs take turns (until the transaction ends): an order's
   * deletion consumed beside its account's deletion either keeps its jobs before the account
   * forgets them, or finds the pictures already gone.
   */
  private async lockAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('processed_job_kept:' || $1))`, [accountId]);
  }

  /** Kept jobs of deleted pictures, by job id. */
  keptAfter(m: EntityManager, after: string | null, limit: number): Promise<KeptProcessedJob[]> {
    return m.query(
      `SELECT job_id, image_id, order_id, route, processed_at FROM processed_job_kept WHERE $1::uuid IS NULL OR job_id > $1::uuid ORDER BY job_id LIMIT $2`,
      [after, limit],
    );
  }

  /** The pipeline versions of these images that got their result (one per job the image kept), oldest first. */
  pipelineVersionsOf(m: EntityManager, imageIds: readonly string[]): Promise<ImageVersion[]> {
    if (imageIds.length === 0) return Promise.resolve([]);
    return m
      .createQueryBuilder(ImageVersion, 'v')
      .where(`v.image_id IN (:...imageIds) AND v.kind = 'pipeline' AND v.job_id IS NOT NULL AND v.ready_at IS NOT NULL AND v.route IS NOT NULL`, { imageIds })
      .orderBy('v.ready_at', 'ASC')
      .addOrderBy('v.id', 'ASC')
      .getMany();
  }
}

import type { VideoStatus } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Video } from './video.entity';

/** The videos of orders (`video`); their files are in S3 (`VideoFiles`). */
@Injectable()
export class VideosRepository {
  findById(m: EntityManager, id: string): Promise<Video | null> {
    return m.findOne(Video, { where: { id } });
  }

  /** The video, locked until the transaction ends (an upload completed twice is accepted once); null when it is gone. */
  lockForUpdate(m: EntityManager, id: string): Promise<Video | null> {
    return m.findOne(Video, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's videos in these states, oldest first. */
  ofOrder(m: EntityManager, orderId: string, statuses: VideoStatus[]): Promise<Video[]> {
    return m
      .createQueryBuilder(Video, 'v')
      .where('v.order_id = :orderId AND v.status = ANY(:statuses)', { orderId, statuses })
      .orderBy('v.created_at', 'ASC')
      .addOrderBy('v.id', 'ASC')
      .getMany();
  }

  async insert(m: EntityManager, video: Partial<Video>): Promise<void> {
    await m.insert(Video, video);
  }

  save(m: EntityManager, video: Video): Promise<Video> {
    return m.save(Video, video);
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM video WHERE order_id = $1', [orderId]);
  }

  /** The orders of an account that still have videos here. */
  async orderIdsOfAccount(m: EntityManager, accountId: string): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await m.query('SELECT DISTINCT order_id FROM video WHERE account_id = $1', [accountId]);
    return rows.map((r) => r.order_id);
  }

  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE video SET created_by = NULL WHERE created_by = $1', [userId]);
  }
}

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
}

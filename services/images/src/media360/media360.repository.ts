import type { Media360Status } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Media360 } from './media360.entity';

/** The 360 media of orders (`media360`); their frames are in S3 (`Media360Files`). */
@Injectable()
export class Media360Repository {
  findById(m: EntityManager, id: string): Promise<Media360 | null> {
    return m.findOne(Media360, { where: { id } });
  }

  /** The 360, locked until the transaction ends (an upload completed twice is accepted once). */
  lockForUpdate(m: EntityManager, id: string): Promise<Media360 | null> {
    return m.findOne(Media360, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's 360s in these states, oldest first. */
  ofOrder(m: EntityManager, orderId: string, statuses: Media360Status[]): Promise<Media360[]> {
    return m
      .createQueryBuilder(Media360, 'x')
      .where('x.order_id = :orderId AND x.status = ANY(:statuses)', { orderId, statuses })
      .orderBy('x.created_at', 'ASC')
      .addOrderBy('x.id', 'ASC')
      .getMany();
  }

  /** Awaited 360s whose grants expired before `before`, the oldest first. */
  async expiredAwaiting(m: EntityManager, before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await m.query(
      `SELECT id FROM media360 WHERE status = 'awaiting-upload' AND upload_expires_at < $1 ORDER BY upload_expires_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  async insert(m: EntityManager, row: Partial<Media360>): Promise<void> {
    await m.insert(Media360, row);
  }

  save(m: EntityManager, row: Media360): Promise<Media360> {
    return m.save(Media360, row);
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM media360 WHERE order_id = $1', [orderId]);
  }

  /** The orders of an account that still have 360s here. */
  async orderIdsOfAccount(m: EntityManager, accountId: string): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await m.query('SELECT DISTINCT order_id FROM media360 WHERE account_id = $1', [accountId]);
    return rows.map((r) => r.order_id);
  }

  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE media360 SET created_by = NULL WHERE created_by = $1', [userId]);
  }
}

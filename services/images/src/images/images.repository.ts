import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Image } from './image.entity';

/** The pictures of orders (`image`); their files are in S3 (`ImageFiles`). */
@Injectable()
export class ImagesRepository {
  findById(m: EntityManager, id: string): Promise<Image | null> {
    return m.findOne(Image, { where: { id } });
  }

  exists(m: EntityManager, id: string): Promise<boolean> {
    return m.exists(Image, { where: { id } });
  }

  /**
   * The image, locked until the transaction ends: a change read from it here is made once,
   * whatever runs at the same moment (an upload completed twice, two verdicts, a pipeline
   * result and a replacement). Null when it is gone.
   */
  lockForUpdate(m: EntityManager, id: string): Promise<Image | null> {
    return m.findOne(Image, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's image at a position, locked until the transaction ends. */
  lockAtPosition(m: EntityManager, orderId: string, position: number): Promise<Image | null> {
    return m.findOne(Image, { where: { orderId, position }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's images by position; with `only`, those of these ids alone. */
  ofOrder(m: EntityManager, orderId: string, only?: string[]): Promise<Image[]> {
    const qb = m.createQueryBuilder(Image, 'i').where('i.order_id = :orderId', { orderId }).orderBy('i.position', 'ASC');
    if (only) qb.andWhere('i.id = ANY(:ids)', { ids: only });
    return qb.getMany();
  }

  /** The images of these ids, of any order (missing ids are left out). */
  byIds(m: EntityManager, ids: string[]): Promise<Image[]> {
    return m.createQueryBuilder(Image, 'i').where('i.id = ANY(:ids)', { ids }).getMany();
  }

  countOfOrder(m: EntityManager, orderId: string): Promise<number> {
    return m.count(Image, { where: { orderId } });
  }

  /** A new image row. */
  async insert(m: EntityManager, image: Partial<Image>): Promise<void> {
    // save, not insert: TypeORM's insert type does not take a free-form JSON column
    await m.save(Image, m.create(Image, image));
  }

  save(m: EntityManager, image: Image): Promise<Image> {
    return m.save(Image, image);
  }

  async update(m: EntityManager, id: string, changes: Partial<Pick<Image, 'replacementKey' | 'replacementContentType' | 'replacementExpiresAt'>>): Promise<void> {
    await m.update(Image, { id }, changes);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(Image, { id });
  }

  /** Deletes the images of these ids; answers how many there were (another delete may have got there first). */
  async deleteByIds(m: EntityManager, ids: string[]): Promise<number> {
    const res: [unknown[], number] = await m.query('DELETE FROM image WHERE id = ANY($1) RETURNING id', [ids]);
    return res[1];
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM image WHERE order_id = $1', [orderId]);
  }

  /** The orders of an account that still have images here. */
  async orderIdsOfAccount(m: EntityManager, accountId: string): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await m.query('SELECT DISTINCT order_id FROM image WHERE account_id = $1', [accountId]);
    return rows.map((r) => r.order_id);
  }

  /** Pictures a deleted user put on other accounts' orders stay, without naming who did it. */
  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE image SET created_by = NULL WHERE created_by = $1', [userId]);
  }
}

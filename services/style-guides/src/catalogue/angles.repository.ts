import { clampPage, PAGE_SIZE, type AngleCategory } from '@app/contracts';
import { escapeLike } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Angle } from './angle.entity';

/** The filters of the catalogue's lists (angles and car types). */
export interface CatalogueFilter {
  /** lower-cased, not empty */
  search?: string;
  category?: AngleCategory;
}

/** The angles of the catalogue. */
@Injectable()
export class AnglesRepository {
  /** The angle; with `lock`, locked until the transaction ends. */
  findById(m: EntityManager, id: string, lock = false): Promise<Angle | null> {
    return m.findOne(Angle, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The angles of these ids (missing ids are left out). */
  byIds(m: EntityManager, ids: string[]): Promise<Angle[]> {
    if (!ids.length) return Promise.resolve([]);
    return m.createQueryBuilder(Angle, 'a').where('a.id = ANY(:ids)', { ids }).getMany();
  }

  /** Every angle, by name. */
  all(m: EntityManager): Promise<Angle[]> {
    return m.find(Angle, { order: { name: 'ASC', id: 'ASC' } });
  }

  /** One page of angles, by name. */
  async page(m: EntityManager, f: CatalogueFilter, requestedPage: number | undefined): Promise<{ rows: Angle[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(Angle, 'a').orderBy('a.name', 'ASC').addOrderBy('a.id', 'ASC');
    if (f.search) qb.andWhere('lower(a.name) LIKE :s', { s: `%${escapeLike(f.search)}%` });
    if (f.category) qb.andWhere('a.category = :c', { c: f.category });
    const total = await qb.getCount();
    const page = clampPage(requestedPage, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total, page };
  }

  insert(m: EntityManager, angle: Partial<Angle>): Promise<Angle> {
    return m.save(Angle, m.create(Angle, angle));
  }

  save(m: EntityManager, angle: Angle): Promise<Angle> {
    return m.save(Angle, angle);
  }
}

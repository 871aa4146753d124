import { clampPage, PAGE_SIZE } from '@app/contracts';
import { escapeLike } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CatalogueFilter } from './angles.repository';
import { CarType } from './car-type.entity';

/** The car types of the catalogue. */
@Injectable()
export class CarTypesRepository {
  /** The car type; with `lock`, locked until the transaction ends. */
  findById(m: EntityManager, id: string, lock = false): Promise<CarType | null> {
    return m.findOne(CarType, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** One page of car types, by name. */
  async page(m: EntityManager, f: CatalogueFilter, requestedPage: number | undefined): Promise<{ rows: CarType[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(CarType, 'c').orderBy('c.car_type_name', 'ASC').addOrderBy('c.id', 'ASC');
    if (f.search) qb.andWhere('lower(c.car_type_name) LIKE :s', { s: `%${escapeLike(f.search)}%` });
    if (f.category) qb.andWhere('c.category = :c', { c: f.category });
    const total = await qb.getCount();
    const page = clampPage(requestedPage, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total, page };
  }

  insert(m: EntityManager, carType: Partial<CarType>): Promise<CarType> {
    return m.save(CarType, m.create(CarType, carType));
  }

  save(m: EntityManager, carType: CarType): Promise<CarType> {
    return m.save(CarType, carType);
  }
}

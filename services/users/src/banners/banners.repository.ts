import { clampPage, PAGE_SIZE } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Banner } from './banner.entity';

/** Banners (`banner`). */
@Injectable()
export class BannersRepository {
  /** One page of banners, newest first: the visible ones (true), the hidden ones (false) or all (undefined). */
  async page(m: EntityManager, isActive: boolean | undefined, requestedPage: number | undefined): Promise<{ rows: Banner[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(Banner, 'b').orderBy('b.created_at', 'DESC').addOrderBy('b.id', 'ASC');
    if (isActive !== undefined) qb.andWhere('b.is_active = :a', { a: isActive });
    const total = await qb.getCount();
    const page = clampPage(requestedPage, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total, page };
  }

  findById(m: EntityManager, id: string): Promise<Banner | null> {
    return m.findOne(Banner, { where: { id } });
  }

  insert(m: EntityManager, fields: Pick<Banner, 'message' | 'isActive'>): Promise<Banner> {
    return m.save(Banner, m.create(Banner, fields));
  }

  save(m: EntityManager, banner: Banner): Promise<Banner> {
    return m.save(Banner, banner);
  }
}

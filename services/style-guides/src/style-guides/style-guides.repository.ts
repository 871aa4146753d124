import { clampPage, PAGE_SIZE } from '@app/contracts';
import { escapeLike } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StyleGuide } from './style-guide.entity';

export interface StyleGuideListFilter {
  /** the guides the caller may read: every guide, or these */
  scope: 'all' | string[];
  /** lower-cased, not empty */
  search?: string;
}

/** Style guides and their assignment to accounts (`style_guide_user`). */
@Injectable()
export class StyleGuidesRepository {
  /** The guide; with `lock`, locked until the transaction ends, so concurrent changes of it run one after another. */
  findById(m: EntityManager, id: string, lock = false): Promise<StyleGuide | null> {
    return m.findOne(StyleGuide, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** One page of guides, newest first. */
  async page(m: EntityManager, f: StyleGuideListFilter, requestedPage: number | undefined): Promise<{ rows: StyleGuide[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(StyleGuide, 'g').orderBy('g.created_at', 'DESC').addOrderBy('g.id', 'ASC');
    if (f.scope !== 'all') qb.andWhere('g.id = ANY(:ids)', { ids: f.scope });
    if (f.search) qb.andWhere('lower(g.name) LIKE :s', { s: `%${escapeLike(f.search)}%` });
    const total = await qb.getCount();
    const page = clampPage(requestedPage, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total, page };
  }

  /** The ids of the guides assigned to an account. */
  async idsAssignedTo(m: EntityManager, userId: string): Promise<string[]> {
    const rows: Array<{ style_guide_id: string }> = await m.query('SELECT style_guide_id FROM style_guide_user WHERE user_id = $1', [userId]);
    return rows.map((r) => r.style_guide_id);
  }

  /** The guides assigned to an account, by name. */
  assignedTo(m: EntityManager, userId: string): Promise<StyleGuide[]> {
    return m
      .createQueryBuilder(StyleGuide, 'g')
      .innerJoin('style_guide_user', 'u', 'u.style_guide_id = g.id AND u.user_id = :userId', { userId })
      .orderBy('g.name', 'ASC')
      .getMany();
  }

  insert(m: EntityManager, guide: Partial<StyleGuide>): Promise<StyleGuide> {
    return m.save(StyleGuide, m.create(StyleGuide, guide));
  }

  save(m: EntityManager, guide: StyleGuide): Promise<StyleGuide> {
    return m.save(StyleGuide, guide);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(StyleGuide, { id });
  }

  /** Assigns the guide to the account; false when it already was. */
  async assign(m: EntityManager, styleGuideId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      'INSERT INTO style_guide_user (style_guide_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
      [styleGuideId, userId],
    );
    return rows.length === 1;
  }

  /** Takes the guide from the account; false when it was not assigned. */
  async unassign(m: EntityManager, styleGuideId: string, userId: string): Promise<boolean> {
    const res: [unknown[], number] = await m.query('DELETE FROM style_guide_user WHERE style_guide_id = $1 AND user_id = $2 RETURNING user_id', [
      styleGuideId,
      userId,
    ]);
    return res[1] > 0;
  }

  /** Takes every guide from the account (it was deleted). */
  async unassignAll(m: EntityManager, userId: string): Promise<void> {
    await m.query('DELETE FROM style_guide_user WHERE user_id = $1', [userId]);
  }
}

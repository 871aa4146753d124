import { clampPage, PAGE_SIZE, RpcError, TAG_MESSAGES, type TagCategory, type TagEntity, type TagListQuery } from '@app/contracts';
import { escapeLike, isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Tag } from './tag.entity';

/** The tags the admin keeps (`tag`); what is tagged with them is `TagAssignmentsRepository`. */
@Injectable()
export class TagsRepository {
  /** The tag; with `lock`, locked until the transaction ends, so changes of it run one after another. */
  findById(m: EntityManager, id: string, lock = false): Promise<Tag | null> {
    return m.findOne(Tag, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The oldest tag of a category for an entity (the tag a QA pick puts on the order). */
  firstOfCategory(m: EntityManager, category: TagCategory, entity: TagEntity): Promise<Tag | null> {
    return m.findOne(Tag, { where: { category, entity }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** One page of tags by category and name, filtered by a search in the name, a category or an entity. */
  async page(m: EntityManager, q: Omit<TagListQuery, 'page'>, requestedPage: number | undefined): Promise<{ rows: Tag[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(Tag, 't').orderBy('t.category', 'ASC').addOrderBy('lower(t.name)', 'ASC').addOrderBy('t.id', 'ASC');
    if (q.search) qb.andWhere('lower(t.name) LIKE :s', { s: `%${escapeLike(q.search.toLowerCase())}%` });
    if (q.category) qb.andWhere('t.category = :c', { c: q.category });
    if (q.entity) qb.andWhere('t.entity = :e', { e: q.entity });
    const total = await qb.getCount();
    const page = clampPage(requestedPage, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total, page };
  }

  insert(m: EntityManager, fields: Pick<Tag, 'name' | 'category' | 'entity' | 'color'>): Promise<Tag> {
    return this.save(m, m.create(Tag, fields));
  }

  /** Saves a new or changed tag; a name its entity already has is 409. */
  async save(m: EntityManager, tag: Tag): Promise<Tag> {
    try {
      return await m.save(Tag, tag);
    } catch (err) {
      if (isUniqueViolation(err)) throw RpcError.conflict(TAG_MESSAGES.duplicate);
      throw err;
    }
  }
}

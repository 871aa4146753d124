import {
  clampPage,
  PAGE_SIZE,
  paged,
  RpcError,
  TAG_MESSAGES,
  type Actor,
  type Paged,
  type TagBody,
  type TagListQuery,
  type TagView,
  type UpdateTagPayload,
} from '@app/contracts';
import { escapeLike, isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { Tag } from './tag.entity';

const toView = (t: Tag): TagView => ({
  id: t.id,
  name: t.name,
  category: t.category,
  entity: t.entity,
  color: t.color,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** The tag catalogue: read by everyone signed in (badges), kept by the admin. */
@Injectable()
export class TagsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private assertAdmin(actor: Actor): void {
    if (actor.role !== 'Admin' && actor.role !== 'System') throw RpcError.forbidden();
  }

  private async save(m: EntityManager, tag: Tag): Promise<Tag> {
    try {
      return await m.save(Tag, tag);
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw RpcError.conflict(TAG_MESSAGES.duplicate);
      }
      throw err;
    }
  }

  async list(q: TagListQuery): Promise<Paged<TagView>> {
    const qb = this.ds.manager.createQueryBuilder(Tag, 't').orderBy('t.category', 'ASC').addOrderBy('lower(t.name)', 'ASC').addOrderBy('t.id', 'ASC');
    if (q.search) qb.andWhere('lower(t.name) LIKE :s', { s: `%${escapeLike(q.search.toLowerCase())}%` });
    if (q.category) qb.andWhere('t.category = :c', { c: q.category });
    if (q.entity) qb.andWhere('t.entity = :e', { e: q.entity });
    const total = await qb.getCount();
    const page = clampPage(q.page, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return paged(rows.map(toView), total, page);
  }

  async get(id: string): Promise<TagView> {
    const t = await this.ds.manager.findOne(Tag, { where: { id } });
    if (!t) throw RpcError.notFound(TAG_MESSAGES.notFound);
    return toView(t);
  }

  async create(actor: Actor, body: TagBody): Promise<TagView> {
    this.assertAdmin(actor);
    return toView(await this.save(this.ds.manager, this.ds.manager.create(Tag, body)));
  }

  async update(actor: Actor, p: UpdateTagPayload): Promise<TagView> {
    this.assertAdmin(actor);
    return this.ds.transaction(async (m) => {
      const t = await m.findOne(Tag, { where: { id: p.id }, lock: { mode: 'pessimistic_write' } });
      if (!t) throw RpcError.notFound(TAG_MESSAGES.notFound);
      if (p.name !== undefined) t.name = p.name;
      if (p.category !== undefined) t.category = p.category;
      if (p.entity !== undefined) t.entity = p.entity;
      if (p.color !== undefined) t.color = p.color;
      return toView(await this.save(m, t));
    });
  }
}

import { paged, RpcError, TAG_MESSAGES, type Actor, type Paged, type TagBody, type TagListQuery, type TagView, type UpdateTagPayload } from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrderPolicy } from '../access/order-policy';
import type { Tag } from './tag.entity';
import { TagsRepository } from './tags.repository';

const toView = (t: Tag): TagView => ({
  id: t.id,
  name: t.name,
  category: t.category,
  entity: t.entity,
  color: t.color,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** The tags: read by everyone signed in (badges), kept by the admin. */
@Injectable()
export class TagsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tags: TagsRepository,
  ) {}

  async list(q: TagListQuery): Promise<Paged<TagView>> {
    const { rows, total, page } = await this.tags.page(this.ds.manager, q, q.page);
    return paged(rows.map(toView), total, page);
  }

  async get(id: string): Promise<TagView> {
    const t = await this.tags.findById(this.ds.manager, id);
    if (!t) throw RpcError.notFound(TAG_MESSAGES.notFound);
    return toView(t);
  }

  async create(actor: Actor, body: TagBody): Promise<TagView> {
    OrderPolicy.assertAdmin(actor);
    return toView(await this.tags.insert(this.ds.manager, body));
  }

  async update(actor: Actor, p: UpdateTagPayload): Promise<TagView> {
    OrderPolicy.assertAdmin(actor);
    return inTransaction(this.ds, async (m) => {
      const t = await this.tags.findById(m, p.id, true);
      if (!t) throw RpcError.notFound(TAG_MESSAGES.notFound);
      if (p.name !== undefined) t.name = p.name;
      if (p.category !== undefined) t.category = p.category;
      if (p.entity !== undefined) t.entity = p.entity;
      if (p.color !== undefined) t.color = p.color;
      return toView(await this.tags.save(m, t));
    });
  }
}

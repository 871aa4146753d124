import {
  clampPage,
  PAGE_SIZE,
  paged,
  RpcError,
  STYLE_GUIDE_MESSAGES,
  StyleGuideEvents,
  UsersRpc,
  type Actor,
  type Paged,
  type StyleGuideBody,
  type StyleGuideListItem,
  type StyleGuideListQuery,
  type StyleGuideUserBody,
  type StyleGuideView,
  type UpdateStyleGuidePayload,
} from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { Configuration } from '../configurations/configuration.entity';
import { MediaService } from '../media/media.service';
import { StyleGuide } from './style-guide.entity';
import { StyleGuideViews } from './style-guide-views';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const MEDIA_FIELDS = ['logoMediaId', 'backgroundMediaId', 'floorMediaId', 'numberplateMediaId'] as const;

@Injectable()
export class StyleGuidesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly media: MediaService,
    private readonly views: StyleGuideViews,
    private readonly messaging: MessagingHost,
  ) {}

  private async load(m: EntityManager, actor: Actor, id: string, lock = false): Promise<StyleGuide> {
    await StyleGuideAccess.assertCanRead(m, actor, id, STYLE_GUIDE_MESSAGES.notFound);
    const g = await m.findOne(StyleGuide, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!g) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.notFound);
    return g;
  }

  async list(actor: Actor, q: StyleGuideListQuery): Promise<Paged<StyleGuideListItem>> {
    const scope = await StyleGuideAccess.readable(this.ds.manager, actor);
    const qb = this.ds.manager.createQueryBuilder(StyleGuide, 'g').orderBy('g.created_at', 'DESC').addOrderBy('g.id', 'ASC');
    if (scope !== 'all') qb.andWhere('g.id = ANY(:ids)', { ids: scope });
    if (q.search) qb.andWhere('lower(g.name) LIKE :s', { s: `%${escapeLike(q.search.toLowerCase())}%` });
    const total = await qb.getCount();
    const page = clampPage(q.page, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return paged(await this.views.listItems(rows), total, page);
  }

  async get(actor: Actor, id: string): Promise<StyleGuideView> {
    return this.views.guide(await this.load(this.ds.manager, actor, id));
  }

  /** The guides assigned to an account (for the profile tab and the order creator). */
  async ofUser(actor: Actor, userId: string): Promise<StyleGuideListItem[]> {
    await StyleGuideAccess.assertCanSeeUser(this.messaging.rpc, actor, userId);
    const rows = await this.ds.manager
      .createQueryBuilder(StyleGuide, 'g')
      .innerJoin('style_guide_user', 'u', 'u.style_guide_id = g.id AND u.user_id = :userId', { userId })
      .orderBy('g.name', 'ASC')
      .getMany();
    return this.views.listItems(rows);
  }

  async create(actor: Actor, body: StyleGuideBody): Promise<StyleGuideView> {
    StyleGuideAccess.assertManager(actor);
    const saved = await this.ds.transaction(async (m) => {
      await this.media.requireUploaded(m, MEDIA_FIELDS.map((f) => body[f]));
      return m.save(
        StyleGuide,
        m.create(StyleGuide, {
          name: body.name,
          customerNote: body.customerNote ?? '',
          outputWidth: body.outputWidth,
          outputHeight: body.outputHeight,
          maxImageSize: body.maxImageSize,
          interiorColor: (body.interiorColor ?? '#FFFFFF').toUpperCase(),
          frameFreeRouting: body.frameFreeRouting ?? null,
          logoMediaId: body.logoMediaId ?? null,
          backgroundMediaId: body.backgroundMediaId ?? null,
          floorMediaId: body.floorMediaId ?? null,
          numberplateMediaId: body.numberplateMediaId ?? null,
        }),
      );
    });
    return this.views.guide(saved);
  }

  async update(actor: Actor, p: UpdateStyleGuidePayload): Promise<StyleGuideView> {
    StyleGuideAccess.assertManager(actor);
    const saved = await this.ds.transaction(async (m) => {
      const g = await this.load(m, actor, p.id, true);
      await this.media.requireUploaded(m, MEDIA_FIELDS.map((f) => p[f]));
      if (p.name !== undefined) g.name = p.name;
      if (p.customerNote !== undefined) g.customerNote = p.customerNote;
      if (p.outputWidth !== undefined) g.outputWidth = p.outputWidth;
      if (p.outputHeight !== undefined) g.outputHeight = p.outputHeight;
      if (p.maxImageSize !== undefined) g.maxImageSize = p.maxImageSize;
      if (p.interiorColor !== undefined) g.interiorColor = p.interiorColor.toUpperCase();
      if (p.frameFreeRouting !== undefined) g.frameFreeRouting = p.frameFreeRouting;
      for (const f of MEDIA_FIELDS) if (p[f] !== undefined) g[f] = p[f] ?? null;
      return m.save(StyleGuide, g);
    });
    return this.views.guide(saved);
  }

  /** A copy of the guide and each configuration, named `<name>-COPY`, sharing the same media. */
  async duplicate(actor: Actor, id: string): Promise<StyleGuideView> {
    StyleGuideAccess.assertManager(actor);
    const copy = await this.ds.transaction(async (m) => {
      const g = await this.load(m, actor, id);
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = g;
      const saved = await m.save(StyleGuide, m.create(StyleGuide, { ...fields, name: `${g.name}-COPY`.slice(0, 120) }));
      const configs = await m.find(Configuration, { where: { styleGuideId: g.id } });
      for (const c of configs) {
        const { id: _cid, createdAt: _cc, updatedAt: _cu, ...rest } = c;
        await m.save(Configuration, m.create(Configuration, { ...rest, styleGuideId: saved.id }));
      }
      return saved;
    });
    return this.views.guide(copy);
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    StyleGuideAccess.assertAdmin(actor);
    await this.ds.transaction(async (m) => {
      const g = await this.load(m, actor, id, true);
      await m.delete(StyleGuide, { id: g.id });
      await this.messaging.outbox.add(m, StyleGuideEvents.deleted, { styleGuideId: g.id });
    });
    return { deleted: true };
  }

  async addToUser(actor: Actor, body: StyleGuideUserBody): Promise<{ added: boolean }> {
    StyleGuideAccess.assertAdmin(actor);
    await this.load(this.ds.manager, actor, body.styleGuideId);
    // the account must exist: the users service answers 404 otherwise
    await this.messaging.rpc.send(UsersRpc.get, { id: body.userId }, actor);
    const rows: unknown[] = await this.ds.manager.query(
      'INSERT INTO style_guide_user (style_guide_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
      [body.styleGuideId, body.userId],
    );
    return { added: rows.length === 1 };
  }

  async removeFromUser(actor: Actor, body: StyleGuideUserBody): Promise<{ removed: boolean }> {
    StyleGuideAccess.assertAdmin(actor);
    await this.load(this.ds.manager, actor, body.styleGuideId);
    const res: [unknown[], number] = await this.ds.manager.query(
      'DELETE FROM style_guide_user WHERE style_guide_id = $1 AND user_id = $2 RETURNING user_id',
      [body.styleGuideId, body.userId],
    );
    return { removed: res[1] > 0 };
  }
}

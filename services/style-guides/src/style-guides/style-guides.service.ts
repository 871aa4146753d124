import {
  DEFAULT_NUMBER_PLATE_COLOR,
  DEFAULT_NUMBER_PLATE_MODE,
  DEFAULT_WINDOW_MODE,
  paged,
  RpcError,
  STYLE_GUIDE_MESSAGES,
  StyleGuidesEvents,
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
import { inTransaction, MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { ConfigurationsRepository } from '../configurations/configurations.repository';
import { MediaService } from '../media/media.service';
import type { StyleGuide } from './style-guide.entity';
import { StyleGuideEvents } from './style-guide-events';
import { StyleGuideViews } from './style-guide-views';
import { StyleGuidesRepository } from './style-guides.repository';
const MEDIA_FIELDS = ['logoMediaId', 'backgroundMediaId', 'floorMediaId', 'numberplateMediaId'] as const;

@Injectable()
export class StyleGuidesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly guides: StyleGuidesRepository,
    private readonly configurations: ConfigurationsRepository,
    private readonly media: MediaService,
    private readonly views: StyleGuideViews,
    private readonly messaging: MessagingHost,
    private readonly access: StyleGuideAccess,
    private readonly events: StyleGuideEvents,
  ) {}

  private async load(m: EntityManager, actor: Actor, id: string, lock = false): Promise<StyleGuide> {
    await this.access.assertCanRead(m, actor, id, STYLE_GUIDE_MESSAGES.notFound);
    const g = await this.guides.findById(m, id, lock);
    if (!g) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.notFound);
    return g;
  }

  async list(actor: Actor, q: StyleGuideListQuery): Promise<Paged<StyleGuideListItem>> {
    const scope = await this.access.readable(this.ds.manager, actor);
    const { rows, total, page } = await this.guides.page(this.ds.manager, { scope, search: q.search?.toLowerCase() }, q.page);
    return paged(await this.views.listItems(rows), total, page);
  }

  async get(actor: Actor, id: string): Promise<StyleGuideView> {
    return this.views.guide(await this.load(this.ds.manager, actor, id));
  }

  /** The guides assigned to an account (for the profile tab and the order creator). */
  async ofUser(actor: Actor, userId: string): Promise<StyleGuideListItem[]> {
    await StyleGuideAccess.assertCanSeeUser(this.messaging.rpc, actor, userId);
    return this.views.listItems(await this.guides.assignedTo(this.ds.manager, userId));
  }

  async create(actor: Actor, body: StyleGuideBody): Promise<StyleGuideView> {
    StyleGuideAccess.assertManager(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      await this.media.requireUploaded(m, MEDIA_FIELDS.map((f) => body[f]));
      const g = await this.guides.insert(m, {
        name: body.name,
        customerNote: body.customerNote ?? '',
        outputWidth: body.outputWidth,
        outputHeight: body.outputHeight,
        maxImageSize: body.maxImageSize,
        interiorColor: (body.interiorColor ?? '#FFFFFF').toUpperCase(),
        frameFreeRouting: body.frameFreeRouting ?? null,
        windows: body.windows ?? DEFAULT_WINDOW_MODE,
        numberPlates: body.numberPlates ?? DEFAULT_NUMBER_PLATE_MODE,
        numberPlateColor: (body.numberPlateColor ?? DEFAULT_NUMBER_PLATE_COLOR).toUpperCase(),
        logoMediaId: body.logoMediaId ?? null,
        backgroundMediaId: body.backgroundMediaId ?? null,
        floorMediaId: body.floorMediaId ?? null,
        numberplateMediaId: body.numberplateMediaId ?? null,
      });
      await this.events.saved(m, g);
      return g;
    });
    return this.views.guide(saved);
  }

  async update(actor: Actor, p: UpdateStyleGuidePayload): Promise<StyleGuideView> {
    StyleGuideAccess.assertManager(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      const g = await this.load(m, actor, p.id, true);
      await this.media.requireUploaded(m, MEDIA_FIELDS.map((f) => p[f]));
      const renamed = p.name !== undefined && p.name !== g.name;
      if (p.name !== undefined) g.name = p.name;
      if (p.customerNote !== undefined) g.customerNote = p.customerNote;
      if (p.outputWidth !== undefined) g.outputWidth = p.outputWidth;
      if (p.outputHeight !== undefined) g.outputHeight = p.outputHeight;
      if (p.maxImageSize !== undefined) g.maxImageSize = p.maxImageSize;
      if (p.interiorColor !== undefined) g.interiorColor = p.interiorColor.toUpperCase();
      if (p.frameFreeRouting !== undefined) g.frameFreeRouting = p.frameFreeRouting;
      if (p.windows !== undefined) g.windows = p.windows;
      if (p.numberPlates !== undefined) g.numberPlates = p.numberPlates;
      if (p.numberPlateColor !== undefined) g.numberPlateColor = p.numberPlateColor.toUpperCase();
      for (const f of MEDIA_FIELDS) if (p[f] !== undefined) g[f] = p[f] ?? null;
      const after = await this.guides.save(m, g);
      if (renamed) await this.events.saved(m, after);
      return after;
    });
    return this.views.guide(saved);
  }

  /** A copy of the guide and each configuration, named `<name>-COPY`, sharing the same media. */
  async duplicate(actor: Actor, id: string): Promise<StyleGuideView> {
    StyleGuideAccess.assertManager(actor);
    const copy = await inTransaction(this.ds, async (m) => {
      const g = await this.load(m, actor, id);
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = g;
      const saved = await this.guides.insert(m, { ...fields, name: `${g.name}-COPY`.slice(0, 120) });
      await this.events.saved(m, saved);
      for (const c of await this.configurations.ofGuide(m, g.id)) {
        const { id: _cid, createdAt: _cc, updatedAt: _cu, ...rest } = c;
        await this.configurations.save(m, this.configurations.create(m, { ...rest, styleGuideId: saved.id }));
      }
      return saved;
    });
    return this.views.guide(copy);
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    StyleGuideAccess.assertAdmin(actor);
    await inTransaction(this.ds, async (m) => {
      const g = await this.load(m, actor, id, true);
      await this.guides.delete(m, g.id);
      await this.messaging.outbox.add(m, StyleGuidesEvents.deleted, { styleGuideId: g.id });
    });
    return { deleted: true };
  }

  async addToUser(actor: Actor, body: StyleGuideUserBody): Promise<{ added: boolean }> {
    StyleGuideAccess.assertAdmin(actor);
    await this.load(this.ds.manager, actor, body.styleGuideId);
    // the account must exist: the users service answers 404 otherwise
    await this.messaging.rpc.send(UsersRpc.get, { id: body.userId }, actor);
    return { added: await this.guides.assign(this.ds.manager, body.styleGuideId, body.userId) };
  }

  async removeFromUser(actor: Actor, body: StyleGuideUserBody): Promise<{ removed: boolean }> {
    StyleGuideAccess.assertAdmin(actor);
    await this.load(this.ds.manager, actor, body.styleGuideId);
    return { removed: await this.guides.unassign(this.ds.manager, body.styleGuideId, body.userId) };
  }
}

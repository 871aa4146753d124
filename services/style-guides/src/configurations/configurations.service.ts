import {
  DEFAULT_HORIZON_LINE,
  DEFAULT_MARGINS,
  RpcError,
  STYLE_GUIDE_MESSAGES,
  type Actor,
  type ConfigurationBody,
  type ConfigurationView,
  type UpdateConfigurationPayload,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { AnglesRepository } from '../catalogue/angles.repository';
import { MediaService } from '../media/media.service';
import { StyleGuideViews } from '../style-guides/style-guide-views';
import { StyleGuidesRepository } from '../style-guides/style-guides.repository';
import type { Configuration } from './configuration.entity';
import { ConfigurationsRepository } from './configurations.repository';

const MEDIA_FIELDS = ['customAngleOverlayId', 'customFrameOverlayId', 'customBackgroundId', 'customLogoId', 'customFloorId', 'featuredImageId'] as const;

/**
 * Configurations of a style guide, one per position. FEATURED forces the featured route and
 * no angle, and needs its featured image; an IMAGE configuration needs an angle.
 */
@Injectable()
export class ConfigurationsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly configurations: ConfigurationsRepository,
    private readonly guides: StyleGuidesRepository,
    private readonly angles: AnglesRepository,
    private readonly media: MediaService,
    private readonly views: StyleGuideViews,
    private readonly access: StyleGuideAccess,
  ) {}

  private async load(m: EntityManager, actor: Actor, id: string, lock = false): Promise<Configuration> {
    const c = await this.configurations.findById(m, id, lock);
    if (!c) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.configurationNotFound);
    await this.access.assertCanRead(m, actor, c.styleGuideId, STYLE_GUIDE_MESSAGES.configurationNotFound);
    return c;
  }

  /** The rules that tie fields together, applied to the configuration as it will be saved. */
  private async settle(m: EntityManager, c: Configuration): Promise<void> {
    if (c.type === 'FEATURED') {
      c.routeTo = 'FEATURED';
      c.angleId = null;
      // the featured route puts this picture in: without it the position has nothing to show
      if (!c.featuredImageId) throw RpcError.badRequest(STYLE_GUIDE_MESSAGES.featuredImageRequired);
    } else {
      if (!c.angleId) throw RpcError.badRequest(STYLE_GUIDE_MESSAGES.angleRequired);
      if (!(await this.angles.findById(m, c.angleId))) throw RpcError.badRequest(STYLE_GUIDE_MESSAGES.angleNotFound);
      if (c.routeTo === 'FEATURED') c.routeTo = 'full';
    }
    await this.media.requireUploaded(m, MEDIA_FIELDS.map((f) => c[f]));
  }

  async get(actor: Actor, id: string): Promise<ConfigurationView> {
    return (await this.views.configurations([await this.load(this.ds.manager, actor, id)]))[0];
  }

  async create(actor: Actor, body: ConfigurationBody): Promise<ConfigurationView> {
    StyleGuideAccess.assertManager(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      const guide = await this.guides.findById(m, body.styleGuideId, true);
      if (!guide) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.notFound);
      const c = this.configurations.create(m, {
        styleGuideId: guide.id,
        position: body.position,
        margins: body.margins ?? DEFAULT_MARGINS,
        routeTo: body.routeTo ?? 'full',
        type: body.type ?? 'IMAGE',
        withLogo: body.withLogo ?? true,
        horizonLineHeight: body.horizonLineHeight ?? DEFAULT_HORIZON_LINE,
        afterFrameFree: body.afterFrameFree ?? false,
        positionAfterFrameFree: body.positionAfterFrameFree ?? null,
        optional: body.optional ?? false,
        angleId: body.angleId ?? null,
        customAngleOverlayId: body.customAngleOverlayId ?? null,
        customFrameOverlayId: body.customFrameOverlayId ?? null,
        customBackgroundId: body.customBackgroundId ?? null,
        customLogoId: body.customLogoId ?? null,
        customFloorId: body.customFloorId ?? null,
        featuredImageId: body.featuredImageId ?? null,
      });
      await this.settle(m, c);
      return this.configurations.save(m, c);
    });
    return (await this.views.configurations([saved]))[0];
  }

  async update(actor: Actor, p: UpdateConfigurationPayload): Promise<ConfigurationView> {
    StyleGuideAccess.assertManager(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      const c = await this.load(m, actor, p.id, true);
      const { id: _id, ...changes } = p;
      for (const [key, value] of Object.entries(changes)) {
        if (value !== undefined) (c as unknown as Record<string, unknown>)[key] = value;
      }
      await this.settle(m, c);
      return this.configurations.save(m, c);
    });
    return (await this.views.configurations([saved]))[0];
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    StyleGuideAccess.assertManager(actor);
    await inTransaction(this.ds, async (m) => {
      const c = await this.load(m, actor, id, true);
      await this.configurations.delete(m, c.id);
    });
    return { deleted: true };
  }
}

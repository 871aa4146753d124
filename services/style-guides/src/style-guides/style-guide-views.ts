import type { ConfigurationView, StyleGuideListItem, StyleGuideView } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AnglesRepository } from '../catalogue/angles.repository';
import type { Configuration } from '../configurations/configuration.entity';
import { ConfigurationsRepository } from '../configurations/configurations.repository';
import { MediaService } from '../media/media.service';
import type { StyleGuide } from './style-guide.entity';

const CONFIG_MEDIA = [
  'customAngleOverlayId',
  'customFrameOverlayId',
  'customBackgroundId',
  'customLogoId',
  'customFloorId',
  'featuredImageId',
] as const;

/** Builds the views of guides and configurations with their media and angles, in few queries. */
@Injectable()
export class StyleGuideViews {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly configurationRows: ConfigurationsRepository,
    private readonly angles: AnglesRepository,
    private readonly media: MediaService,
  ) {}

  async configurations(rows: Configuration[]): Promise<ConfigurationView[]> {
    const angleIds = [...new Set(rows.map((r) => r.angleId).filter((x): x is string => !!x))];
    const angles = await this.angles.byIds(this.ds.manager, angleIds);
    const media = await this.media.views([
      ...rows.flatMap((r) => CONFIG_MEDIA.map((k) => r[k])),
      ...angles.map((a) => a.defaultAngleOverlayId),
    ]);
    const m = (id: string | null) => (id && media.get(id)) || null;
    return rows
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((r) => {
        const angle = angles.find((a) => a.id === r.angleId);
        return {
          id: r.id,
          styleGuideId: r.styleGuideId,
          position: r.position,
          margins: JSON.stringify({ top: r.margins.top, right: r.margins.right, bottom: r.margins.bottom, left: r.margins.left }),
          routeTo: r.routeTo,
          type: r.type,
          withLogo: r.withLogo,
          horizonLineHeight: r.horizonLineHeight,
          afterFrameFree: r.afterFrameFree,
          positionAfterFrameFree: r.positionAfterFrameFree,
          optional: r.optional,
          angle: angle ? { id: angle.id, name: angle.name, category: angle.category, defaultAngleOverlay: m(angle.defaultAngleOverlayId) } : null,
          customAngleOverlay: m(r.customAngleOverlayId),
          customFrameOverlay: m(r.customFrameOverlayId),
          customBackground: m(r.customBackgroundId),
          customLogo: m(r.customLogoId),
          customFloor: m(r.customFloorId),
          featuredImage: m(r.featuredImageId),
        };
      });
  }

  async guide(g: StyleGuide): Promise<StyleGuideView> {
    const configs = await this.configurationRows.ofGuide(this.ds.manager, g.id);
    const media = await this.media.views([g.logoMediaId, g.backgroundMediaId, g.floorMediaId, g.numberplateMediaId]);
    const m = (id: string | null) => (id && media.get(id)) || null;
    return {
      id: g.id,
      name: g.name,
      customerNote: g.customerNote,
      outputWidth: g.outputWidth,
      outputHeight: g.outputHeight,
      maxImageSize: g.maxImageSize,
      interiorColor: g.interiorColor,
      frameFreeRouting: g.frameFreeRouting,
      windows: g.windows,
      numberPlates: g.numberPlates,
      numberPlateColor: g.numberPlateColor,
      media: { logo: m(g.logoMediaId), background: m(g.backgroundMediaId), floor: m(g.floorMediaId), numberplate: m(g.numberplateMediaId) },
      configurations: await this.configurations(configs),
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
    };
  }

  async listItems(guides: StyleGuide[]): Promise<StyleGuideListItem[]> {
    if (!guides.length) return [];
    const counts = await this.configurationRows.countsOf(this.ds.manager, guides.map((g) => g.id));
    const logos = await this.media.views(guides.map((g) => g.logoMediaId));
    return guides.map((g) => ({
      id: g.id,
      name: g.name,
      outputWidth: g.outputWidth,
      outputHeight: g.outputHeight,
      maxImageSize: g.maxImageSize,
      windows: g.windows,
      numberPlates: g.numberPlates,
      numberPlateColor: g.numberPlateColor,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
      configurationCount: counts.get(g.id) ?? 0,
      logo: (g.logoMediaId && logos.get(g.logoMediaId)) || null,
    }));
  }
}

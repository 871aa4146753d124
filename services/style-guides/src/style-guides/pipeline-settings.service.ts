import {
  DEFAULT_HORIZON_LINE,
  DEFAULT_INTERIOR_COLOR,
  DEFAULT_MARGINS,
  DEFAULT_NUMBER_PLATE_COLOR,
  DEFAULT_NUMBER_PLATE_MODE,
  DEFAULT_WINDOW_MODE,
  isNumberPlateMode,
  isWindowMode,
  RpcError,
  STYLE_GUIDE_MESSAGES,
  type Actor,
  type Margins,
  type PipelineMedia,
  type PositionPipelineSettings,
  type StyleGuidePipelineSettings,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { AnglesRepository } from '../catalogue/angles.repository';
import { ConfigurationsRepository } from '../configurations/configurations.repository';
import { MediaRepository } from '../media/media.repository';
import { MediaService } from '../media/media.service';
import { StyleGuidesRepository } from './style-guides.repository';

/** The pipeline takes margins of at most 45 % a side (its job contract); a guide may store more. */
const MAX_PIPELINE_MARGIN = 45;

/** Margins as the pipeline takes them: each side within 0..45 %, a side that is not a number at its default. */
export const clampMargins = (m: Margins | null | undefined): Margins => {
  const src = m ?? DEFAULT_MARGINS;
  const c = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(MAX_PIPELINE_MARGIN, Math.max(0, v)) : d);
  return { top: c(src.top, DEFAULT_MARGINS.top), right: c(src.right, DEFAULT_MARGINS.right), bottom: c(src.bottom, DEFAULT_MARGINS.bottom), left: c(src.left, DEFAULT_MARGINS.left) };
};

const HEX = /^#?[0-9A-Fa-f]{6}$/;

/**
 * What the images service puts in a pipeline job, per position of a guide: the route (the
 * configuration's routeTo; a FEATURED configuration always goes to FEATURED), the angle's
 * category and name, and the settings with media as S3 keys. A configuration's custom media
 * win over the guide's; media whose file was never uploaded are left out, so the pipeline
 * never looks for a file that does not exist.
 */
@Injectable()
export class PipelineSettingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly guides: StyleGuidesRepository,
    private readonly configurations: ConfigurationsRepository,
    private readonly angles: AnglesRepository,
    private readonly mediaRows: MediaRepository,
    private readonly media: MediaService,
  ) {}

  async settings(actor: Actor, styleGuideId: string): Promise<StyleGuidePipelineSettings> {
    // the images service asks as the system (the system counts as admin); admin and QA may look too
    StyleGuideAccess.assertManager(actor);
    const guide = await this.guides.findById(this.ds.manager, styleGuideId);
    if (!guide) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.notFound);
    const configs = await this.configurations.ofGuide(this.ds.manager, styleGuideId, true);
    const angleIds = [...new Set(configs.map((c) => c.angleId).filter((x): x is string => !!x))];
    const angles = await this.angles.byIds(this.ds.manager, angleIds);
    const angleOf = new Map(angles.map((a) => [a.id, a]));
    const keys = await this.uploadedKeys([
      guide.logoMediaId,
      guide.backgroundMediaId,
      guide.floorMediaId,
      guide.numberplateMediaId,
      ...configs.flatMap((c) => [c.customLogoId, c.customBackgroundId, c.customFloorId, c.featuredImageId, c.customFrameOverlayId]),
      ...angles.map((a) => a.defaultFrameOverlayId),
    ]);
    const key = (id: string | null | undefined) => (id ? keys.get(id) : undefined);

    const base = {
      styleGuideId: guide.id,
      outputWidth: guide.outputWidth,
      outputHeight: guide.outputHeight,
      maxImageSize: guide.maxImageSize,
      interiorColor: HEX.test(guide.interiorColor) ? guide.interiorColor : DEFAULT_INTERIOR_COLOR,
      windows: isWindowMode(guide.windows) ? guide.windows : DEFAULT_WINDOW_MODE,
      numberPlates: {
        mode: isNumberPlateMode(guide.numberPlates) ? guide.numberPlates : DEFAULT_NUMBER_PLATE_MODE,
        colour: HEX.test(guide.numberPlateColor) ? guide.numberPlateColor : DEFAULT_NUMBER_PLATE_COLOR,
      },
    };
    // the guide's number plate image (the plate the logo mode puts on the car): never a configuration's own
    const numberplate = key(guide.numberplateMediaId);
    const media = (m: PipelineMedia): PipelineMedia => {
      const out: PipelineMedia = {};
      if (m.logo) out.logo = m.logo;
      if (m.background) out.background = m.background;
      if (m.floor) out.floor = m.floor;
      if (m.featuredImage) out.featuredImage = m.featuredImage;
      if (m.numberplate) out.numberplate = m.numberplate;
      if (m.overlays?.length) out.overlays = m.overlays;
      return out;
    };

    const positions: PositionPipelineSettings[] = configs.map((c) => {
      const angle = c.angleId ? angleOf.get(c.angleId) : undefined;
      const overlay = key(c.customFrameOverlayId) ?? key(angle?.defaultFrameOverlayId);
      return {
        position: c.position,
        route: c.type === 'FEATURED' ? 'FEATURED' : c.routeTo,
        category: angle?.category ?? 'exterior',
        angleName: angle?.name ?? null,
        settings: {
          ...base,
          position: c.position,
          margins: clampMargins(c.margins),
          horizonLineHeight: Math.min(100, Math.max(0, c.horizonLineHeight ?? DEFAULT_HORIZON_LINE)),
          withLogo: c.withLogo,
          needsAngleCorrection: angle?.needsAngleCorrection ?? false,
          media: media({
            logo: key(c.customLogoId) ?? key(guide.logoMediaId),
            background: key(c.customBackgroundId) ?? key(guide.backgroundMediaId),
            floor: key(c.customFloorId) ?? key(guide.floorMediaId),
            featuredImage: key(c.featuredImageId),
            numberplate,
            overlays: overlay ? [overlay] : undefined,
          }),
        },
      };
    });

    const fallback: PositionPipelineSettings = {
      position: 0,
      route: guide.frameFreeRouting ?? 'full',
      category: 'exterior',
      angleName: null,
      settings: {
        ...base,
        position: 0,
        margins: { ...DEFAULT_MARGINS },
        horizonLineHeight: DEFAULT_HORIZON_LINE,
        withLogo: true,
        needsAngleCorrection: false,
        media: media({ logo: key(guide.logoMediaId), background: key(guide.backgroundMediaId), floor: key(guide.floorMediaId), numberplate }),
      },
    };
    return { styleGuideId: guide.id, name: guide.name, positions, fallback };
  }

  /** Object keys of the media whose files are uploaded (checked in S3 the first time). */
  private async uploadedKeys(ids: Array<string | null | undefined>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((x): x is string => !!x))];
    const out = new Map<string, string>();
    if (!wanted.length) return out;
    const rows = await this.mediaRows.byIds(this.ds.manager, wanted);
    for (const row of rows) {
      if (!row.uploaded) {
        try {
          await this.media.requireUploaded(this.ds.manager, [row.id]);
        } catch (err) {
          if (err instanceof RpcError) continue;
          throw err;
        }
      }
      out.set(row.id, row.objectKey);
    }
    return out;
  }
}

import { MAX_PLATES_PER_PICTURE, type PlateQuad } from '@app/contracts';
import { SERVICE_CONFIG } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { ImageRenderer } from '../imaging/image-renderer';
import { MediaLibrary } from '../imaging/media-library';
import { overlayRgba } from '../imaging/pixel-ops';
import { parseHexColour, solidRaster, type Raster, type Rect } from '../imaging/raster';
import type { JobContext } from '../jobs/job-context';
import type { PipelineConfig } from '../pipeline.config';
import { PLATE_FINDING, PlateFinder, plateDetectorPath } from './plate-finder';
import { blurQuad, coverQuad, plateSize, warpOnto } from './plate-masking';
import { quadBounds, straightenedPoint, type Quad } from './quad-geometry';

/** The plate the `logo` mode lays on: the logo inside this share of its width and height. */
const LOGO_ON_PLATE = { width: 0.84, height: 0.72 };
/** The flat plate is drawn at this many pixels per output pixel, at most this wide. */
const PLATE_DRAWING = { oversample: 2, maxWidth: 1200 };

/**
 * Number plates (docs/pipeline.md, "Number plates"): `find` looks for them on the picture
 * before it is framed (QA's plates, when the job has them, are taken instead), `mask`
 * covers them on the finished picture in the job's mode: blurred, one colour, or a plate
 * with the guide's logo (its number plate image when it has one), in the plate's perspective.
 * The detector is loaded on the first job that masks plates.
 */
@Injectable()
export class NumberPlates {
  private finder: Promise<PlateFinder> | null = null;

  constructor(
    private readonly imaging: ImageRenderer,
    private readonly media: MediaLibrary,
    @Inject(SERVICE_CONFIG) private readonly config: PipelineConfig,
  ) {}

  private load(): Promise<PlateFinder> {
    this.finder ??= PlateFinder.load(plateDetectorPath(this.config.PIPELINE_PLATE_DETECTOR)).catch((err) => {
      this.finder = null;
      throw err;
    });
    return this.finder;
  }

  /** find-plates: the plates on the picture, in `ctx.source` pixels (QA's when the job has them), kept on the context. */
  async find(ctx: JobContext, carMask: Raster | null): Promise<Quad[]> {
    const given = ctx.job.repush?.plates;
    if (given) {
      ctx.plates = given.map((p) => this.toSource(ctx, p));
      return ctx.plates;
    }
    const finder = await this.load();
    const small = await this.imaging.downscale(ctx.source, PLATE_FINDING.side);
    const source = ctx.source;
    const found = await finder.find(small, source, (rect, w, h) => this.imaging.region(source, rect, w, h), carMask, MAX_PLATES_PER_PICTURE);
    ctx.plates = found.map((f) => f.quad);
    return ctx.plates;
  }

  /** number-plates: the plates covered on the finished picture, whose frame (in `ctx.source` pixels) is `frame`. */
  async mask(ctx: JobContext, image: Raster, frame: Rect): Promise<Raster> {
    const mode = ctx.options.numberPlates;
    if (!mode || !ctx.plates?.length) return image;
    const sx = ctx.outW / frame.width;
    const sy = ctx.outH / frame.height;
    for (const plate of ctx.plates) {
      const quad = plate.map((p) => ({ x: (p.x - frame.left) * sx, y: (p.y - frame.top) * sy })) as Quad;
      const b = quadBounds(quad);
      // a plate the frame leaves out is not in the picture: nothing to cover, nothing to disclose
      if (b.right < 0 || b.bottom < 0 || b.left > image.width || b.top > image.height) continue;
      if (mode === 'colour') coverQuad(image, quad, parseHexColour(ctx.options.numberPlateColour));
      else if (mode === 'blur') await this.blur(image, quad);
      else warpOnto(image, quad, await this.logoPlate(ctx, quad));
      ctx.edits.add('number plate masked');
    }
    return image;
  }

  /** The plate's part of the picture, blurred past reading (a Gaussian a third of the plate's height), laid back on it. */
  private async blur(image: Raster, quad: Quad): Promise<void> {
    const { height } = plateSize(quad);
    const sigma = Math.max(3, height / 3);
    const b = quadBounds(quad);
    const pad = Math.ceil(sigma * 2);
    const left = Math.max(0, Math.floor(b.left) - pad);
    const top = Math.max(0, Math.floor(b.top) - pad);
    const right = Math.min(image.width, Math.ceil(b.right) + pad);
    const bottom = Math.min(image.height, Math.ceil(b.bottom) + pad);
    if (right <= left || bottom <= top) return;
    const around = { left, top, width: right - left, height: bottom - top };
    const crop = await this.imaging.region(this.imaging.asSource(image), around, around.width, around.height);
    blurQuad(image, quad, await this.imaging.blur(crop, sigma), around);
  }

  /**
   * The flat plate of the `logo` mode, as wide as the plate reads: the guide's number plate
   * image when it has one, else a plate of the plate colour with the logo inside (a plain
   * plate when the guide has no logo either).
   */
  private async logoPlate(ctx: JobContext, quad: Quad): Promise<Raster> {
    const size = plateSize(quad);
    const w = Math.max(8, Math.min(PLATE_DRAWING.maxWidth, Math.round(size.width * PLATE_DRAWING.oversample)));
    const h = Math.max(4, Math.round((w * size.height) / size.width));
    const media = ctx.job.settings.media;
    if (media.numberplate) return this.media.get('number plate', media.numberplate, w, h, 'fill', false);
    const plate = solidRaster(w, h, parseHexColour(ctx.options.numberPlateColour));
    if (media.logo) {
      const logo = await this.media.get('logo', media.logo, Math.round(w * LOGO_ON_PLATE.width), Math.round(h * LOGO_ON_PLATE.height), 'inside', true);
      overlayRgba(plate, logo, Math.round((w - logo.width) / 2), Math.round((h - logo.height) / 2));
    }
    return plate;
  }

  /** A plate on the original picture (shares of its width and height) in `ctx.source` pixels. */
  private toSource(ctx: JobContext, plate: PlateQuad): Quad {
    const { width, height } = ctx.source;
    return plate.corners.map((c) => {
      const p = straightenedPoint(c, ctx.turned, width / height);
      return { x: p.x * width, y: p.y * height };
    }) as Quad;
  }

  /** The plates masked, on the original picture (shares of its width and height), for the images service and QA. */
  static onOriginal(ctx: JobContext): PlateQuad[] | undefined {
    if (!ctx.options.numberPlates || !ctx.plates) return undefined;
    const { width, height } = ctx.source;
    const share = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e5) / 1e5;
    return ctx.plates.map((q) => ({
      corners: q.map((c) => {
        const p = straightenedPoint({ x: c.x / width, y: c.y / height }, ctx.turned, width / height, true);
        return { x: share(p.x), y: share(p.y) };
      }) as PlateQuad['corners'],
    }));
  }
}


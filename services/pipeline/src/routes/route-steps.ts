import { SERVICE_CONFIG } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { coverFrame, frameAroundCar, rectInFrame, scaleRect } from '../imaging/frame-geometry';
import { ImageRenderer } from '../imaging/image-renderer';
import { MediaLibrary } from '../imaging/media-library';
import {
  applyTone,
  blendWithMask,
  darkenEllipse,
  estimateTilt,
  fixYellowLight,
  lumaLevels,
  maskBounds,
  maskCoverage,
  overlayRgba,
  pasteRgb,
  tightenAlpha,
  toGrey,
} from '../imaging/pixel-ops';
import { cloneRaster, parseHexColour, solidRaster, type Raster, type Rect } from '../imaging/raster';
import { JobFailure } from '../jobs/job-failure';
import type { JobContext } from '../jobs/job-context';
import { segmentSize, type PipelineConfig } from '../pipeline.config';
import { refineNetworkMask } from '../segmentation/mask-ops';
import { SEGMENTER, type Segmenter } from '../segmentation/segmenter';


/** The car found in the picture. */
export interface Segmentation {
  /** the segmenter's mask of the whole (upright) picture, at segmentation size */
  mask: Raster;
  /** picture pixels per mask pixel */
  scale: number;
  /** the car's box in picture pixels */
  car: Rect;
}

/** Fill for parts of a frame that lie outside the picture when the background is kept. */
const WHITE = { r: 255, g: 255, b: 255 };
/** Auto-levels limits (on luma): at most this gain, clipping this share at each end. */
const LEVELS = { maxGain: 2, clip: 0.005, slack: 24 };
/** Enhancer strength: S-curve contrast, and colour on top of what the levels give back. */
const CONTRAST = 0.12;
const SATURATION = 1;
/** Logo box: share of the output's width and height, and inset from the top-right corner. */
const LOGO_BOX = { width: 0.2, height: 0.15, inset: 0.03 };

/**
 * The named steps the routes are made of (docs/pipeline.md lists each route's). Steps work
 * on rasters at the output size, except segmentation (small) and cutting the frame out of the
 * original (once, from the decoded pixels).
 */
@Injectable()
export class RouteSteps {
  constructor(
    private readonly imaging: ImageRenderer,
    private readonly media: MediaLibrary,
    @Inject(SEGMENTER) private readonly segmenter: Segmenter,
    @Inject(SERVICE_CONFIG) private readonly config: PipelineConfig,
  ) {}

  /**
   * straighten: measures how far the horizon leans and turns the picture level (working
   * copy at up to 1.5 times the output's long side). Returns the angle corrected.
   */
  async straighten(ctx: JobContext): Promise<number> {
    const probe = await this.imaging.downscale(ctx.source, 512);
    const tilt = estimateTilt(toGrey(await this.imaging.blur(probe, 0.8)));
    if (Math.abs(tilt) < 0.2) return 0;
    const work = await this.imaging.downscale(ctx.source, Math.round(Math.max(ctx.outW, ctx.outH) * 1.5));
    ctx.source = this.imaging.asSource(await this.imaging.straighten(work, -tilt));
    ctx.turned = -tilt;
    ctx.edits.add('straightened');
    return tilt;
  }

  /** segment: the segmenter's mask of the picture and the car's box. */
  async segment(ctx: JobContext): Promise<Segmentation> {
    const small = await this.imaging.downscale(ctx.source, segmentSize(this.config));
    let mask = await this.segmenter.segment(small);
    if (mask.width !== small.width || mask.height !== small.height) mask = await this.imaging.resize(mask, small.width, small.height);
    // a network's mask: the car alone, its glass as the style guide wants (the classical one is both already)
    if (this.segmenter.kind !== 'classical') refineNetworkMask(mask, ctx.job.settings.windows ?? 'opaque');
    const box = maskBounds(mask);
    if (!box || maskCoverage(mask) < 0.01) {
      throw new JobFailure('car-not-found', 'No car could be told apart from the background in this picture.');
    }
    const scale = ctx.source.width / small.width;
    return { mask, scale, car: scaleRect(box, scale, scale) };
  }

  /** frame: around the car with the margins when cropping, else the photo's own framing. */
  frame(ctx: JobContext, seg: Segmentation | null): Rect {
    if (ctx.options.crop && seg) return frameAroundCar(seg.car, ctx.outW, ctx.outH, ctx.options.margins);
    return coverFrame(ctx.source.width, ctx.source.height, ctx.outW, ctx.outH);
  }

  /** cut-out: the frame cut from the original and scaled to the output size. */
  cutOut(ctx: JobContext, frame: Rect): Promise<Raster> {
    return this.imaging.region(ctx.source, frame, ctx.outW, ctx.outH, WHITE);
  }

  /** mask: the car's mask over the output frame, with soft but tight edges. */
  async alpha(ctx: JobContext, seg: Segmentation, frame: Rect): Promise<Raster> {
    const soft = await this.imaging.blur(seg.mask, 0.7);
    const alpha = await this.imaging.region(
      this.imaging.asSource(soft),
      scaleRect(frame, 1 / seg.scale, 1 / seg.scale),
      ctx.outW,
      ctx.outH,
      0,
    );
    // pull the edge in a little: the outermost mask pixels carry the old background's colour
    tightenAlpha(alpha, 90, 235);
    return alpha;
  }

  /** yellow-fix: neutralise a yellow light cast and mute yellows. */
  yellowFix(image: Raster): Raster {
    fixYellowLight(image);
    return image;
  }

  /**
   * enhance: auto levels on luminance measured on the whole frame, contrast, the colour the
   * levels give back, sharpening; each pixel keeps its hue. The whole frame, not the car
   * alone: a car's own tones are its paint (a black car has no white, a blue one no black), so
   * only the photo as a whole says how it was exposed.
   */
  async enhance(image: Raster): Promise<Raster> {
    const { low, high } = lumaLevels(image, null, LEVELS.clip);
    applyTone(image, { low, high, maxGain: LEVELS.maxGain, slack: LEVELS.slack, contrast: CONTRAST, saturation: SATURATION });
    return this.imaging.sharpen(image);
  }

  /**
   * background: the new background at the output size: one colour (repush colour, interior
   * colour), or the style guide's background with its floor below the horizon line.
   */
  async studioBackground(ctx: JobContext): Promise<Raster> {
    const { outW: w, outH: h, options } = ctx;
    if (options.background.kind === 'colour') return solidRaster(w, h, parseHexColour(options.background.colour));
    const media = ctx.job.settings.media;
    if (!media.background) {
      throw new JobFailure('medium-missing', 'The style guide has no background image for this position, and the route replaces the background.');
    }
    const canvas = cloneRaster(await this.media.get('background', media.background, w, h, 'cover', false));
    if (media.floor) {
      const horizonY = Math.round(h * (1 - options.horizonLineHeight / 100));
      if (horizonY < h) {
        const floor = await this.media.get('floor', media.floor, w, h - horizonY, 'cover', false);
        pasteRgb(canvas, floor, 0, horizonY);
      }
    }
    return canvas;
  }

  /** featured-canvas: the style guide's featured image at the output size. */
  async featuredCanvas(ctx: JobContext): Promise<Raster> {
    const key = ctx.job.settings.media.featuredImage;
    if (!key) throw new JobFailure('medium-missing', 'The style guide has no featured image for this position.');
    return cloneRaster(await this.media.get('featured image', key, ctx.outW, ctx.outH, 'cover', false));
  }

  /** contact-shadow: a soft shadow on the new background where the car stands. */
  contactShadow(ctx: JobContext, canvas: Raster, seg: Segmentation, frame: Rect): void {
    const car = rectInFrame(seg.car, frame, ctx.outW, ctx.outH);
    const ry = Math.max(3, car.height * 0.06);
    darkenEllipse(canvas, car.left + car.width / 2, car.top + car.height - ry * 0.4, car.width * 0.52, ry, 0.55);
  }

  /** compose: the car over the new background through its mask. */
  compose(canvas: Raster, car: Raster, alpha: Raster): Raster {
    blendWithMask(canvas, car, alpha);
    return canvas;
  }

  /** logo: the style guide's logo in the top-right corner (skipped when none is configured, unless required). */
  async logo(ctx: JobContext, image: Raster): Promise<Raster> {
    const key = ctx.job.settings.media.logo;
    if (!key) {
      if (ctx.options.logoRequired) throw new JobFailure('medium-missing', 'The style guide has no logo for this position, and the job must add one.');
      return image;
    }
    const { outW: w, outH: h } = ctx;
    const logo = await this.media.get('logo', key, Math.round(w * LOGO_BOX.width), Math.round(h * LOGO_BOX.height), 'inside', true);
    const inset = Math.round(Math.min(w, h) * LOGO_BOX.inset);
    overlayRgba(image, logo, w - inset - logo.width, inset);
    return image;
  }

  /** overlays: the style guide's frame overlays over the whole image, in order. */
  async overlays(ctx: JobContext, image: Raster): Promise<Raster> {
    for (const key of ctx.job.settings.media.overlays ?? []) {
      overlayRgba(image, await this.media.get('overlay', key, ctx.outW, ctx.outH, 'fill', true), 0, 0);
    }
    return image;
  }
}

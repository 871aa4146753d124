import type { Raster } from '../imaging/raster';
import type { JobContext } from '../jobs/job-context';
import type { RouteHandler, RouteOutcome } from '../jobs/route-handler.decorator';
import type { RouteSteps, Segmentation } from './route-steps';

/**
 * The steps a route may take, in the order they run. A route lists the ones it has; each
 * runs when the job's options call for it (docs/pipeline.md has the table):
 *
 * - straighten      rotation fix on
 * - segment         background removal or crop on
 * - frame, cut-out  always
 * - mask            background removal on
 * - yellow-fix      yellow fix on
 * - enhance         always, on routes that list it
 * - background / featured-canvas, contact-shadow, compose   background removal on
 * - logo            logo on
 * - overlays        always, on routes that list it
 */
export type StepName =
  | 'straighten'
  | 'segment'
  | 'frame'
  | 'cut-out'
  | 'mask'
  | 'yellow-fix'
  | 'enhance'
  | 'background'
  | 'featured-canvas'
  | 'contact-shadow'
  | 'compose'
  | 'logo'
  | 'overlays';

/** A route made of named steps (one subclass per route, in its own file). */
export abstract class RecipeRoute implements RouteHandler {
  abstract readonly steps: readonly StepName[];

  constructor(protected readonly s: RouteSteps) {}

  async run(ctx: JobContext): Promise<RouteOutcome> {
    const o = ctx.options;
    const has = (step: StepName) => this.steps.includes(step);
    if (has('straighten') && o.rotationFix) await ctx.step('straighten', () => this.s.straighten(ctx));
    const seg: Segmentation | null =
      has('segment') && (o.removeBackground || o.crop) ? await ctx.step('segment', () => this.s.segment(ctx)) : null;
    const frame = await ctx.step('frame', () => this.s.frame(ctx, seg));
    let image: Raster = await ctx.step('cut-out', () => this.s.cutOut(ctx, frame));
    const alpha = has('mask') && seg && o.removeBackground ? await ctx.step('mask', () => this.s.alpha(ctx, seg, frame)) : null;
    // nothing below reads the full-size original
    ctx.releaseSource();
    if (has('yellow-fix') && o.yellowFix) image = await ctx.step('yellow-fix', () => this.s.yellowFix(image));
    if (has('enhance')) image = await ctx.step('enhance', () => this.s.enhance(image, alpha));
    if (alpha && seg) {
      const canvas = has('featured-canvas')
        ? await ctx.step('featured-canvas', () => this.s.featuredCanvas(ctx))
        : await ctx.step('background', () => this.s.studioBackground(ctx));
      if (has('contact-shadow') && o.contactShadow) await ctx.step('contact-shadow', () => this.s.contactShadow(ctx, canvas, seg, frame));
      const car = image;
      image = await ctx.step('compose', () => this.s.compose(canvas, car, alpha));
    }
    if (has('logo') && o.logo) image = await ctx.step('logo', () => this.s.logo(ctx, image));
    if (has('overlays')) image = await ctx.step('overlays', () => this.s.overlays(ctx, image));
    return { status: 'rendered', image };
  }
}

import type { PipelineFailureCode } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { Raster } from '../imaging/raster';
import type { JobContext } from '../jobs/job-context';
import { NumberPlates } from '../plates/number-plates';
import { RouteSteps, type Segmentation } from './route-steps';
import type { StepName } from './route-table';

/**
 * What a route answers, explicitly: the finished picture at the style guide's size
 * (encoding, thumbnail and storage are the same for every route and done by the job runner),
 * or a failure with its reason.
 */
export type RouteOutcome =
  | { status: 'rendered'; image: Raster }
  | { status: 'failed'; code: PipelineFailureCode; reason: string };

/** One route, ready to run: its steps (as docs/pipeline.md names them) and how to run a job through them. */
export interface RouteHandler {
  readonly steps: readonly StepName[];
  run(ctx: JobContext): Promise<RouteOutcome>;
}

/**
 * Runs a job through a route's steps (the route table's list), in running order, each one
 * only when the route has it and the job's options call for it. The context times each step.
 */
@Injectable()
export class RouteRunner {
  constructor(
    private readonly s: RouteSteps,
    private readonly plates: NumberPlates,
  ) {}

  async run(steps: readonly StepName[], ctx: JobContext): Promise<RouteOutcome> {
    const o = ctx.options;
    const has = (step: StepName) => steps.includes(step);
    if (has('straighten') && o.rotationFix) await ctx.step('straighten', () => this.s.straighten(ctx));
    const seg: Segmentation | null =
      has('segment') && (o.removeBackground || o.crop) ? await ctx.step('segment', () => this.s.segment(ctx)) : null;
    const frame = await ctx.step('frame', () => this.s.frame(ctx, seg));
    let image: Raster = await ctx.step('cut-out', () => this.s.cutOut(ctx, frame));
    const alpha = has('mask') && seg && o.removeBackground ? await ctx.step('mask', () => this.s.alpha(ctx, seg, frame)) : null;
    // the plates are found on the original (with the car's mask when there is one), masked once the picture is finished
    const masksPlates = has('number-plates') && o.numberPlates !== null;
    if (masksPlates) await ctx.step('find-plates', () => this.plates.find(ctx, seg?.mask ?? null));
    // nothing below reads the full-size original
    ctx.releaseSource();
    if (has('yellow-fix') && o.yellowFix) image = await ctx.step('yellow-fix', () => this.s.yellowFix(image));
    if (has('enhance')) image = await ctx.step('enhance', () => this.s.enhance(image));
    if (alpha && seg) {
      const canvas = has('featured-canvas')
        ? await ctx.step('featured-canvas', () => this.s.featuredCanvas(ctx))
        : await ctx.step('background', () => this.s.studioBackground(ctx));
      if (has('contact-shadow') && o.contactShadow) await ctx.step('contact-shadow', () => this.s.contactShadow(ctx, canvas, seg, frame));
      const car = image;
      image = await ctx.step('compose', () => this.s.compose(canvas, car, alpha));
    }
    if (masksPlates) {
      const finished = image;
      image = await ctx.step('number-plates', () => this.plates.mask(ctx, finished, frame));
    }
    if (has('logo') && o.logo) image = await ctx.step('logo', () => this.s.logo(ctx, image));
    if (has('overlays')) image = await ctx.step('overlays', () => this.s.overlays(ctx, image));
    return { status: 'rendered', image };
  }
}

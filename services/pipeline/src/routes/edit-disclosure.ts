import { DIGITAL_SOURCE_TYPES, type EditDisclosure, type PictureEdit } from '@app/storage';
import type { JobContext } from '../jobs/job-context';

/**
 * What a finished job did to the photo, for the XMP of its output (docs/pipeline.md, "Edit
 * disclosure"): worked out from the steps that ran and the job's options, in running order.
 * A new background (the studio's, a colour or the featured image) makes the picture a
 * composite; anything else is an algorithmic enhancement of the photo.
 */
export function disclosureOf(ctx: JobContext, labelled: boolean): EditDisclosure {
  const ran = new Set(ctx.timings.map((t) => t.step));
  const media = ctx.job.settings.media;
  const edits: PictureEdit[] = [];
  if (ctx.edits.has('straightened')) edits.push('straightened');
  edits.push(ctx.options.crop && ran.has('segment') ? 'cropped' : 'resized');
  if (ran.has('yellow-fix')) edits.push('yellow light corrected');
  if (ran.has('enhance')) edits.push('enhanced');
  const composite = ran.has('compose');
  if (composite) edits.push(ran.has('featured-canvas') ? 'placed on a featured image' : 'background replaced');
  if (ran.has('contact-shadow')) edits.push('shadow added');
  if (ctx.edits.has('number plate masked')) edits.push('number plate masked');
  if (ran.has('logo') && media.logo) edits.push('logo added');
  if (ran.has('overlays') && (media.overlays ?? []).length > 0) edits.push('overlays added');
  if (labelled) edits.push('digitally edited label added');
  return {
    digitalSourceType: composite ? DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia : DIGITAL_SOURCE_TYPES.algorithmicallyEnhanced,
    edits,
  };
}

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { deltaE2000Rgb } from '../src/imaging/colour-difference';
import { frameAroundCar, rectInFrame } from '../src/imaging/frame-geometry';
import type { Rect } from '../src/imaging/raster';
import { createPipelineTestbed, makeJob, OUT, type JobSpec, type PipelineTestbed } from './helpers/pipeline-testbed';
import { BODY_SAMPLE, CAR_BOX, colourScene, PAINTS, sceneJpeg } from './helpers/quality-scenes';
import { solidPng } from './helpers/test-images';

/**
 * The car's colour through the running pipeline (S3 in, JPEG out): the `enhancer` route and
 * the `full` route (segmented, framed with the margins, on the style guide's studio,
 * enhanced) keep a well-exposed car's paint within 5 CIEDE2000 on average over its body's
 * pixels, and the enhancer brings an under-exposed car back towards its paint.
 */
const MARGINS = { top: 10, right: 5, bottom: 4, left: 5 };

function hexRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

describe('pipeline colour fidelity', () => {
  let bed: PipelineTestbed;
  const media = { background: `media/background/${randomUUID()}.png`, floor: `media/floor/${randomUUID()}.png` };

  beforeAll(async () => {
    bed = await createPipelineTestbed('pipeline_colour');
    await bed.storage.put(media.background, await solidPng(800, 450, '#e8e8e8'), 'image/png');
    await bed.storage.put(media.floor, await solidPng(800, 200, '#b0b0b0'), 'image/png');
    await bed.startPipeline();
  });

  afterAll(async () => {
    await bed?.close();
  });

  /** The route's output, and the mean ΔE2000 of its pixels in `rect` (output pixels) against `paint`. */
  async function bodyDifference(spec: JobSpec, original: Buffer, rect: Rect, paint: string): Promise<number> {
    const job = makeJob(spec);
    await bed.submit(job, original);
    const result = await bed.results.next(job.jobId);
    if (result.kind !== 'processed') throw new Error(`job failed: ${result.event.reason}`);
    const { data, info } = await sharp(await bed.storage.getBuffer(job.outputKeys.optimized)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return meanDifference(data, info.width, rect, hexRgb(paint));
  }

  function meanDifference(data: Buffer, width: number, rect: Rect, paint: [number, number, number]): number {
    let sum = 0;
    let n = 0;
    for (let y = Math.ceil(rect.top); y < Math.floor(rect.top + rect.height); y++) {
      for (let x = Math.ceil(rect.left); x < Math.floor(rect.left + rect.width); x++) {
        const j = (y * width + x) * 3;
        sum += deltaE2000Rgb([data[j], data[j + 1], data[j + 2]], paint);
        n++;
      }
    }
    return sum / n;
  }

  // the photo is the output's size, so the enhancer (the photo's own framing) keeps the body where it was drawn
  const ownFraming: Rect = { left: BODY_SAMPLE.left * OUT.width, top: BODY_SAMPLE.top * OUT.height, width: BODY_SAMPLE.width * OUT.width, height: BODY_SAMPLE.height * OUT.height };
  // `full` frames the car's box between the margins: the same body pixels, moved and scaled
  const scale = (r: typeof CAR_BOX): Rect => ({ left: r.left * OUT.width, top: r.top * OUT.height, width: r.width * OUT.width, height: r.height * OUT.height });
  const framed = (() => {
    const frame = frameAroundCar(scale(CAR_BOX), OUT.width, OUT.height, MARGINS);
    const body = rectInFrame(scale(BODY_SAMPLE), frame, OUT.width, OUT.height);
    // a little inside, for the segmenter's box being a pixel or two off the drawn one
    return { left: body.left + 4, top: body.top + 2, width: body.width - 8, height: body.height - 4 };
  })();

  it.each(Object.keys(PAINTS))('a well-exposed %s car keeps its paint through the enhancer and full routes', async (paint) => {
    const scene = colourScene(paint, OUT.width, OUT.height);
    const original = await sceneJpeg(scene, OUT.width, OUT.height);
    const enhancer = await bodyDifference({ route: 'enhancer' }, original, ownFraming, PAINTS[paint]);
    const full = await bodyDifference({ route: 'full', settings: { margins: MARGINS, media } }, original, framed, PAINTS[paint]);
    expect(enhancer).toBeLessThan(5);
    expect(full).toBeLessThan(5);
  });

  it('an under-exposed car comes back towards its paint through the enhancer', async () => {
    const scene = colourScene('blue', OUT.width, OUT.height);
    const dark = await sceneJpeg(scene, OUT.width, OUT.height, 0.3);
    const before = await sharp(dark).raw().toBuffer();
    const lost = meanDifference(before, OUT.width, ownFraming, hexRgb(PAINTS.blue));
    const after = await bodyDifference({ route: 'enhancer' }, dark, ownFraming, PAINTS.blue);
    expect(lost).toBeGreaterThan(12);
    expect(after).toBeLessThan(lost / 3);
  });
});

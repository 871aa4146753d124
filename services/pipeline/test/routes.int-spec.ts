/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import { randomUUID } from 'node:crypto';
import type { PipelineImageProcessed, PipelineJob } from '@app/contracts';
import sharp from 'sharp';
import { AUTO_REPUSH, createPipelineTestbed, makeJob, OUT, type JobSpec, type PipelineTestbed } from './helpers/pipeline-testbed';
import { carScene, colourDistance, decodeRgb, featuredPng, frameOverlayPng, logoPng, SCENE, solidPng } from './helpers/test-images';

/**
 * Every route through the running pipeline service (NATS, PostgreSQL, S3): what comes out is
 * checked the way a person would look at it, by sampling pixels where the background, the
 * floor, the car and the logo should be.
 */
const BLUE = '#2050c0';
const GREEN = '#30a050';
const MAGENTA = '#ff00ff';
const SKY = SCENE.colours.skyTop;

type Decoded = Awaited<ReturnType<typeof decodeRgb>>;

describe('pipeline routes', () => {
  let bed: PipelineTestbed;
  const media = {
    background: `media/background/${randomUUID()}.png`,
    floor: `media/floor/${randomUUID()}.png`,
    logo: `media/logo/${randomUUID()}.png`,
    featuredImage: `media/featured/${randomUUID()}.png`,
    overlay: `media/frame_overlay/${randomUUID()}.png`,
  };

  beforeAll(async () => {
    bed = await createPipelineTestbed('pipeline_routes', {}, { segmenter: 'network' });
    await Promise.all([
      bed.storage.put(media.background, await solidPng(800, 450, BLUE), 'image/png'),
      bed.storage.put(media.floor, await solidPng(800, 200, GREEN), 'image/png'),
      bed.storage.put(media.logo, await logoPng(), 'image/png'),
      bed.storage.put(media.featuredImage, await featuredPng(), 'image/png'),
      bed.storage.put(media.overlay, await frameOverlayPng(), 'image/png'),
    ]);
    await bed.startPipeline();
  });

  afterAll(async () => {
    await bed?.close();
  });

  const studio = { background: media.background, floor: media.floor, logo: media.logo };

  async function process(spec: JobSpec, original: Buffer): Promise<{ job: PipelineJob; event: PipelineImageProcessed; out: Decoded; bytes: Buffer }> {
    const job = makeJob(spec);
    await bed.submit(job, original);
    const result = await bed.results.next(job.jobId);
    if (result.kind !== 'processed') throw new Error(`job failed: ${result.event.reason}`);
    const bytes = await bed.storage.getBuffer(job.outputKeys.optimized);
    return { job, event: result.event, out: await decodeRgb(bytes), bytes };
  }

  /** The output is a JPEG of the style guide's size, within maxImageSize, with a thumbnail. */
  async function expectProperOutput(job: PipelineJob, event: PipelineImageProcessed, bytes: Buffer): Promise<void> {
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([job.settings.outputWidth, job.settings.outputHeight]);
    expect(bytes.length).toBeLessThanOrEqual(job.settings.maxImageSize);
    expect(event).toMatchObject({ width: meta.width, height: meta.height, fileSize: bytes.length, route: job.route, keys: job.outputKeys });
    const thumb = await sharp(await bed.storage.getBuffer(job.outputKeys.thumb)).metadata();
    expect(thumb.format).toBe('jpeg');
    expect([thumb.width, thumb.height]).toEqual([event.thumbWidth, event.thumbHeight]);
    expect(thumb.width).toBe(400);
    // the orders list's picture: its box (56 x 42 CSS pixels) twice over for sharp displays, filled
    expect(event.keys.listThumb).toBe(`orders/${job.orderId}/images/${job.imageId}/thumb-list.jpg`);
    const listThumb = await bed.storage.getBuffer(event.keys.listThumb!);
    const list = await sharp(listThumb).metadata();
    expect([list.format, list.width, list.height]).toEqual(['jpeg', 112, 84]);
    expect(listThumb.length).toBeLessThan(8 * 1024);
  }

  const isRed = ([r, g, b]: [number, number, number]) => r > 140 && g < 90 && b < 90;

  it('full: the car, framed with the margins, on the style guide background and floor, enhanced, with the logo', async () => {
    const { job, event, out, bytes } = await process(
      { route: 'full', settings: { withLogo: true, media: studio } },
      await carScene({ orientation: 6 }),
    );
    await expectProperOutput(job, event, bytes);
    // background above the horizon line (50% from the bottom), floor below, left of the car
    expect(colourDistance(out.at(OUT.width * 0.02, OUT.height * 0.2), BLUE)).toBeLessThan(30);
    expect(colourDistance(out.at(OUT.width * 0.02, OUT.height * 0.62), GREEN)).toBeLessThan(30);
    // the car fills the width between the 5% margins and stands on the 4% bottom margin
    expect(isRed(out.at(OUT.width * 0.5, OUT.height * 0.66))).toBe(true);
    expect(isRed(out.at(OUT.width * 0.07, OUT.height * 0.66))).toBe(true);
    expect(colourDistance(out.at(OUT.width * 0.02, OUT.height * 0.66), GREEN)).toBeLessThan(40);
    // the logo in the top-right corner
    expect(colourDistance(out.at(OUT.width * 0.88, OUT.height * 0.09), MAGENTA)).toBeLessThan(40);
    // a contact shadow: the floor under the car, between the wheels, is darker than at the side
    const under = out.at(OUT.width * 0.5, OUT.height * 0.94, 1);
    const side = out.at(OUT.width * 0.01, OUT.height * 0.94, 1);
    expect(under[1]).toBeLessThan(side[1] * 0.7);
  });

  it('ai_no_enh: the same studio without the enhancer; no logo when the configuration has none', async () => {
    const { job, event, out, bytes } = await process({ route: 'ai_no_enh', settings: { withLogo: false, media: studio } }, await carScene());
    await expectProperOutput(job, event, bytes);
    expect(colourDistance(out.at(OUT.width * 0.02, OUT.height * 0.2), BLUE)).toBeLessThan(30);
    expect(isRed(out.at(OUT.width * 0.5, OUT.height * 0.66))).toBe(true);
    expect(colourDistance(out.at(OUT.width * 0.88, OUT.height * 0.09), BLUE)).toBeLessThan(30);
    // not enhanced: the car keeps its drawn colour (the enhancer would stretch and saturate it)
    expect(colourDistance(out.at(OUT.width * 0.5, OUT.height * 0.66), SCENE.colours.body)).toBeLessThan(30);
  });

  it('ai_no_enh on an interior picture: its own framing, zero margins, the interior colour, no floor', async () => {
    const { out } = await process(
      { route: 'ai_no_enh', category: 'interior', settings: { interiorColor: '#F0E0C0', media: studio } },
      await carScene(),
    );
    expect(colourDistance(out.at(OUT.width * 0.05, OUT.height * 0.1), '#F0E0C0')).toBeLessThan(30);
    // where the ground was, at the side of the car: interior colour, not the floor
    expect(colourDistance(out.at(OUT.width * 0.05, OUT.height * 0.8), '#F0E0C0')).toBeLessThan(30);
    // the car where it was in the photo (64% of the width, from 18%)
    expect(isRed(out.at(OUT.width * 0.5, OUT.height * 0.53))).toBe(true);
    expect(isRed(out.at(OUT.width * 0.15, OUT.height * 0.53))).toBe(false);
  });

  it('enhancer: the photo as framed, with stretched levels and more contrast', async () => {
    const flat = await carScene({ contrast: 0.35 });
    const { job, event, out, bytes } = await process({ route: 'enhancer' }, flat);
    await expectProperOutput(job, event, bytes);
    const spread = async (img: Buffer) => {
      const stats = await sharp(img).greyscale().stats();
      return stats.channels[0].stdev;
    };
    expect(await spread(bytes)).toBeGreaterThan((await spread(flat)) * 1.6);
    // the background is the photo's own: sky at the top, ground at the bottom
    const top = out.at(OUT.width * 0.05, OUT.height * 0.05);
    expect(top[2]).toBeGreaterThan(top[0]);
    expect(colourDistance(out.at(OUT.width * 0.05, OUT.height * 0.05), BLUE)).toBeGreaterThan(60);
  });

  it('enhancer: the yellow-light fix when the account desaturates yellow light, not otherwise', async () => {
    const yellow = await carScene({ yellowCast: true });
    const [fixed, kept] = await Promise.all([
      process({ route: 'enhancer', desaturateYellowLight: true }, yellow),
      process({ route: 'enhancer', desaturateYellowLight: false }, yellow),
    ]);
    // the sky, blue in the scene, is yellowed by the cast; fixed, blue dominates again
    const skyFixed = fixed.out.at(OUT.width * 0.1, OUT.height * 0.1, 4);
    const skyKept = kept.out.at(OUT.width * 0.1, OUT.height * 0.1, 4);
    expect(skyKept[2]).toBeLessThan(skyKept[0]);
    expect(skyFixed[2]).toBeGreaterThan(skyFixed[0]);
  });

  it('enhancer: the rotation fix levels a leaning horizon when switched on', async () => {
    const leaning = await carScene({ tiltDegrees: 6 });
    const horizonAt = (out: Decoded, x: number) => {
      // first row from the top of the ground's grey: sky ends, ground begins (the pale sky
      // just above the horizon is close to grey in blue-minus-red, not in brightness)
      for (let y = 2; y < OUT.height - 2; y++) {
        if (colourDistance(out.at(x, y, 1), SCENE.colours.ground) < 40) return y;
      }
      return OUT.height;
    };
    const [fixed, kept] = await Promise.all([
      process({ route: 'enhancer', repush: { ...AUTO_REPUSH, rotationFix: 'enabled' } }, leaning),
      process({ route: 'enhancer' }, leaning),
    ]);
    const lean = (out: Decoded) => horizonAt(out, OUT.width * 0.08) - horizonAt(out, OUT.width * 0.92);
    expect(Math.abs(lean(kept.out))).toBeGreaterThan(25);
    expect(Math.abs(lean(fixed.out))).toBeLessThan(6);
  });

  it('bypass: only size and encoding, upright whatever the EXIF orientation, no logo', async () => {
    for (const orientation of [3, 6, 8] as const) {
      const { job, event, out, bytes } = await process(
        { route: 'bypass', settings: { withLogo: true, media: studio } },
        await carScene({ orientation }),
      );
      await expectProperOutput(job, event, bytes);
      const sky = out.at(OUT.width * 0.1, OUT.height * 0.05);
      expect(sky[2]).toBeGreaterThan(sky[0] + 30);
      expect(colourDistance(out.at(OUT.width * 0.1, OUT.height * 0.95), SCENE.colours.ground)).toBeLessThan(30);
      expect(isRed(out.at(OUT.width * 0.5, OUT.height * 0.53))).toBe(true);
      expect(colourDistance(out.at(OUT.width * 0.88, OUT.height * 0.09), MAGENTA)).toBeGreaterThan(100);
    }
  });

  it('bypass: lowers the JPEG quality in steps until the image fits maxImageSize', async () => {
    const busy = await carScene({ noise: 40, texture: true });
    const roomy = await process({ route: 'bypass', settings: { maxImageSize: 200_000 } }, busy);
    const tight = await process({ route: 'bypass', settings: { maxImageSize: 30_000 } }, busy);
    expect(roomy.event.quality).toBe(90);
    expect(tight.event.quality).toBeLessThan(90);
    expect(tight.event.quality % 10).toBe(0);
    expect(tight.bytes.length).toBeLessThanOrEqual(30_000);
    expect(tight.bytes.length).toBeLessThan(roomy.bytes.length);
  });

  it('FEATURED: the car composed onto the style guide featured image', async () => {
    const { job, event, out, bytes } = await process(
      { route: 'FEATURED', settings: { media: { featuredImage: media.featuredImage } } },
      await carScene(),
    );
    await expectProperOutput(job, event, bytes);
    expect(colourDistance(out.at(OUT.width * 0.02, OUT.height * 0.1), '#e0c020')).toBeLessThan(30);
    expect(colourDistance(out.at(OUT.width * 0.98, OUT.height * 0.1), '#20c0c0')).toBeLessThan(30);
    expect(isRed(out.at(OUT.width * 0.5, OUT.height * 0.66))).toBe(true);
  });

  it('logo_only: the logo on the original, nothing else changed', async () => {
    const { job, event, out, bytes } = await process({ route: 'logo_only', settings: { withLogo: false, media: studio } }, await carScene());
    await expectProperOutput(job, event, bytes);
    expect(colourDistance(out.at(OUT.width * 0.88, OUT.height * 0.09), MAGENTA)).toBeLessThan(40);
    const sky = out.at(OUT.width * 0.1, OUT.height * 0.05);
    expect(sky[2]).toBeGreaterThan(sky[0] + 30);
    expect(colourDistance(out.at(OUT.width * 0.5, OUT.height * 0.53), SCENE.colours.body)).toBeLessThan(30);
  });

  it('repush switches: background colour, no background removal, no logo, no crop, frame overlays', async () => {
    const scene = await carScene();
    const base = { route: 'full' as const, settings: { withLogo: true, media: { ...studio, overlays: [media.overlay] } } };
    const [colour, keepBackground, noCrop] = await Promise.all([
      process({ ...base, repush: { ...AUTO_REPUSH, backgroundColor: '#102030', forceLogo: 'disabled' } }, scene),
      process({ ...base, repush: { ...AUTO_REPUSH, forceBackgroundRemoval: 'disabled' } }, scene),
      process({ ...base, repush: { ...AUTO_REPUSH, crop: 'disabled' } }, scene),
    ]);
    // one colour instead of background and floor; no logo
    expect(colourDistance(colour.out.at(OUT.width * 0.1, OUT.height * 0.2), '#102030')).toBeLessThan(30);
    expect(colourDistance(colour.out.at(OUT.width * 0.08, OUT.height * 0.88), '#102030')).toBeLessThan(30);
    expect(colourDistance(colour.out.at(OUT.width * 0.88, OUT.height * 0.09), '#102030')).toBeLessThan(30);
    // frame overlay on every output of the configuration
    expect(colourDistance(colour.out.at(3, OUT.height * 0.5, 1), '#ff8000')).toBeLessThan(40);
    // background kept: the photo's sky behind the cropped car
    const sky = keepBackground.out.at(OUT.width * 0.1, OUT.height * 0.2);
    expect(sky[2]).toBeGreaterThan(sky[0] + 30);
    expect(isRed(keepBackground.out.at(OUT.width * 0.07, OUT.height * 0.66))).toBe(true);
    // no crop: the car keeps the photo's framing (from 18% to 82% of the width), on the studio
    expect(isRed(noCrop.out.at(OUT.width * 0.5, OUT.height * 0.53))).toBe(true);
    expect(isRed(noCrop.out.at(OUT.width * 0.1, OUT.height * 0.53))).toBe(false);
    expect(colourDistance(noCrop.out.at(OUT.width * 0.1, OUT.height * 0.3), BLUE)).toBeLessThan(30);
  });

  it('a redelivered or re-sent job overwrites the same output keys and is reported once', async () => {
    const job = makeJob({ route: 'bypass' });
    await bed.submit(job, await carScene());
    const again = await bed.publish(job);
    expect(again.duplicate).toBe(true);
    await bed.results.next(job.jobId);
    await new Promise((r) => setTimeout(r, 500));
    expect(bed.results.of(job.jobId)).toHaveLength(1);
  });
});

import { loadConfig } from '@app/config';
import sharp from 'sharp';
import { BODY_SAMPLE, colourScene, PAINTS, regionMask, renderScene } from '../../test/helpers/quality-scenes';
import { PipelineConfig } from '../pipeline.config';
import { RouteSteps } from '../routes/route-steps';
import { ClassicalSegmenter } from '../segmentation/classical.segmenter';
import { deltaE2000Rgb, meanDeltaE2000, srgbToLab, type Lab } from './colour-difference';
import { ImageRenderer } from './image-renderer';
import type { MediaLibrary } from './media-library';
import { applyTone, meanColour } from './pixel-ops';
import { cloneRaster, type Raster } from './raster';

/**
 * The enhance step keeps the car's colour: on a well-exposed photo the body's pixels change
 * by less than 5 CIEDE2000 on average (a difference that reads as the same paint), for every
 * paint; an under-exposed or flat photo is still visibly corrected, towards its true colours.
 */
const W = 480;
const H = 360;
const config = loadConfig(PipelineConfig, { DATABASE_URL: 'postgres://x@h/db', S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' });
const steps = new RouteSteps(new ImageRenderer({ maxInputPixels: 25_000_000 }), null as unknown as MediaLibrary, new ClassicalSegmenter(), config);
const body = regionMask(W, H, BODY_SAMPLE);
const bodyRect = { left: BODY_SAMPLE.left * W, top: BODY_SAMPLE.top * H, width: BODY_SAMPLE.width * W, height: BODY_SAMPLE.height * H };

const enhanced = (r: Raster): Promise<Raster> => steps.enhance(cloneRaster(r));
const bodyLab = (r: Raster): Lab => {
  const m = meanColour(r, bodyRect);
  return srgbToLab(m.r, m.g, m.b);
};
const hueDegrees = (c: Lab): number => (Math.atan2(c.b, c.a) * 180) / Math.PI;

describe('enhancer colour fidelity', () => {
  it.each(Object.keys(PAINTS))('keeps a %s car its colour on a well-exposed photo (mean ΔE2000 on the body under 5)', async (paint) => {
    const before = await renderScene(colourScene(paint, W, H), W, H);
    const after = await enhanced(before);
    expect(meanDeltaE2000(before, after, body)).toBeLessThan(5);
    // and the body's mean colour is still the paint's
    const m = meanColour(after, bodyRect);
    const hex = PAINTS[paint].replace('#', '');
    const drawn = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    expect(deltaE2000Rgb([m.r, m.g, m.b], drawn)).toBeLessThan(5);
  });

  it('brings a dark, under-exposed car back towards its true colour, with the same hue', async () => {
    const truth = await renderScene(colourScene('blue', W, H), W, H);
    const dark = await renderScene(colourScene('blue', W, H), W, H, 0.3);
    const after = await enhanced(dark);
    const lost = meanDeltaE2000(truth, dark, body);
    expect(lost).toBeGreaterThan(12);
    // visibly brighter, and at most a third of the difference left
    expect(bodyLab(after).L - bodyLab(dark).L).toBeGreaterThan(10);
    expect(meanDeltaE2000(truth, after, body)).toBeLessThan(lost / 3);
    expect(Math.abs(hueDegrees(bodyLab(after)) - hueDegrees(bodyLab(truth)))).toBeLessThan(5);
  });

  it('spreads the tones of a flat photo, and gives its colour back rather than taking it', async () => {
    const truth = await renderScene(colourScene('red', W, H), W, H);
    const flat = cloneRaster(truth);
    for (let i = 0; i < flat.data.length; i++) flat.data[i] = 128 + (flat.data[i] - 128) * 0.45;
    const after = await enhanced(flat);
    const spread = async (r: Raster) => (await sharp(r.data, { raw: { width: W, height: H, channels: 3 } }).greyscale().stats()).channels[0].stdev;
    expect(await spread(after)).toBeGreaterThan((await spread(flat)) * 1.6);
    const chroma = (c: Lab) => Math.hypot(c.a, c.b);
    expect(chroma(bodyLab(after))).toBeGreaterThan(chroma(bodyLab(flat)) * 1.3);
    expect(meanDeltaE2000(truth, after, body)).toBeLessThan(meanDeltaE2000(truth, flat, body) * 0.6);
  });

  it('brightens without clipping a saturated colour into another hue', () => {
    // a dark blue and red (brightened fully), a bright red, blue and yellow (the largest channel stops at 255)
    const colours = [
      [18, 55, 80],
      [90, 16, 21],
      [200, 40, 30],
      [30, 90, 200],
      [220, 200, 40],
    ];
    const r: Raster = { data: Buffer.from([...colours.flat(), 60, 60, 60]), width: colours.length + 1, height: 1, channels: 3 };
    applyTone(r, { low: 0, high: 128, maxGain: 2, slack: 0, contrast: 0, saturation: 1 });
    colours.forEach(([R, G, B], px) => {
      const out = [...r.data.subarray(px * 3, px * 3 + 3)];
      const a = srgbToLab(R, G, B);
      const b = srgbToLab(out[0], out[1], out[2]);
      expect(b.L).toBeGreaterThan(a.L + 4);
      expect(Math.abs(hueDegrees(b) - hueDegrees(a))).toBeLessThan(2.5);
      // the channels keep their proportions: nothing was cut at 255 (the old stretch made 233,30,11 of a red)
      const top = Math.max(R, G, B);
      const outTop = Math.max(...out);
      [R, G, B].forEach((v, c) => expect(out[c] / outTop).toBeCloseTo(v / top, 1));
    });
    // the dark ones got the whole gain (255 / 128, about twice as bright)
    [36, 110, 160, 180, 32, 42].forEach((v, c) => expect(Math.abs(r.data[c] - v)).toBeLessThanOrEqual(1));
    // greys stay grey
    expect(r.data[15]).toBe(r.data[16]);
    expect(r.data[16]).toBe(r.data[17]);
  });
});

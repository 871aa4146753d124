/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import { randomUUID } from 'node:crypto';
import type { PipelineImageProcessed, PipelineJob, PlateQuad } from '@app/contracts';
import sharp from 'sharp';
import { insideConvex, quadIoU, type Quad } from '../src/plates/quad-geometry';
import { createPipelineTestbed, makeJob, AUTO_REPUSH, type JobSpec, type PipelineTestbed } from './helpers/pipeline-testbed';
import { plateFreeScenes, platedScenes, type PlateScene } from './helpers/plate-scenes';
import { logoPng, solidPng } from './helpers/test-images';

/** The scenes' own shape at half size: the enhancer's frame is then the whole picture, halved. */
const OUT = { outputWidth: 960, outputHeight: 640 };
const MAGENTA = '#FF00FF';

/**
 * Number plates through a real worker (PostgreSQL, JetStream, S3): the guide's mode masks
 * the plate the finder finds on the output, in its perspective; the processed event says
 * where, on the original; QA's plates replace the finder's; the repush switch turns it off;
 * a plate-free car is left alone. The output's XMP names the edit.
 */
describe('pipeline number plates', () => {
  let bed: PipelineTestbed;
  let plated: PlateScene;
  let plateFree: PlateScene;
  const logo = `media/logo/${randomUUID()}.png`;
  const background = `media/background/${randomUUID()}.png`;

  beforeAll(async () => {
    bed = await createPipelineTestbed('pipeline_plates');
    await bed.storage.put(logo, await logoPng(), 'image/png');
    await bed.storage.put(background, await solidPng(800, 450, '#2050c0'), 'image/png');
    [plated] = await platedScenes();
    [plateFree] = await plateFreeScenes();
    await bed.startPipeline();
  }, 120_000);

  afterAll(async () => {
    await bed?.close();
  });

  async function run(spec: JobSpec, scene: PlateScene, extra: Partial<PipelineJob> = {}) {
    const job = { ...makeJob({ ...spec, settings: { ...OUT, ...spec.settings } }), ...extra };
    await bed.submit(job, scene.png);
    const result = await bed.results.next(job.jobId, 60_000);
    if (result.kind !== 'processed') throw new Error(`job failed: ${result.event.reason}`);
    const bytes = await bed.storage.getBuffer(job.outputKeys.optimized);
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const xmp = (await sharp(bytes).metadata()).xmp?.toString('utf8') ?? '';
    return { event: result.event as PipelineImageProcessed, pixels: { data, width: info.width }, xmp };
  }

  /** The output's mean colour and spread over the inside of a quad (output pixels), 15 % in from its edges. */
  function inside(px: { data: Buffer; width: number }, quad: Quad) {
    const cx = quad.reduce((s, p) => s + p.x, 0) / 4;
    const cy = quad.reduce((s, p) => s + p.y, 0) / 4;
    const inner = quad.map((p) => ({ x: cx + (p.x - cx) * 0.7, y: cy + (p.y - cy) * 0.7 })) as Quad;
    const values: number[][] = [];
    for (let y = Math.floor(Math.min(...inner.map((p) => p.y))); y <= Math.max(...inner.map((p) => p.y)); y++) {
      for (let x = Math.floor(Math.min(...inner.map((p) => p.x))); x <= Math.max(...inner.map((p) => p.x)); x++) {
        if (!insideConvex(inner, x, y)) continue;
        const i = (y * px.width + x) * 3;
        values.push([px.data[i], px.data[i + 1], px.data[i + 2]]);
      }
    }
    const mean = [0, 1, 2].map((k) => values.reduce((s, v) => s + v[k], 0) / values.length);
    const luma = values.map((v) => 0.299 * v[0] + 0.587 * v[1] + 0.114 * v[2]);
    const m = luma.reduce((a, b) => a + b, 0) / luma.length;
    const spread = Math.sqrt(luma.reduce((s, v) => s + (v - m) ** 2, 0) / luma.length);
    return { mean, spread };
  }

  const half = (q: Quad) => q.map((p) => ({ x: p.x / 2, y: p.y / 2 })) as Quad;
  const onOriginal = (p: PlateQuad, scene: PlateScene) => p.corners.map((c) => ({ x: c.x * scene.width, y: c.y * scene.height })) as Quad;
  const guide = (mode: 'blur' | 'colour' | 'logo') => ({ numberPlates: { mode, colour: MAGENTA } });

  it('colour: the plate is covered in the guide colour, reported where it is on the original, and named in the XMP', async () => {
    const { event, pixels, xmp } = await run({ route: 'enhancer', settings: guide('colour') }, plated);
    expect(event.plates).toHaveLength(plated.plates.length);
    expect(quadIoU(onOriginal(event.plates![0], plated), plated.plates[0])).toBeGreaterThan(0.8);
    const plate = inside(pixels, half(plated.plates[0]));
    expect(plate.mean[0]).toBeGreaterThan(200);
    expect(plate.mean[1]).toBeLessThan(60);
    expect(plate.mean[2]).toBeGreaterThan(200);
    expect(xmp).toContain('number plate masked');
  });

  it('blur: the plate keeps its light but its characters are gone; off leaves them', async () => {
    const off = await run({ route: 'enhancer' }, plated);
    const blurred = await run({ route: 'enhancer', settings: guide('blur') }, plated);
    const before = inside(off.pixels, half(plated.plates[0]));
    const after = inside(blurred.pixels, half(plated.plates[0]));
    expect(off.event.plates).toBeUndefined();
    expect(off.xmp).not.toContain('number plate masked');
    expect(before.spread).toBeGreaterThan(25);
    expect(after.spread).toBeLessThan(before.spread / 2.5);
    expect(Math.abs(after.mean[1] - before.mean[1])).toBeLessThan(60);
  });

  it('logo: the logo (magenta) inside a plate of the guide colour (green), in the plate; on the AI route too', async () => {
    const settings = { numberPlates: { mode: 'logo' as const, colour: '#00FF00' }, media: { logo, background } };
    const { pixels } = await run({ route: 'enhancer', settings }, plated);
    const plate = half(plated.plates[0]);
    let green = 0;
    let magenta = 0;
    let all = 0;
    const b = { left: Math.min(...plate.map((p) => p.x)), right: Math.max(...plate.map((p) => p.x)), top: Math.min(...plate.map((p) => p.y)), bottom: Math.max(...plate.map((p) => p.y)) };
    for (let y = Math.ceil(b.top); y < b.bottom; y++) {
      for (let x = Math.ceil(b.left); x < b.right; x++) {
        if (!insideConvex(plate, x, y)) continue;
        const i = (y * pixels.width + x) * 3;
        const [r, g, bl] = [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
        all++;
        if (g > 180 && r < 90 && bl < 90) green++;
        if (r > 180 && bl > 180 && g < 90) magenta++;
      }
    }
    // the 2:1 logo fitted inside the plate (72 % of its height: about a fifth of a 4.7:1 plate), the plate's colour around it
    expect(magenta / all).toBeGreaterThan(0.12);
    expect(green / all).toBeGreaterThan(0.5);
    expect((magenta + green) / all).toBeGreaterThan(0.85);
    const ai = await run({ route: 'full', settings }, plated);
    expect(ai.event.plates).toHaveLength(plated.plates.length);
    expect(ai.xmp).toContain('number plate masked');
  });

  it("QA's plates replace the finder's; an empty list masks nothing; Disabled leaves the plates", async () => {
    const qa: PlateQuad = {
      corners: [
        { x: 0.1, y: 0.1 },
        { x: 0.3, y: 0.1 },
        { x: 0.3, y: 0.16 },
        { x: 0.1, y: 0.16 },
      ],
    };
    const given = await run({ route: 'enhancer', settings: guide('colour'), repush: { ...AUTO_REPUSH, plates: [qa] } }, plateFree);
    expect(given.event.plates).toEqual([qa]);
    const box = inside(given.pixels, half(onOriginal(qa, plateFree)));
    expect(box.mean[0]).toBeGreaterThan(200);
    expect(box.mean[1]).toBeLessThan(60);
    const none = await run({ route: 'enhancer', settings: guide('colour'), repush: { ...AUTO_REPUSH, plates: [] } }, plated);
    expect(none.event.plates).toEqual([]);
    expect(none.xmp).not.toContain('number plate masked');
    const disabled = await run({ route: 'enhancer', settings: guide('colour'), repush: { ...AUTO_REPUSH, numberPlates: 'disabled' } }, plated);
    expect(disabled.event.plates).toBeUndefined();
    expect(inside(disabled.pixels, half(plated.plates[0])).mean[1]).toBeGreaterThan(100);
  });

  it('a plate-free car with text around it gets no mask', async () => {
    const { event, xmp } = await run({ route: 'enhancer', settings: guide('colour') }, plateFree);
    expect(event.plates).toEqual([]);
    expect(xmp).not.toContain('number plate masked');
  });
});

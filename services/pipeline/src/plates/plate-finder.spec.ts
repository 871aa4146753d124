/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import { plateScene } from '../../test/helpers/plate-scenes';
import { ImageRenderer } from '../imaging/image-renderer';
import type { Raster } from '../imaging/raster';
import { mergeLines, PLATE_FINDING, PlateFinder, plateDetectorPath, type TextLine } from './plate-finder';
import { quadIoU } from './quad-geometry';

const line = (cx: number, cy: number, a: number, b: number): TextLine => ({ cx, cy, ux: 1, uy: 0, a, b, score: 0.9 });

describe('mergeLines', () => {
  it("joins the words of one plate's line and the two rows of a Japanese plate, not text apart", () => {
    // "B MW" and "1234" of a German plate, split at its stickers
    expect(mergeLines([line(100, 50, 30, 10), line(170, 50, 25, 10)])).toHaveLength(1);
    const joined = mergeLines([line(100, 50, 30, 10), line(170, 50, 25, 10)])[0];
    expect(joined.cx - joined.a).toBeCloseTo(70, 5);
    expect(joined.cx + joined.a).toBeCloseTo(195, 5);
    // the small top row of a Japanese plate over its large bottom row
    expect(mergeLines([line(100, 30, 25, 7), line(100, 50, 40, 11)])).toHaveLength(1);
    // a sign far along the same line, and a line of another height below: apart
    expect(mergeLines([line(100, 50, 30, 10), line(400, 50, 30, 10)])).toHaveLength(2);
    expect(mergeLines([line(100, 50, 30, 10), line(100, 120, 30, 10)])).toHaveLength(2);
  });
});

describe('the plate finder on drawn cars (PP-OCRv4 detection)', () => {
  let finder: PlateFinder;
  const imaging = new ImageRenderer({ maxInputPixels: 100_000_000, vipsThreads: 1 });

  beforeAll(async () => {
    finder = await PlateFinder.load(plateDetectorPath());
  }, 60_000);

  afterAll(() => finder?.release());

  async function find(name: string, withMask: boolean) {
    const scene = await plateScene(name);
    const source = await imaging.decodeSource(scene.png);
    const small: Raster = await imaging.downscale(source, PLATE_FINDING.side);
    const found = await finder.find(small, source, (r, w, h) => imaging.region(source, r, w, h), withMask ? scene.carMask : null);
    return { scene, found: found.map((f) => f.quad) };
  }

  it.each([
    ['DE front-left', 'a German plate seen from the left: a trapezoid, with its EU band and stickers'],
    ['JP rear', "a Japanese plate's two rows: one plate"],
    ['DK far', 'a Danish plate about 120 px wide'],
    ['HU roll', 'a Hungarian plate turned in its own plane'],
  ])('%s: %s, its corners within the plate (IoU > 0.85), with and without the car mask', async (name) => {
    for (const withMask of [true, false]) {
      const { scene, found } = await find(name, withMask);
      expect(found).toHaveLength(1);
      expect(quadIoU(found[0], scene.plates[0])).toBeGreaterThan(0.85);
    }
  });

  it('both cars of a street scene, each its own plate', async () => {
    const { scene, found } = await find('DK two cars', true);
    expect(found).toHaveLength(2);
    for (const truth of scene.plates) expect(Math.max(...found.map((q) => quadIoU(q, truth)))).toBeGreaterThan(0.85);
  });

  it.each([['no plate, GTI badge'], ['no plate, price board'], ['no plate, dealer sign']])('%s: no plate (text that is not a plate)', async (name) => {
    expect((await find(name, true)).found).toEqual([]);
    expect((await find(name, false)).found).toEqual([]);
  });

  it('refuses a detector file that is not there, naming the setting', async () => {
    await expect(PlateFinder.load('/nowhere/det.onnx')).rejects.toThrow('The ONNX model file /nowhere/det.onnx does not exist (PIPELINE_PLATE_DETECTOR).');
  });
});

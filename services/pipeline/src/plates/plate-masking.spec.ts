import type { Raster } from '../imaging/raster';
import { solidRaster } from '../imaging/raster';
import { blurQuad, coverQuad, plateSize, warpOnto } from './plate-masking';
import type { Quad } from './quad-geometry';

const px = (r: Raster, x: number, y: number) => {
  const i = (y * r.width + x) * r.channels;
  return [r.data[i], r.data[i + 1], r.data[i + 2]];
};

/** A plate seen from the side: taller at the left than at the right. */
const TRAPEZOID: Quad = [
  { x: 20, y: 20 },
  { x: 80, y: 28 },
  { x: 80, y: 52 },
  { x: 20, y: 60 },
];

describe('plate masking', () => {
  it('covers exactly the quad: inside in the colour, outside untouched, the edge pixels blended', () => {
    const img = solidRaster(100, 80, { r: 0, g: 0, b: 0 });
    coverQuad(img, TRAPEZOID, { r: 255, g: 0, b: 255 });
    expect(px(img, 50, 40)).toEqual([255, 0, 255]);
    expect(px(img, 22, 22)).toEqual([255, 0, 255]);
    expect(px(img, 78, 30)).toEqual([255, 0, 255]);
    // beyond the slanted top edge at the right, and outside the box
    expect(px(img, 78, 25)).toEqual([0, 0, 0]);
    expect(px(img, 10, 40)).toEqual([0, 0, 0]);
    expect(px(img, 90, 40)).toEqual([0, 0, 0]);
    // on the slanted edge: partly covered
    const edge = px(img, 23, 20)[0];
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
  });

  it('lays a flat picture in perspective: its left half on the quad left, its top on the quad top', () => {
    const flat: Raster = { data: Buffer.alloc(40 * 10 * 3), width: 40, height: 10, channels: 3 };
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 40; x++) {
        const i = (y * 40 + x) * 3;
        flat.data[i] = x < 20 ? 255 : 0; // red on the left half
        flat.data[i + 2] = y < 5 ? 255 : 0; // blue on the top half
      }
    }
    const img = solidRaster(100, 80, { r: 0, g: 0, b: 0 });
    warpOnto(img, TRAPEZOID, flat);
    expect(px(img, 30, 30)).toEqual([255, 0, 255]);
    expect(px(img, 30, 52)).toEqual([255, 0, 0]);
    expect(px(img, 70, 34)).toEqual([0, 0, 255]);
    expect(px(img, 70, 48)).toEqual([0, 0, 0]);
    // a transparent pixel leaves what was there
    const rgba: Raster = { data: Buffer.from([255, 255, 255, 0]), width: 1, height: 1, channels: 4 };
    const grey = solidRaster(100, 80, { r: 100, g: 100, b: 100 });
    warpOnto(grey, TRAPEZOID, rgba);
    expect(px(grey, 50, 40)).toEqual([100, 100, 100]);
  });

  it('lays the blurred copy on the plate only', () => {
    const img = solidRaster(100, 80, { r: 10, g: 10, b: 10 });
    const blurred = solidRaster(100, 80, { r: 200, g: 200, b: 200 });
    blurQuad(img, TRAPEZOID, blurred, { left: 0, top: 0 });
    expect(px(img, 50, 40)).toEqual([200, 200, 200]);
    expect(px(img, 5, 5)).toEqual([10, 10, 10]);
  });

  it("measures the plate as it reads: the means of opposite sides", () => {
    const size = plateSize(TRAPEZOID);
    expect(size.width).toBeCloseTo(Math.hypot(60, 8), 5);
    expect(size.height).toBeCloseTo((40 + 24) / 2, 5);
  });
});

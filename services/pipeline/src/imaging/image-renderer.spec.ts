import sharp, { type Sharp } from 'sharp';
import { bombPng, carScene } from '../../test/helpers/test-images';
import { JobFailure } from '../jobs/job-failure';
import { ImageRenderer, jpegShrink } from './image-renderer';
import type { Orientation, Raster } from './raster';

const imaging = new ImageRenderer({ maxInputPixels: 4_000_000 });

/** Four quadrants as shown: red top-left, green top-right, blue bottom-left, yellow bottom-right. */
const QUADRANTS = { tl: [255, 0, 0], tr: [0, 255, 0], bl: [0, 0, 255], br: [255, 255, 0] } as const;

async function quadrants(width: number, height: number, orientation: Orientation): Promise<Buffer> {
  const shown = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="${width / 2}" height="${height / 2}" fill="#ff0000"/><rect x="${width / 2}" width="${width / 2}" height="${height / 2}" fill="#00ff00"/>
      <rect y="${height / 2}" width="${width / 2}" height="${height / 2}" fill="#0000ff"/><rect x="${width / 2}" y="${height / 2}" width="${width / 2}" height="${height / 2}" fill="#ffff00"/></svg>`),
  )
    .removeAlpha()
    .png()
    .toBuffer();
  // store the pixels turned the opposite way, tagged with the orientation that turns them back
  const undo: Record<Orientation, (s: Sharp) => Sharp> = {
    1: (s) => s,
    2: (s) => s.flop(),
    3: (s) => s.rotate(180),
    4: (s) => s.flip(),
    5: (s) => s.rotate(270).flop(),
    6: (s) => s.rotate(270),
    7: (s) => s.rotate(90).flop(),
    8: (s) => s.rotate(90),
  };
  const stored = await undo[orientation](sharp(shown)).raw().toBuffer({ resolveWithObject: true });
  return sharp(stored.data, { raw: { width: stored.info.width, height: stored.info.height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();
}

function at(r: Raster, x: number, y: number): number[] {
  const j = (Math.round(y) * r.width + Math.round(x)) * r.channels;
  return [r.data[j], r.data[j + 1], r.data[j + 2]];
}

const close = (got: number[], want: readonly number[]) => got.every((v, i) => Math.abs(v - want[i]) < 40);

async function failure(p: Promise<unknown>): Promise<JobFailure> {
  try {
    await p;
  } catch (err) {
    if (err instanceof JobFailure) return err;
    throw err;
  }
  throw new Error('expected a JobFailure');
}

describe('ImageRenderer', () => {
  describe('decoding a JPEG used whole at a smaller size', () => {
    it('picks the largest decoder shrink that still covers the output, turned as shown', () => {
      expect(jpegShrink(4032, 3024, 1, { width: 1920, height: 1440 })).toBe(2);
      expect(jpegShrink(4032, 3024, 6, { width: 1920, height: 1440 })).toBe(1); // shown 3024 wide: 1512 < 1920
      expect(jpegShrink(4032, 3024, 6, { width: 1440, height: 1920 })).toBe(2);
      expect(jpegShrink(4032, 3024, 1, { width: 800, height: 600 })).toBe(4);
      expect(jpegShrink(4032, 3024, 1, { width: 4000, height: 3000 })).toBe(1);
    });

    it.each([1, 6] as Orientation[])('decodes at a quarter, upright and with the same picture (orientation %i)', async (orientation) => {
      const file = await quadrants(640, 480, orientation);
      const src = await imaging.decodeSource(file, { atLeast: { width: 160, height: 120 } });
      expect([src.width, src.height]).toEqual([160, 120]);
      const whole = await imaging.region(src, { left: 0, top: 0, width: 160, height: 120 }, 160, 120);
      expect(close(at(whole, 40, 30), QUADRANTS.tl)).toBe(true);
      expect(close(at(whole, 120, 30), QUADRANTS.tr)).toBe(true);
      expect(close(at(whole, 40, 90), QUADRANTS.bl)).toBe(true);
      expect(close(at(whole, 120, 90), QUADRANTS.br)).toBe(true);
    });

    it('decodes a PNG whole whatever is asked', async () => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } }).png().toBuffer();
      const src = await imaging.decodeSource(png, { atLeast: { width: 160, height: 120 } });
      expect([src.width, src.height]).toEqual([640, 480]);
    });
  });

  describe.each([1, 2, 3, 4, 5, 6, 7, 8] as Orientation[])('EXIF orientation %i', (orientation) => {
    it('shows the picture upright, whole and in part, without turning the full-size pixels', async () => {
      const src = await imaging.decodeSource(await quadrants(160, 120, orientation));
      expect([src.width, src.height, src.orientation]).toEqual([160, 120, orientation]);
      // stored as the file holds it: portrait for 5-8
      expect(src.stored.width).toBe(orientation >= 5 ? 120 : 160);

      const file = await quadrants(160, 120, orientation);
      const whole = await imaging.region(await imaging.decodeSource(file), { left: 0, top: 0, width: 160, height: 120 }, 80, 60);
      // the same as sharp's own EXIF handling
      const reference = await sharp(file).autoOrient().resize(80, 60).raw().toBuffer({ resolveWithObject: true });
      expect([reference.info.width, reference.info.height]).toEqual([80, 60]);
      for (const [x, y] of [[20, 15], [60, 15], [20, 45], [60, 45]]) {
        expect(close(at(whole, x, y), at({ data: reference.data, width: 80, height: 60, channels: 3 }, x, y))).toBe(true);
      }
      expect(close(at(whole, 20, 15), QUADRANTS.tl)).toBe(true);
      expect(close(at(whole, 60, 15), QUADRANTS.tr)).toBe(true);
      expect(close(at(whole, 20, 45), QUADRANTS.bl)).toBe(true);
      expect(close(at(whole, 60, 45), QUADRANTS.br)).toBe(true);

      // the right half, and a frame reaching past the bottom edge (filled)
      const right = await imaging.region(src, { left: 80, top: 0, width: 80, height: 120 }, 40, 60);
      expect(close(at(right, 20, 10), QUADRANTS.tr)).toBe(true);
      expect(close(at(right, 20, 50), QUADRANTS.br)).toBe(true);
      const past = await imaging.region(src, { left: 0, top: 60, width: 160, height: 120 }, 80, 60, { r: 255, g: 255, b: 255 });
      expect(close(at(past, 20, 10), QUADRANTS.bl)).toBe(true);
      expect(close(at(past, 60, 10), QUADRANTS.br)).toBe(true);
      expect(close(at(past, 40, 50), [255, 255, 255])).toBe(true);
    });
  });

  it('refuses what is not a picture, is damaged, empty, or too large, before decoding it', async () => {
    const jpeg = await carScene({ width: 320, height: 240 });
    expect((await failure(imaging.decodeSource(Buffer.alloc(0)))).code).toBe('source-empty');
    expect((await failure(imaging.decodeSource(Buffer.from('hello, not a picture')))).code).toBe('not-an-image');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer();
    const notPhoto = await failure(imaging.decodeSource(gif));
    expect([notPhoto.code, notPhoto.reason]).toEqual(['not-an-image', expect.stringContaining('The file is a GIF')]);
    expect((await failure(imaging.decodeSource(jpeg.subarray(0, jpeg.length / 2)))).code).toBe('corrupt-image');
    const bomb = await failure(imaging.decodeSource(bombPng(30000)));
    expect(bomb.code).toBe('too-many-pixels');
    expect(bomb.reason).toBe('The image is 30000 x 30000 pixels (900.0 megapixels); at most 4.0 megapixels are accepted.');
  });

  it('decodes a PNG with transparency onto white, and a grey JPEG as RGB', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const src = await imaging.decodeSource(png);
    expect(src.stored.channels).toBe(3);
    expect(at(src.stored, 5, 5)).toEqual([255, 255, 255]);
    const grey = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#808080' } }).greyscale().jpeg().toBuffer();
    const g = await imaging.decodeSource(grey);
    expect(g.stored.channels).toBe(3);
    expect(g.stored.data.length).toBe(300);
  });

  it('encodes within the size limit, lowering the quality in steps of 10, or says it cannot', async () => {
    const src = await imaging.decodeSource(await carScene({ width: 800, height: 600, noise: 30, texture: true }));
    const frame = await imaging.region(src, { left: 0, top: 0, width: 800, height: 600 }, 800, 600);
    const best = await imaging.encodeJpeg(frame, 10_000_000, 90);
    expect(best.quality).toBe(90);
    const fitted = await imaging.encodeJpeg(frame, Math.floor(best.data.length / 2), 90);
    expect(fitted.quality).toBeLessThan(90);
    expect(fitted.quality % 10).toBe(0);
    expect(fitted.data.length).toBeLessThanOrEqual(best.data.length / 2);
    const tooSmall = await failure(imaging.encodeJpeg(frame, 2000, 90));
    expect(tooSmall.code).toBe('output-too-large');
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  encodeUnderLimit,
  jpegName,
  measuredOrDefault,
  needsReencoding,
  prepareImage,
  targetDimensions,
  type Dimensions,
  type ImageTools,
} from './preprocess';

const MB8 = 8_388_608;

/** A blob of `size` bytes without allocating them (only `size` is read). */
const sized = (size: number) => ({ size }) as Blob;

function tools(measured: Dimensions | null, sizeAt: (quality: number, size: Dimensions) => number) {
  const calls: Array<{ size: Dimensions; quality: number }> = [];
  const fake: ImageTools = {
    measure: async () => measured,
    encodeJpeg: async (_file, size, quality) => {
      calls.push({ size, quality });
      return new Blob([new Uint8Array(sizeAt(quality, size))], { type: 'image/jpeg' });
    },
  };
  return { fake, calls };
}

const photo = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

describe('image preprocessing', () => {
  it('counts a photo with no measurable size as 1280x720', () => {
    expect(measuredOrDefault(null)).toEqual({ width: 1280, height: 720 });
    expect(measuredOrDefault({ width: 0, height: 600 })).toEqual({ width: 1280, height: 720 });
    expect(measuredOrDefault({ width: Number.NaN, height: 600 })).toEqual({ width: 1280, height: 720 });
    expect(measuredOrDefault({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });

  it('scales a photo over 4032x3024 proportionally into the box, either way round', () => {
    expect(targetDimensions({ width: 4032, height: 3024 })).toEqual({ width: 4032, height: 3024 });
    expect(targetDimensions({ width: 3024, height: 4032 })).toEqual({ width: 3024, height: 4032 });
    expect(targetDimensions({ width: 8064, height: 6048 })).toEqual({ width: 4032, height: 3024 });
    expect(targetDimensions({ width: 6048, height: 8064 })).toEqual({ width: 3024, height: 4032 });
    // a panorama: the width decides
    expect(targetDimensions({ width: 10000, height: 2000 })).toEqual({ width: 4032, height: 806 });
    // only the height is over
    expect(targetDimensions({ width: 4000, height: 3500 })).toEqual({ width: 3456, height: 3024 });
    expect(targetDimensions({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
  });

  it('re-encodes only what is too large in pixels or bytes, or of a type the server refuses', () => {
    const small = { width: 1600, height: 1200 };
    expect(needsReencoding({ size: 1_000_000, type: 'image/jpeg' }, small)).toBe(false);
    expect(needsReencoding({ size: 1_000_000, type: 'image/png' }, small)).toBe(false);
    expect(needsReencoding({ size: 1_000_000, type: 'image/webp' }, small)).toBe(false);
    expect(needsReencoding({ size: MB8, type: 'image/jpeg' }, small)).toBe(false);
    expect(needsReencoding({ size: MB8 + 1, type: 'image/jpeg' }, small)).toBe(true);
    expect(needsReencoding({ size: 1_000_000, type: 'image/jpeg' }, { width: 4033, height: 3024 })).toBe(true);
    expect(needsReencoding({ size: 1_000_000, type: 'image/heic' }, small)).toBe(true);
  });

  it('steps the JPEG quality from 1 down by 0.1 while the result is over 8 MB, to 0.1 at the lowest', async () => {
    const tried: number[] = [];
    const fits = await encodeUnderLimit(async (q) => {
      tried.push(q);
      return sized(q > 0.7 ? MB8 + 1 : MB8);
    });
    expect(tried).toEqual([1, 0.9, 0.8, 0.7]);
    expect(fits.quality).toBe(0.7);

    const triedInVain: number[] = [];
    const never = await encodeUnderLimit(async (q) => {
      triedInVain.push(q);
      return sized(MB8 * 2);
    });
    expect(triedInVain).toEqual([1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
    expect(never.quality).toBe(0.1);
  });

  it('keeps the base name with .jpg', () => {
    expect(jpegName('front.png')).toBe('front.jpg');
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('car.front.webp')).toBe('car.front.jpg');
    expect(jpegName('no-extension')).toBe('no-extension.jpg');
    expect(jpegName('photo.jpg')).toBe('photo.jpg');
  });

  it('uploads a photo that passes as it is', async () => {
    const file = photo('side.png', 2048, 'image/png');
    const { fake, calls } = tools({ width: 2000, height: 1500 }, () => 10);
    const prepared = await prepareImage(file, fake);
    expect(prepared).toEqual({ file, width: 2000, height: 1500, contentType: 'image/png' });
    expect(calls).toEqual([]);
  });

  it('a 12000x9000 PNG becomes a 4032x3024 JPEG named .jpg, at the first quality under 8 MB', async () => {
    const file = photo('rear.png', 1024, 'image/png');
    const { fake, calls } = tools({ width: 12000, height: 9000 }, (q) => (q >= 0.9 ? MB8 + 100 : 5_000_000));
    const prepared = await prepareImage(file, fake);
    expect(calls.map((c) => c.quality)).toEqual([1, 0.9, 0.8]);
    expect(calls.every((c) => c.size.width === 4032 && c.size.height === 3024)).toBe(true);
    expect(prepared.file.name).toBe('rear.jpg');
    expect(prepared.file.type).toBe('image/jpeg');
    expect(prepared.file.size).toBe(5_000_000);
    expect(prepared).toMatchObject({ width: 4032, height: 3024, contentType: 'image/jpeg' });
  });

  it('a photo that cannot be measured is sent as 1280x720', async () => {
    const file = photo('unknown.jpg', 1000);
    const prepared = await prepareImage(file, { measure: async () => Promise.reject(new Error('Failed to load image')), encodeJpeg: async () => sized(1) });
    expect(prepared).toEqual({ file, width: 1280, height: 720, contentType: 'image/jpeg' });
  });
});

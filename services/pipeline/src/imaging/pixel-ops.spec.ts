import sharp from 'sharp';
import { coverFrame, frameAroundCar, rectInFrame } from './frame-geometry';
import { applyTone, estimateTilt, lumaLevels, maskBounds } from './pixel-ops';
import type { Raster } from './raster';

async function greyLine(degrees: number): Promise<Raster> {
  // a bright half above a dark half, the boundary leaning by `degrees`, cut from a larger turned picture
  const { data, info } = await sharp(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="450" fill="#d0d0d0"/><rect y="450" width="900" height="450" fill="#303030"/></svg>'),
  )
    .rotate(degrees)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cut = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .extract({ left: Math.round(info.width / 2 - 256), top: Math.round(info.height / 2 - 192), width: 512, height: 384 })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data: cut, width: 512, height: 384, channels: 1 };
}

describe('pixel operations', () => {
  it('measures how far a horizon leans, with its direction, and nothing on a level one', async () => {
    expect(estimateTilt(await greyLine(5))).toBeCloseTo(5, 0);
    expect(estimateTilt(await greyLine(-3))).toBeCloseTo(-3, 0);
    expect(Math.abs(estimateTilt(await greyLine(0)))).toBeLessThan(0.3);
  });

  it('stretches a narrow range of tones (auto levels), within the gain limit', () => {
    const data = Buffer.alloc(300);
    for (let i = 0; i < 100; i++) data.fill(100 + Math.round((i / 99) * 50), i * 3, i * 3 + 3);
    const r: Raster = { data, width: 100, height: 1, channels: 3 };
    const { low, high } = lumaLevels(r, null, 0);
    expect([low, high]).toEqual([100, 150]);
    const limited: Raster = { ...r, data: Buffer.from(r.data) };
    applyTone(r, { low, high, maxGain: 6, slack: 0, contrast: 0, saturation: 1 });
    expect(r.data[0]).toBeLessThan(5);
    expect(r.data[297]).toBeGreaterThan(250);
    // with the gain capped at 2 the 50 levels become 100, around the same middle
    applyTone(limited, { low, high, maxGain: 2, slack: 0, contrast: 0, saturation: 1 });
    expect(limited.data[297] - limited.data[0]).toBeCloseTo(100, -1);
    expect((limited.data[297] + limited.data[0]) / 2).toBeCloseTo(127.5, -1);
  });

  it('frames the car between the margins, standing on the bottom margin', () => {
    const car = { left: 400, top: 300, width: 1600, height: 800 };
    const frame = frameAroundCar(car, 1000, 750, { top: 10, right: 5, bottom: 4, left: 5 });
    const placed = rectInFrame(car, frame, 1000, 750);
    expect(placed.left).toBeCloseTo(50);
    expect(placed.left + placed.width).toBeCloseTo(950);
    expect(placed.top + placed.height).toBeCloseTo(720);
    expect(placed.top).toBeGreaterThanOrEqual(75);
    // a tall car is limited by the height instead
    const tall = rectInFrame({ left: 0, top: 0, width: 100, height: 200 }, frameAroundCar({ left: 0, top: 0, width: 100, height: 200 }, 1000, 750, { top: 10, right: 5, bottom: 4, left: 5 }), 1000, 750);
    expect(tall.top).toBeCloseTo(75);
    expect(tall.top + tall.height).toBeCloseTo(720);
    expect(tall.left + tall.width / 2).toBeCloseTo(500);
  });

  it('keeps the photo framing with the output shape, and finds a mask box', () => {
    expect(coverFrame(4000, 3000, 1600, 900)).toEqual({ left: 0, top: 375, width: 4000, height: 2250 });
    const mask: Raster = { data: Buffer.alloc(100), width: 10, height: 10, channels: 1 };
    mask.data[3 * 10 + 2] = 255;
    mask.data[6 * 10 + 7] = 200;
    expect(maskBounds(mask)).toEqual({ left: 2, top: 3, width: 6, height: 4 });
  });
});

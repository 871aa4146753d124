import { refineNetworkMask } from './mask-ops';

/** A soft mask drawn from rectangles: 255 inside, `edge` on the one-pixel ring around each. */
function draw(w: number, h: number, rects: Array<{ x: number; y: number; w: number; h: number; value?: number }>, edge = 100) {
  const data = Buffer.alloc(w * h);
  for (const r of rects) {
    for (let y = r.y - 1; y <= r.y + r.h; y++) {
      for (let x = r.x - 1; x <= r.x + r.w; x++) {
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const inside = x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
        const i = y * w + x;
        data[i] = inside ? (r.value ?? 255) : Math.max(data[i], edge);
      }
    }
  }
  return { data, width: w, height: h };
}

const at = (m: { data: Buffer; width: number }, x: number, y: number) => m.data[y * m.width + x];
const count = (m: { data: Buffer }) => m.data.reduce((n, v) => n + (v > 0 ? 1 : 0), 0);

describe('refineNetworkMask', () => {
  it('keeps the car and drops a small region elsewhere with its soft fringe', () => {
    const mask = draw(100, 60, [
      { x: 20, y: 20, w: 50, h: 25 },
      { x: 85, y: 5, w: 4, h: 4 },
    ]);
    refineNetworkMask(mask, 'opaque');
    expect(at(mask, 40, 30)).toBe(255);
    expect(at(mask, 19, 30)).toBe(100); // the car's own soft edge stays
    expect(at(mask, 86, 6)).toBe(0);
    expect(at(mask, 84, 6)).toBe(0); // the dropped region's fringe goes with it
  });

  it('keeps both halves of a car cut in two by a pillar in front of it', () => {
    const mask = draw(100, 60, [
      { x: 10, y: 20, w: 35, h: 25 },
      { x: 50, y: 20, w: 30, h: 25 },
    ]);
    refineNetworkMask(mask, 'opaque');
    expect(at(mask, 20, 30)).toBe(255);
    expect(at(mask, 60, 30)).toBe(255);
    expect(at(mask, 47, 30)).toBe(0);
  });

  it('fills the glass with opaque windows and leaves it to the network with see-through ones', () => {
    const car = () => {
      const m = draw(100, 60, [{ x: 20, y: 15, w: 60, h: 35 }]);
      // the window: a hole the network saw through, soft at its rim
      for (let y = 20; y < 30; y++) for (let x = 40; x < 60; x++) m.data[y * 100 + x] = y === 20 || y === 29 || x === 40 || x === 59 ? 140 : 0;
      return m;
    };
    const opaque = car();
    refineNetworkMask(opaque, 'opaque');
    expect([at(opaque, 50, 25), at(opaque, 40, 20), at(opaque, 30, 30)]).toEqual([255, 255, 255]);
    expect(at(opaque, 19, 30)).toBe(100);
    const seeThrough = car();
    refineNetworkMask(seeThrough, 'see-through');
    expect([at(seeThrough, 50, 25), at(seeThrough, 40, 20)]).toEqual([0, 140]);
  });

  it('leaves an empty mask empty', () => {
    const mask = draw(20, 20, []);
    refineNetworkMask(mask, 'opaque');
    expect(count(mask)).toBe(0);
  });
});

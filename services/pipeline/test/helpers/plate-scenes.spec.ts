import sharp from 'sharp';
import { isConvexClockwise, type Quad } from '../../src/plates/quad-geometry';
import { PLATE_SCENE_NAMES, platedScenes, plateFreeScenes, plateScene, plateScenes, type PlateScene } from './plate-scenes';

const across = (q: Quad) => Math.max(Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y), Math.hypot(q[2].x - q[3].x, q[2].y - q[3].y));
const centre = (q: Quad) => ({ x: q.reduce((s, p) => s + p.x, 0) / 4, y: q.reduce((s, p) => s + p.y, 0) / 4 });

describe('plate scenes', () => {
  let scenes: PlateScene[];

  beforeAll(async () => {
    scenes = await plateScenes();
  }, 180_000);

  it('has at least 24 plates of all four formats, and at least 5 cars with no plate', () => {
    const plated = scenes.filter((s) => s.plates.length > 0);
    expect(plated.reduce((n, s) => n + s.plates.length, 0)).toBeGreaterThanOrEqual(24);
    expect(scenes.filter((s) => s.plates.length === 0 && s.country === null).length).toBeGreaterThanOrEqual(5);
    for (const c of ['DK', 'DE', 'HU', 'JP'] as const) {
      const mine = plated.filter((s) => s.country === c);
      // straight on, both three-quarter views, far, rolled, dirty
      expect(mine.length).toBeGreaterThanOrEqual(6);
      expect(mine.some((s) => s.view === 'front' || s.view === 'rear')).toBe(true);
      expect(mine.some((s) => s.view.endsWith('-left'))).toBe(true);
      expect(mine.some((s) => s.view.endsWith('-right'))).toBe(true);
    }
    expect(scenes.some((s) => s.plates.length === 2)).toBe(true);
    expect(new Set(scenes.map((s) => s.name)).size).toBe(scenes.length);
    expect(scenes.map((s) => s.name)).toEqual(PLATE_SCENE_NAMES);
  });

  it('gives each plate as a convex clockwise quad inside the picture, on its car', () => {
    for (const s of scenes) {
      expect([s.width, s.height]).toEqual([1920, 1280]);
      expect([s.carMask.width, s.carMask.height, s.carMask.channels, s.carMask.data.length]).toEqual([1920, 1280, 1, 1920 * 1280]);
      for (const q of s.plates) {
        expect(isConvexClockwise(q)).toBe(true);
        for (const p of q) {
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(s.width);
          expect(p.y).toBeGreaterThan(0);
          expect(p.y).toBeLessThan(s.height);
        }
        const c = centre(q);
        expect(s.carMask.data[Math.floor(c.y) * s.width + Math.floor(c.x)]).toBe(255);
      }
    }
  });

  it('draws far plates 90 to 140 px wide, three-quarter plates as trapezoids, rolled plates leaning 2 to 6 degrees', () => {
    for (const s of scenes) {
      const q = s.plates[0];
      if (!q) continue;
      if (s.name.endsWith(' far')) {
        expect(across(q)).toBeGreaterThanOrEqual(90);
        expect(across(q)).toBeLessThanOrEqual(140);
      }
      if (/-(left|right)$/.test(s.view)) {
        const leftSide = Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y);
        const rightSide = Math.hypot(q[2].x - q[1].x, q[2].y - q[1].y);
        expect(Math.max(leftSide, rightSide) / Math.min(leftSide, rightSide)).toBeGreaterThan(1.03);
      }
      if (s.name.endsWith(' roll')) {
        const degrees = Math.abs((Math.atan2(q[1].y - q[0].y, q[1].x - q[0].x) * 180) / Math.PI);
        expect(degrees).toBeGreaterThanOrEqual(2);
        expect(degrees).toBeLessThanOrEqual(6);
      }
    }
  });

  it('draws a light plate where the truth says: brighter inside the quad than the holder around it', async () => {
    const s = scenes.find((x) => x.name === 'DK front')!;
    const { data } = await sharp(s.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const q = s.plates[0];
    const c = centre(q);
    const height = q[3].y - q[0].y;
    const grey = (x: number, y: number) => data[Math.round(y) * s.width + Math.round(x)];
    // between the letters' rows: the plate's white ground just under its top edge, the black holder just above it
    expect(grey(c.x, q[0].y + height * 0.06)).toBeGreaterThan(200);
    expect(grey(c.x, q[0].y - 4)).toBeLessThan(80);
  });

  it('is deterministic: one scene drawn again gives the same bytes', async () => {
    const again = await plateScene('DE front-left');
    const first = scenes.find((x) => x.name === 'DE front-left')!;
    expect(again.png.equals(first.png)).toBe(true);
    expect(again.carMask.data.equals(first.carMask.data)).toBe(true);
    expect(again.plates).toEqual(first.plates);
  });

  it('gives the truth in pixels of the picture drawn: half the size, half the coordinates', async () => {
    const half = await plateScene('HU rear-left', 960, 640);
    const full = scenes.find((x) => x.name === 'HU rear-left')!;
    expect([half.width, half.height, half.carMask.width]).toEqual([960, 640, 960]);
    const meta = await sharp(half.png).metadata();
    expect([meta.width, meta.height]).toEqual([960, 640]);
    half.plates[0].forEach((p, i) => {
      expect(p.x).toBeCloseTo(full.plates[0][i].x / 2, 6);
      expect(p.y).toBeCloseTo(full.plates[0][i].y / 2, 6);
    });
  });

  it('filters the cars with no plate and the plated ones', async () => {
    const free = await plateFreeScenes(480, 320);
    expect(free.length).toBeGreaterThanOrEqual(5);
    for (const s of free) {
      expect(s.plates).toEqual([]);
      expect(s.country).toBeNull();
      expect(s.carMask.data.some((v) => v === 255)).toBe(true);
    }
    const plated = await platedScenes(480, 320);
    expect(plated.length + free.length).toBe(PLATE_SCENE_NAMES.length);
    expect(plated.every((s) => s.plates.length > 0 && s.country !== null)).toBe(true);
  });
});

import {
  BODY_SAMPLE,
  hardSegmentationScenes,
  iou,
  kept,
  knownMask,
  regionMask,
  renderScene,
  segmentationScenes,
  tyreMask,
  windowMask,
  windowScenes,
} from '../../test/helpers/quality-scenes';
import { classicalMask } from './classical.segmenter';

/**
 * The classical segmenter against drawn scenes whose true mask is known (the car's own shapes
 * from the same drawing, without its shadow): at least 0.95 intersection over union on each,
 * with the parts it used to lose (black tyres, a black body, a white body on a white wall)
 * in the mask.
 */
const W = 512;
const H = 384;

describe('classical segmenter quality', () => {
  const scenes = segmentationScenes(W, H);

  it.each(scenes.map((s) => [s.name, s] as const))('%s: IoU with the known mask at least 0.95, tyres and body kept', async (_name, scene) => {
    const mask = classicalMask(await renderScene(scene, W, H));
    const truth = await knownMask(scene, W, H);
    expect(iou(mask, truth)).toBeGreaterThanOrEqual(0.95);
    expect(kept(mask, tyreMask(W, H))).toBeGreaterThan(0.97);
    expect(kept(mask, regionMask(W, H, BODY_SAMPLE))).toBeGreaterThan(0.99);
    // and the background stays out (the shadow, the floor between the wheels): at most 5% of
    // the car's area more than the car (the busy street's windows touching the roof are kept)
    const extra = mask.data.reduce((a, v, i) => a + (v >= 128 && truth.data[i] < 128 ? 1 : 0), 0);
    const area = truth.data.reduce((a, v) => a + (v >= 128 ? 1 : 0), 0);
    expect(extra / area).toBeLessThan(0.05);
  });

  it('the known masks are what a person would draw: the car alone, a fifth of the picture', async () => {
    for (const scene of scenes) {
      const truth = await knownMask(scene, W, H);
      const share = truth.data.reduce((a, v) => a + (v >= 128 ? 1 : 0), 0) / (W * H);
      expect(share).toBeGreaterThan(0.15);
      expect(share).toBeLessThan(0.3);
      expect(kept(truth, tyreMask(W, H))).toBe(1);
    }
  });
});

/**
 * The scenes beyond the classical segmenter (the benchmark measures both segmenters on them)
 * and the scenes with see-through glass: their known masks are the front car alone.
 */
describe('harder scenes: the known masks', () => {
  const byName = new Map([...hardSegmentationScenes(W, H), ...windowScenes(W, H)].map((s) => [s.name, s]));
  const truthOf = (name: string, windows?: 'opaque' | 'see-through') => knownMask(byName.get(name)!, W, H, windows);

  it.each([...byName.keys()])('%s: the car alone, a fifth of the picture, tyres included', async (name) => {
    const truth = await truthOf(name);
    const share = truth.data.reduce((a, v) => a + (v >= 128 ? 1 : 0), 0) / (W * H);
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.3);
    expect(kept(truth, tyreMask(W, H))).toBe(1);
  });

  it('leaves out the car parked behind, the shadows and the window bars in front of the car', async () => {
    // the yellow car's tail, beyond the front car's bumper
    expect(kept(await truthOf('second car behind'), regionMask(W, H, { left: 0.86, top: 0.4, width: 0.09, height: 0.12 }))).toBe(0);
    // the contact shadow just below the tyres, and the long shadow cast on the floor
    expect(kept(await truthOf('tyres in their shadow'), regionMask(W, H, { left: 0.2, top: 0.775, width: 0.6, height: 0.015 }))).toBe(0);
    expect(kept(await truthOf('hard shadow'), regionMask(W, H, { left: 0.5, top: 0.83, width: 0.3, height: 0.04 }))).toBe(0);
    // the mullion crossing the car's body
    expect(kept(await truthOf('through a showroom window'), regionMask(W, H, { left: 0.4, top: 0.45, width: 0.03, height: 0.2 }))).toBe(0);
  });

  it('with see-through glass the windows are not car; opaque, they are', async () => {
    for (const scene of windowScenes(W, H)) {
      expect(kept(await knownMask(scene, W, H), windowMask(W, H))).toBe(1);
      // (the white car's outline, a seal along the windows' lower edge, stays car)
      expect(kept(await knownMask(scene, W, H, 'see-through'), windowMask(W, H))).toBeLessThan(0.05);
    }
    // a scene with painted windows has one truth for both
    const studio = segmentationScenes(W, H)[0];
    expect(iou(await knownMask(studio, W, H, 'see-through'), await knownMask(studio, W, H))).toBe(1);
  });
});

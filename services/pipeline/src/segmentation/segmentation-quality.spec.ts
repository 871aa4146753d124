import { BODY_SAMPLE, iou, kept, knownMask, regionMask, renderScene, segmentationScenes, tyreMask } from '../../test/helpers/quality-scenes';
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

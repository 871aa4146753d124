import type { Raster } from '../imaging/raster';
import { segmentationMeasures } from '../../test/helpers/quality-scenes';

/**
 * The measures the benchmark prints for a segmenter against a known mask: intersection over
 * union, the share of the car lost, the background kept (as a share of the car's area) and the
 * width of the soft edge.
 */
const W = 200;
const H = 150;
/** the car: a 100 x 60 rectangle; its outline is 2 * 100 + 2 * 58 = 316 pixels */
const CAR = { left: 50, top: 40, width: 100, height: 60 };

function rect(dx = 0, dy = 0, value = 255): Raster {
  const data = Buffer.alloc(W * H);
  for (let y = CAR.top + dy; y < CAR.top + dy + CAR.height; y++) data.fill(value, y * W + CAR.left + dx, y * W + CAR.left + dx + CAR.width);
  return { data, width: W, height: H, channels: 1 };
}

/** A box blur of the given radius, horizontal then vertical. */
function blurred(m: Raster, r: number): Raster {
  const pass = (src: Buffer, step: number, along: number, across: number, stride: number) => {
    const out = Buffer.alloc(src.length);
    for (let a = 0; a < across; a++) {
      for (let i = 0; i < along; i++) {
        let sum = 0;
        for (let k = -r; k <= r; k++) sum += src[a * stride + Math.min(along - 1, Math.max(0, i + k)) * step];
        out[a * stride + i * step] = Math.round(sum / (2 * r + 1));
      }
    }
    return out;
  };
  const horizontal = pass(m.data, 1, W, H, W);
  return { ...m, data: pass(horizontal, W, H, W, 1) };
}

describe('segmentation measures', () => {
  const truth = rect();

  it('a perfect mask: IoU 1, nothing lost, nothing kept, no soft edge', () => {
    expect(segmentationMeasures(rect(), truth)).toEqual({ iou: 1, carLost: 0, backgroundKept: 0, edgeBand: 0 });
  });

  it.each([1, 3, 10])('a mask shifted by %i px: the strip it leaves is lost, the strip it covers kept', (n) => {
    const m = segmentationMeasures(rect(n), truth);
    expect(m.iou).toBeCloseTo((100 - n) / (100 + n), 10);
    expect(m.carLost).toBeCloseTo(n / 100, 10);
    expect(m.backgroundKept).toBeCloseTo(n / 100, 10);
    expect(m.edgeBand).toBe(0);
    // shifted down: strips of the width instead
    const down = segmentationMeasures(rect(0, n), truth);
    expect(down.carLost).toBeCloseTo(n / 60, 10);
    expect(down.iou).toBeCloseTo((60 - n) / (60 + n), 10);
  });

  it('an anti-aliased edge (one ring of half-covered pixels) is about one pixel wide', () => {
    const ring = rect(0, 0, 0);
    for (let y = CAR.top - 1; y <= CAR.top + CAR.height; y++) ring.data.fill(128, y * W + CAR.left - 1, y * W + CAR.left + CAR.width + 1);
    for (let i = 0; i < ring.data.length; i++) if (truth.data[i] === 255) ring.data[i] = 255;
    const m = segmentationMeasures(ring, truth);
    // 2 * 102 + 2 * 60 ring pixels over 316 outline pixels; and the half-covered ring counts as kept
    expect(m.edgeBand).toBeCloseTo(324 / 316, 10);
    expect(m.iou).toBeCloseTo(6000 / 6324, 10);
    expect(m.carLost).toBe(0);
  });

  it('a blurred mask has a band several pixels wide, its core still right', () => {
    const m = segmentationMeasures(blurred(truth, 4), truth);
    expect(m.edgeBand).toBeGreaterThan(3);
    expect(m.iou).toBeGreaterThan(0.95);
  });

  it('an empty mask loses the whole car', () => {
    expect(segmentationMeasures(rect(0, 0, 0), truth)).toEqual({ iou: 0, carLost: 1, backgroundKept: 0, edgeBand: 0 });
  });
});

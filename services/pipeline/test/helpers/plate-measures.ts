import { quadIoU, type Quad } from '../../src/plates/quad-geometry';

/** A found plate counts as the true one it overlaps by at least this much (intersection over union). */
export const PLATE_MATCH_IOU = 0.5;

export interface PlateScore {
  /** true plates found */
  found: number;
  /** true plates */
  truth: number;
  /** found plates that are no true plate */
  false: number;
  /** intersection over union of each true plate found with its match */
  ious: number[];
}

/** Matches found plates to true ones, best overlaps first, each at most once. */
export function scorePlates(found: readonly Quad[], truth: readonly Quad[]): PlateScore {
  const pairs: Array<{ f: number; t: number; iou: number }> = [];
  found.forEach((f, i) => truth.forEach((t, j) => pairs.push({ f: i, t: j, iou: quadIoU(f, t) })));
  pairs.sort((a, b) => b.iou - a.iou);
  const usedF = new Set<number>();
  const usedT = new Set<number>();
  const ious: number[] = [];
  for (const p of pairs) {
    if (p.iou < PLATE_MATCH_IOU || usedF.has(p.f) || usedT.has(p.t)) continue;
    usedF.add(p.f);
    usedT.add(p.t);
    ious.push(p.iou);
  }
  return { found: ious.length, truth: truth.length, false: found.length - usedF.size, ious };
}

/** The sum of several scenes' scores. */
export function addScores(scores: readonly PlateScore[]): PlateScore {
  return {
    found: scores.reduce((s, x) => s + x.found, 0),
    truth: scores.reduce((s, x) => s + x.truth, 0),
    false: scores.reduce((s, x) => s + x.false, 0),
    ious: scores.flatMap((x) => x.ious),
  };
}

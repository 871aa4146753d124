import type { WindowMode } from '@app/contracts';

/**
 * Operations on masks: binary ones (Uint8Array, 1 = set) for the classical segmenter, and the
 * cleaning of a network's soft mask (`refineNetworkMask`).
 */

/** The sizes of the 4-connected regions of set pixels: `label` per pixel (0 = unset), `sizes[label]`. */
export function regions(mask: Uint8Array, w: number, h: number): { label: Int32Array; sizes: number[] } {
  const label = new Int32Array(w * h);
  const queue = new Int32Array(w * h);
  const sizes = [0];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = id;
    while (head < tail) {
      const i = queue[head++];
      const x = i % w;
      if (x > 0 && mask[i - 1] && !label[i - 1]) (label[i - 1] = id), (queue[tail++] = i - 1);
      if (x < w - 1 && mask[i + 1] && !label[i + 1]) (label[i + 1] = id), (queue[tail++] = i + 1);
      if (i >= w && mask[i - w] && !label[i - w]) (label[i - w] = id), (queue[tail++] = i - w);
      if (i < w * (h - 1) && mask[i + w] && !label[i + w]) (label[i + w] = id), (queue[tail++] = i + w);
    }
    sizes.push(tail);
  }
  return { label, sizes };
}

/** Keeps only the largest 4-connected region of set pixels (the first of equals). */
export function keepLargestRegion(mask: Uint8Array, w: number, h: number): void {
  const { label, sizes } = regions(mask, w, h);
  let best = 0;
  for (let id = 1; id < sizes.length; id++) if (sizes[id] > sizes[best]) best = id;
  for (let i = 0; i < mask.length; i++) mask[i] = label[i] === best && best !== 0 ? 1 : 0;
}

/** Sets every unset pixel that cannot reach the border through unset pixels (holes). */
export function fillHoles(mask: Uint8Array, w: number, h: number): void {
  const outside = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let tail = 0;
  const seed = (i: number) => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    const x = i % w;
    if (x > 0) seed(i - 1);
    if (x < w - 1) seed(i + 1);
    if (i >= w) seed(i - w);
    if (i < w * (h - 1)) seed(i + w);
  }
  for (let i = 0; i < mask.length; i++) if (!outside[i]) mask[i] = 1;
}

/**
 * Binary erosion (`erode`) or dilation with a square of radius 1, `times` times. The square is
 * done as a row pass and a column pass; outside the picture counts as unset for erosion.
 */
export function morph(mask: Uint8Array, w: number, h: number, erode: boolean, times: number): Uint8Array {
  let src = mask;
  const tmp = new Uint8Array(w * h);
  for (let t = 0; t < times; t++) {
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let x = 0; x < w; x++) {
        const a = x > 0 ? src[row + x - 1] : erode ? 0 : src[row + x];
        const b = src[row + x];
        const c = x < w - 1 ? src[row + x + 1] : erode ? 0 : src[row + x];
        tmp[row + x] = erode ? a & b & c : a | b | c;
      }
    }
    for (let y = 0; y < h; y++) {
      const row = y * w;
      const up = y > 0 ? row - w : -1;
      const down = y < h - 1 ? row + w : -1;
      for (let x = 0; x < w; x++) {
        const a = up >= 0 ? tmp[up + x] : erode ? 0 : tmp[row + x];
        const b = tmp[row + x];
        const c = down >= 0 ? tmp[down + x] : erode ? 0 : tmp[row + x];
        out[row + x] = erode ? a & b & c : a | b | c;
      }
    }
    src = out;
  }
  return src;
}

/** a region smaller than this share of the largest is not part of the car (a tree, a sign, a second car's corner) */
const MIN_REGION_SHARE = 0.05;

/**
 * Cleans a network's soft mask (0..255, 255 = car) in place: keeps the car (the largest region
 * and any region at least 5 % of its size: a car cut in two by a pillar in front of it stays
 * whole) and drops the rest with its soft fringe; with `opaque` windows, fills the car's holes
 * (the glass, and rims a network may take for see-through), with `see-through` leaves them as
 * the network saw them. The soft edge of what is kept is not touched.
 */
export function refineNetworkMask(mask: { data: Buffer; width: number; height: number }, windows: WindowMode): void {
  const { width: w, height: h, data } = mask;
  const solid = new Uint8Array(w * h);
  for (let i = 0; i < solid.length; i++) solid[i] = data[i] >= 128 ? 1 : 0;
  const { label, sizes } = regions(solid, w, h);
  const largest = Math.max(0, ...sizes);
  if (largest === 0) return;
  const keep = sizes.map((size) => size >= largest * MIN_REGION_SHARE);
  const car = new Uint8Array(w * h);
  for (let i = 0; i < car.length; i++) car[i] = label[i] && keep[label[i]] ? 1 : 0;
  // the soft fringe belongs to the region it borders: within 2 pixels of a kept one
  const near = morph(car, w, h, false, 2);
  for (let i = 0; i < data.length; i++) if (!near[i]) data[i] = 0;
  if (windows === 'opaque') {
    // everything inside the car's outline, but its outer soft edge, is car
    const filled = car.slice();
    fillHoles(filled, w, h);
    const inside = morph(filled, w, h, true, 2);
    for (let i = 0; i < data.length; i++) if (inside[i]) data[i] = 255;
  }
}

import type { Raster } from '../imaging/raster';
import { fillHoles, keepLargestRegion, morph } from './mask-ops';
import type { Segmenter } from './segmenter';

/** Weight of brightness against colour: lighting changes (shade, vignetting) count for less. */
const LUMA_WEIGHT = 0.6;
/** Background colours found along the border (k-means). */
const CLUSTERS = 8;
/** Spread below which a background colour is treated as this spread (flat studio walls). */
const SIGMA_MIN = 5;
/** Within this many spreads of a border colour a pixel is background by colour alone. */
const SEED_SPREADS = 3;
/** A pixel reached through a smooth step from background may be up to this many spreads away. */
const LOOSE_SPREADS = 6;
/** Largest colour step between neighbours that background growth may cross. */
const MAX_STEP = 4;

/**
 * The built-in segmenter: no model, a few milliseconds on a 512-pixel picture.
 *
 * It learns the background's colours from a band along the picture's border (k-means, small
 * clusters ignored so that a car touching one edge does not teach it the car's colour), then
 * grows the background inwards from the border: a pixel joins when its colour is close to a
 * border colour, or close enough and reached through a smooth step (sky gradients, floor
 * shading). What the growth cannot reach is the car; the largest such region is kept and its
 * holes (windows showing the sky) are filled.
 *
 * It works for a car that stands out in colour or brightness from a background that touches
 * the picture's edges (studio walls, sky, a plain lot). It fails on a busy background (other
 * cars, buildings, trees touching the car), on a car of the background's colour (a grey car
 * on grey concrete, a white car against a white wall), and it keeps the car's own shadow and
 * anything standing in front of the car. It never leaves out glass: windows become car.
 */
export class ClassicalSegmenter implements Segmenter {
  readonly kind = 'classical' as const;

  async segment(image: Raster): Promise<Raster> {
    return classicalMask(image);
  }

  async close(): Promise<void> {}
}

export function classicalMask(img: Raster): Raster {
  const { width: w, height: h } = img;
  const n = w * h;
  const [c0, c1, c2] = smoothedColours(img);

  // border band samples
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.03));
  const samples: number[] = [];
  const step = Math.max(1, Math.floor((2 * (w + h) * band) / 6000));
  let k = 0;
  for (let y = 0; y < h; y++) {
    const inRowBand = y < band || y >= h - band;
    for (let x = 0; x < w; x++) {
      if (!inRowBand && x >= band && x < w - band) {
        x = w - band - 1;
        continue;
      }
      if (k++ % step === 0) samples.push(y * w + x);
    }
  }
  const clusters = kMeans(samples, c0, c1, c2);

  // distance of every pixel to the nearest background colour, in that colour's spreads
  const dist = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let best = Infinity;
    for (const c of clusters) {
      const d0 = c0[i] - c.m0;
      const d1 = c1[i] - c.m1;
      const d2 = c2[i] - c.m2;
      const d = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2) / c.sigma;
      if (d < best) best = d;
    }
    dist[i] = best;
  }

  // grow the background from the border
  const bg = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  const seedIfClose = (i: number) => {
    if (!bg[i] && dist[i] < SEED_SPREADS) {
      bg[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    seedIfClose(x);
    seedIfClose((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seedIfClose(y * w);
    seedIfClose(y * w + w - 1);
  }
  const visit = (from: number, i: number) => {
    if (bg[i]) return;
    const di = dist[i];
    if (di < SEED_SPREADS) {
      bg[i] = 1;
      queue[tail++] = i;
      return;
    }
    if (di >= LOOSE_SPREADS) return;
    const d0 = c0[i] - c0[from];
    const d1 = c1[i] - c1[from];
    const d2 = c2[i] - c2[from];
    if (d0 * d0 + d1 * d1 + d2 * d2 < MAX_STEP * MAX_STEP) {
      bg[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    const x = i % w;
    if (x > 0) visit(i, i - 1);
    if (x < w - 1) visit(i, i + 1);
    if (i >= w) visit(i, i - w);
    if (i < n - w) visit(i, i + w);
  }

  // the car: what the background did not reach, cleaned
  let fg: Uint8Array = new Uint8Array(n);
  for (let i = 0; i < n; i++) fg[i] = bg[i] ? 0 : 1;
  fg = morph(morph(fg, w, h, true, 1), w, h, false, 1);
  keepLargestRegion(fg, w, h);
  fillHoles(fg, w, h);

  const out = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) out[i] = fg[i] ? 255 : 0;
  return { data: out, width: w, height: h, channels: 1 };
}

/** Weighted Y, Cb, Cr planes after a 3x3 box blur (takes the sensor noise out). */
function smoothedColours(img: Raster): [Float32Array, Float32Array, Float32Array] {
  const { width: w, height: h, data } = img;
  const n = w * h;
  const y0 = new Float32Array(n);
  const y1 = new Float32Array(n);
  const y2 = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = data[j];
    const g = data[j + 1];
    const b = data[j + 2];
    y0[i] = (0.299 * r + 0.587 * g + 0.114 * b) * LUMA_WEIGHT;
    y1[i] = -0.1687 * r - 0.3313 * g + 0.5 * b;
    y2[i] = 0.5 * r - 0.4187 * g - 0.0813 * b;
  }
  return [boxBlur(y0, w, h), boxBlur(y1, w, h), boxBlur(y2, w, h)];
}

function boxBlur(src: Float32Array, w: number, h: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const a = src[row + Math.max(0, x - 1)];
      const b = src[row + x];
      const c = src[row + Math.min(w - 1, x + 1)];
      tmp[row + x] = (a + b + c) / 3;
    }
  }
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const row = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) out[row + x] = (tmp[up + x] + tmp[row + x] + tmp[down + x]) / 3;
  }
  return out;
}

interface Cluster {
  m0: number;
  m1: number;
  m2: number;
  sigma: number;
}

function kMeans(samples: number[], c0: Float32Array, c1: Float32Array, c2: Float32Array): Cluster[] {
  const k = Math.min(CLUSTERS, samples.length);
  // spread initial centres along the border
  const centres = Array.from({ length: k }, (_, j) => {
    const i = samples[Math.floor((j * samples.length) / k)];
    return { m0: c0[i], m1: c1[i], m2: c2[i] };
  });
  const assign = new Int32Array(samples.length);
  for (let iter = 0; iter < 8; iter++) {
    const sums = centres.map(() => ({ s0: 0, s1: 0, s2: 0, n: 0 }));
    samples.forEach((i, s) => {
      let best = 0;
      let bestD = Infinity;
      for (let j = 0; j < k; j++) {
        const d0 = c0[i] - centres[j].m0;
        const d1 = c1[i] - centres[j].m1;
        const d2 = c2[i] - centres[j].m2;
        const d = d0 * d0 + d1 * d1 + d2 * d2;
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      assign[s] = best;
      sums[best].s0 += c0[i];
      sums[best].s1 += c1[i];
      sums[best].s2 += c2[i];
      sums[best].n++;
    });
    sums.forEach((t, j) => {
      if (t.n > 0) centres[j] = { m0: t.s0 / t.n, m1: t.s1 / t.n, m2: t.s2 / t.n };
    });
  }
  const spread = centres.map(() => ({ sq: 0, n: 0 }));
  samples.forEach((i, s) => {
    const c = centres[assign[s]];
    const d0 = c0[i] - c.m0;
    const d1 = c1[i] - c.m1;
    const d2 = c2[i] - c.m2;
    spread[assign[s]].sq += d0 * d0 + d1 * d1 + d2 * d2;
    spread[assign[s]].n++;
  });
  // a colour seen on less than 3% of the border is not background (a car touching an edge)
  const minCount = samples.length * 0.03;
  return centres
    .map((c, j) => ({ ...c, sigma: Math.max(SIGMA_MIN, Math.sqrt(spread[j].sq / Math.max(1, spread[j].n))), n: spread[j].n }))
    .filter((c) => c.n >= minCount)
    .map(({ m0, m1, m2, sigma }) => ({ m0, m1, m2, sigma }));
}

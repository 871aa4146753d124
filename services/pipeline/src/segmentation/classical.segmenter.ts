import type { Raster } from '../imaging/raster';
import { fillHoles, keepLargestRegion, morph } from './mask-ops';
import type { Segmenter } from './segmenter';

/** Weight of brightness against colour: lighting changes (shade, vignetting) count for less. */
const LUMA_WEIGHT = 0.6;
/** Background colours found along the border (k-means). */
const CLUSTERS = 12;
/** Spread below which a background colour is treated as this spread (flat studio walls), and above which as this one (a cluster of mixed colours). */
const SIGMA_MIN = 5;
const SIGMA_MAX = 8;
/** Within this many spreads of a border colour a pixel is background by colour alone. */
const SEED_SPREADS = 3;
/** Largest colour step between neighbours that background growth may cross to a colour not seen on the border. */
const MAX_STEP = 4;
/**
 * Colour gradient (per pixel, on the smoothed picture) from which a pixel is an edge: the
 * background never grows onto an edge, whatever its colour. The car's outline stops it even
 * where the car has the background's colour (a white car against a white wall); soft shadows,
 * sky and floor shading stay well below. A noisy picture raises it: an edge is at least
 * `EDGE_NOISE` times the typical gradient along the border (its noise and fine texture).
 */
const EDGE_MIN = 3;
const EDGE_NOISE = 3;
/**
 * A colour this many times more frequent in the background than in the car's region, found
 * in that region and connected to the background, is background the growth could not reach
 * (a striped street seen under the car, between stripes it may not cross).
 */
const BACKGROUND_ODDS = 3;

/**
 * The built-in segmenter: no model, a few tens of milliseconds on a 512-pixel picture.
 *
 * It learns the background's colours from a band along the picture's border (k-means, small
 * clusters ignored so that a car touching one edge does not teach it the car's colour), then
 * grows the background inwards from the border: a pixel joins when its colour is close to a
 * border colour, or close enough and reached through a smooth step (sky gradients, floor
 * shading, a soft shadow), and never when it lies on an edge (a sharp change of colour: the
 * car's outline). What the growth cannot reach is the car; its largest region is kept. Then
 * the colours of the two are compared: parts of that region whose colour is much more common
 * in the background and which touch it (a patterned background seen between the wheels) go
 * to the background. Last, the car's holes (windows showing the sky) are filled.
 *
 * It works for a car with an outline against a background whose colours reach the picture's
 * edges (studio walls and floors, sky, a plain lot, a street of buildings running out of the
 * frame), whatever the car's colour: black cars and tyres, a white car on a white wall. It
 * fails on background objects whose colours appear nowhere along the edges and that touch the
 * car (another car parked behind it), on a car cut by the frame on several sides, on hard
 * dark shadows (kept with the car) and on anything standing in front of the car. It never
 * leaves out glass: windows become car.
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
  const grad = gradient(c0, c1, c2, w, h);

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
  const EDGE = Math.max(EDGE_MIN, EDGE_NOISE * medianAt(grad, samples));

  // distance of every pixel to the nearest background colour, in that colour's spreads
  const dist = new Float32Array(n);
  const m0 = Float32Array.from(clusters, (c) => c.m0);
  const m1 = Float32Array.from(clusters, (c) => c.m1);
  const m2 = Float32Array.from(clusters, (c) => c.m2);
  const inv = Float32Array.from(clusters, (c) => 1 / (c.sigma * c.sigma));
  const nc = clusters.length;
  for (let i = 0; i < n; i++) {
    let best = Infinity;
    const v0 = c0[i];
    const v1 = c1[i];
    const v2 = c2[i];
    for (let c = 0; c < nc; c++) {
      const d0 = v0 - m0[c];
      const d1 = v1 - m1[c];
      const d2 = v2 - m2[c];
      const d = (d0 * d0 + d1 * d1 + d2 * d2) * inv[c];
      if (d < best) best = d;
    }
    dist[i] = Math.sqrt(best);
  }

  // grow the background from the border, never onto an edge
  const bg = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  const seedIfClose = (i: number) => {
    if (!bg[i] && dist[i] < SEED_SPREADS && grad[i] < EDGE) {
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
  spread(bg, queue, tail, w, (from, i) => {
    if (grad[i] >= EDGE) return false;
    if (dist[i] < SEED_SPREADS) return true;
    const d0 = c0[i] - c0[from];
    const d1 = c1[i] - c1[from];
    const d2 = c2[i] - c2[from];
    return d0 * d0 + d1 * d1 + d2 * d2 < MAX_STEP * MAX_STEP;
  });

  // the car: the largest region the background did not reach, cleaned
  let fg: Uint8Array = new Uint8Array(n);
  for (let i = 0; i < n; i++) fg[i] = bg[i] ? 0 : 1;
  fg = morph(morph(fg, w, h, true, 1), w, h, false, 1);
  keepLargestRegion(fg, w, h);

  // background colours inside it, connected to the background
  const bins = colourBins(c0, c1, c2);
  const inBg = new Float64Array(4096);
  const inFg = new Float64Array(4096);
  let nBg = 0;
  let nFg = 0;
  for (let i = 0; i < n; i++) {
    if (fg[i]) (inFg[bins[i]]++, nFg++);
    else if (bg[i]) (inBg[bins[i]]++, nBg++);
  }
  if (nFg > 0 && nBg > 0) {
    const backgroundish = new Uint8Array(4096);
    for (let b = 0; b < 4096; b++) backgroundish[b] = inBg[b] / nBg > (BACKGROUND_ODDS * inFg[b]) / nFg ? 1 : 0;
    const out = new Uint8Array(n);
    tail = 0;
    for (let i = 0; i < n; i++) {
      if (!fg[i]) {
        out[i] = 1;
        queue[tail++] = i;
      }
    }
    // into the region: background-coloured pixels, and edges between background colours only
    // (every smooth pixel two steps away is background or of its colours: stripes, not the car's outline)
    const plain = (j: number) => j < 0 || j >= n || !fg[j] || grad[j] >= EDGE || backgroundish[bins[j]] === 1;
    spread(out, queue, tail, w, (_from, i) =>
      backgroundish[bins[i]] === 1 ||
      (grad[i] >= EDGE && dist[i] < SEED_SPREADS && plain(i - 2) && plain(i + 2) && plain(i - 2 * w) && plain(i + 2 * w)),
    );
    for (let i = 0; i < n; i++) if (out[i]) fg[i] = 0;
    fg = morph(morph(fg, w, h, true, 1), w, h, false, 1);
    keepLargestRegion(fg, w, h);
  }
  fillHoles(fg, w, h);

  const out = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) out[i] = fg[i] ? 255 : 0;
  return { data: out, width: w, height: h, channels: 1 };
}

/**
 * Breadth-first spread over 4-neighbours from the `tail` pixels queued (already set in
 * `set`): a neighbour not yet set joins when `accept(from, it)` says so.
 */
function spread(set: Uint8Array, queue: Int32Array, tail: number, w: number, accept: (from: number, i: number) => boolean): void {
  const n = set.length;
  const visit = (from: number, i: number) => {
    if (!set[i] && accept(from, i)) {
      set[i] = 1;
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
}

/** The median of `values` at the given pixels. */
function medianAt(values: Float32Array, at: number[]): number {
  if (at.length === 0) return 0;
  const v = Float32Array.from(at, (i) => values[i]).sort();
  return v[v.length >> 1];
}

/** Colour gradient magnitude per pixel: central differences of the smoothed planes. */
function gradient(c0: Float32Array, c1: Float32Array, c2: Float32Array, w: number, h: number): Float32Array {
  const g = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a0 = c0[i + 1] - c0[i - 1];
      const a1 = c1[i + 1] - c1[i - 1];
      const a2 = c2[i + 1] - c2[i - 1];
      const b0 = c0[i + w] - c0[i - w];
      const b1 = c1[i + w] - c1[i - w];
      const b2 = c2[i + w] - c2[i - w];
      g[i] = 0.5 * Math.sqrt(a0 * a0 + a1 * a1 + a2 * a2 + b0 * b0 + b1 * b1 + b2 * b2);
    }
  }
  return g;
}

/** A colour bin (16 x 16 x 16 over the smoothed planes) per pixel. */
function colourBins(c0: Float32Array, c1: Float32Array, c2: Float32Array): Uint16Array {
  const bins = new Uint16Array(c0.length);
  const q = (v: number, lo: number, span: number) => Math.min(15, Math.max(0, ((v - lo) * 16) / span) | 0);
  for (let i = 0; i < bins.length; i++) bins[i] = (q(c0[i], 0, 255 * LUMA_WEIGHT) << 8) | (q(c1[i], -128, 256) << 4) | q(c2[i], -128, 256);
  return bins;
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
    .map((c, j) => ({ ...c, sigma: Math.min(SIGMA_MAX, Math.max(SIGMA_MIN, Math.sqrt(spread[j].sq / Math.max(1, spread[j].n)))), n: spread[j].n }))
    .filter((c) => c.n >= minCount)
    .map(({ m0, m1, m2, sigma }) => ({ m0, m1, m2, sigma }));
}

import type { Raster, Rect, Rgb } from './raster';

/**
 * Pixel work done in plain loops over raw buffers: compositing, tone, colour and analysis.
 * At output size (a few megapixels) one pass costs a few milliseconds, less than a round
 * trip through libvips, and these functions stay pure and testable.
 */

const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

/** `dst = fg * a + dst * (1 - a)` per pixel, with `alpha` a 1-channel mask of the same size. */
export function blendWithMask(dst: Raster, fg: Raster, alpha: Raster): void {
  const d = dst.data;
  const f = fg.data;
  const a = alpha.data;
  const n = dst.width * dst.height;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const k = a[i];
    if (k === 0) continue;
    if (k === 255) {
      d[j] = f[j];
      d[j + 1] = f[j + 1];
      d[j + 2] = f[j + 2];
      continue;
    }
    const q = 255 - k;
    d[j] = (f[j] * k + d[j] * q + 127) / 255;
    d[j + 1] = (f[j + 1] * k + d[j + 1] * q + 127) / 255;
    d[j + 2] = (f[j + 2] * k + d[j + 2] * q + 127) / 255;
  }
}

/** Lays an RGBA picture (a logo, an overlay) over an RGB one at `left`, `top`, clipped to it. */
export function overlayRgba(dst: Raster, src: Raster, left: number, top: number): void {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(dst.width, left + src.width);
  const y1 = Math.min(dst.height, top + src.height);
  const d = dst.data;
  const s = src.data;
  for (let y = y0; y < y1; y++) {
    let j = (y * dst.width + x0) * 3;
    let i = ((y - top) * src.width + (x0 - left)) * 4;
    for (let x = x0; x < x1; x++, j += 3, i += 4) {
      const k = s[i + 3];
      if (k === 0) continue;
      const q = 255 - k;
      d[j] = (s[i] * k + d[j] * q + 127) / 255;
      d[j + 1] = (s[i + 1] * k + d[j + 1] * q + 127) / 255;
      d[j + 2] = (s[i + 2] * k + d[j + 2] * q + 127) / 255;
    }
  }
}

/** Copies an RGB picture into another at `left`, `top` (the floor under the horizon line). */
export function pasteRgb(dst: Raster, src: Raster, left: number, top: number): void {
  const x0 = Math.max(0, left);
  const x1 = Math.min(dst.width, left + src.width);
  if (x1 <= x0) return;
  for (let y = Math.max(0, top); y < Math.min(dst.height, top + src.height); y++) {
    const from = ((y - top) * src.width + (x0 - left)) * 3;
    src.data.copy(dst.data, (y * dst.width + x0) * 3, from, from + (x1 - x0) * 3);
  }
}

/**
 * A soft contact shadow: an elliptical Gaussian darkening centred at (`cx`, `cy`) with radii
 * `rx`, `ry`, at most `opacity` dark in the middle.
 */
export function darkenEllipse(dst: Raster, cx: number, cy: number, rx: number, ry: number, opacity: number): void {
  const x0 = Math.max(0, Math.floor(cx - rx * 1.6));
  const x1 = Math.min(dst.width, Math.ceil(cx + rx * 1.6));
  const y0 = Math.max(0, Math.floor(cy - ry * 2.5));
  const y1 = Math.min(dst.height, Math.ceil(cy + ry * 2.5));
  const d = dst.data;
  for (let y = y0; y < y1; y++) {
    const dy = (y - cy) / ry;
    for (let x = x0; x < x1; x++) {
      const dx = (x - cx) / rx;
      const e = dx * dx + dy * dy;
      if (e > 6) continue;
      const keep = 1 - opacity * Math.exp(-1.5 * e);
      const j = (y * dst.width + x) * 3;
      d[j] = d[j] * keep;
      d[j + 1] = d[j + 1] * keep;
      d[j + 2] = d[j + 2] * keep;
    }
  }
}

/** The bounding box of mask values at or above `threshold`, or null when there are none. */
export function maskBounds(mask: Raster, threshold = 128): Rect | null {
  const { width: w, height: h, data } = mask;
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (data[row + x] >= threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Share of mask values at or above `threshold`. */
export function maskCoverage(mask: Raster, threshold = 128): number {
  let n = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i] >= threshold) n++;
  return n / mask.data.length;
}

const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * Black and white points for auto levels: the luma values below which `clip` of the pixels
 * lie, and above which `clip` lie, counting only pixels where `mask` >= 128 when given.
 */
export function lumaLevels(r: Raster, mask: Raster | null, clip = 0.005): { low: number; high: number } {
  const hist = new Uint32Array(256);
  const d = r.data;
  const n = r.width * r.height;
  let count = 0;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    if (mask && mask.data[i] < 128) continue;
    hist[(luma(d[j], d[j + 1], d[j + 2]) + 0.5) | 0]++;
    count++;
  }
  if (count === 0) return { low: 0, high: 255 };
  const cut = count * clip;
  let low = 0;
  for (let acc = 0; low < 255 && acc + hist[low] <= cut; low++) acc += hist[low];
  let high = 255;
  for (let acc = 0; high > 0 && acc + hist[high] <= cut; high--) acc += hist[high];
  if (high <= low) return { low: 0, high: 255 };
  return { low, high };
}

export interface ToneSettings {
  /** input black and white points (luma), stretched towards 0 and 255 (gain limited by `maxGain`) */
  low: number;
  high: number;
  maxGain: number;
  /**
   * levels this close to 0 and 255 count as reached: a well-exposed photo without pure black
   * or white (a studio shot, an overcast day) is not stretched, and a dark one is stretched by
   * this much less than all the way
   */
  slack: number;
  /** S-curve strength around mid grey: 0 = none */
  contrast: number;
  /** colour (chroma) gain on top of the levels' own: 1 = the chroma follows the luma gain */
  saturation: number;
}

/**
 * The luma curve of `applyTone`: levels from `low`..`high` with the gain capped, then the
 * S-curve. When the gain is capped, the output range keeps the input's place: the room left
 * is shared below and above in the proportion the input had (an under-exposed picture
 * brightens from black, a flat one spreads around where it was). Answers the 256-entry table
 * and the gain used.
 */
export function toneCurve(t: ToneSettings): { lut: Float32Array; gain: number } {
  const low = Math.max(0, t.low - t.slack);
  const high = Math.min(255, t.high + t.slack);
  const span = Math.max(1, high - low);
  const gain = Math.max(1, Math.min(t.maxGain, 255 / span));
  const room = 255 - span * gain;
  const below = 255 - span > 0 ? (low / (255 - span)) * room : 0;
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const u = clamp255(below + (v - low) * gain) / 255;
    // smooth S-curve blended by `contrast`
    const s = u * u * (3 - 2 * u);
    lut[v] = clamp255((u + (s - u) * t.contrast) * 255);
  }
  return { lut, gain };
}

/**
 * Levels, contrast and colour on luminance, in one pass, keeping each pixel's hue:
 * 1. the luma (Rec. 601) goes through `toneCurve`, and the pixel's three channels are scaled
 *    by the same factor (the same light, more or less of it: the hue and the channels'
 *    proportions stay). Where the largest channel would pass 255 the factor stops there, so a
 *    saturated colour is brightened less rather than clipped into another hue;
 * 2. the colour the levels took back is given back: the difference from grey grows by what
 *    the levels' gain gave beyond the scaling (a flat, greyed photo gets its colour back; an
 *    under-exposed one already has it from the scaling; a well-exposed one is left as it
 *    is), times `saturation`, and never so far that a channel leaves 0..255.
 * A well-exposed picture (levels already near 0 and 255) keeps its colours.
 */
export function applyTone(r: Raster, t: ToneSettings): void {
  const { lut, gain } = toneCurve(t);
  const d = r.data;
  for (let j = 0; j < d.length; j += 3) {
    const R = d[j];
    const G = d[j + 1];
    const B = d[j + 2];
    const y = luma(R, G, B);
    const i = y | 0;
    const y2 = i >= 255 ? lut[255] : lut[i] + (lut[i + 1] - lut[i]) * (y - i);
    if (y < 0.5) {
      d[j] = d[j + 1] = d[j + 2] = clamp255(y2 + 0.5);
      continue;
    }
    let m = y2 / y;
    const top = R > G ? (R > B ? R : B) : G > B ? G : B;
    if (top * m > 255) m = 255 / top;
    const y1 = y * m;
    const dr = R * m - y1;
    const dg = G * m - y1;
    const db = B * m - y1;
    let k = (gain > m ? gain / Math.max(1, m) : 1) * t.saturation;
    // the largest colour gain that keeps every channel within 0..255
    if (dr > 0) k = Math.min(k, (255 - y1) / dr);
    else if (dr < 0) k = Math.min(k, y1 / -dr);
    if (dg > 0) k = Math.min(k, (255 - y1) / dg);
    else if (dg < 0) k = Math.min(k, y1 / -dg);
    if (db > 0) k = Math.min(k, (255 - y1) / db);
    else if (db < 0) k = Math.min(k, y1 / -db);
    d[j] = clamp255(y1 + dr * k + 0.5);
    d[j + 1] = clamp255(y1 + dg * k + 0.5);
    d[j + 2] = clamp255(y1 + db * k + 0.5);
  }
}

/**
 * Yellow-light fix: neutralises a warm cast (grey-world white balance, gains limited to
 * 0.75-1.35) and then takes some saturation out of the yellows and oranges that indoor
 * lamps leave. A picture without a warm cast keeps its balance; only yellows are muted.
 */
export function fixYellowLight(r: Raster): void {
  const d = r.data;
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  for (let j = 0; j < d.length; j += 3) {
    const R = d[j];
    const G = d[j + 1];
    const B = d[j + 2];
    const y = luma(R, G, B);
    // ignore clipped and near-black pixels: they say little about the light's colour
    if (y < 20 || y > 245) continue;
    sr += R;
    sg += G;
    sb += B;
    n++;
  }
  let gr = 1;
  let gg = 1;
  let gb = 1;
  if (n > 0) {
    const mr = sr / n;
    const mg = sg / n;
    const mb = sb / n;
    const grey = (mr + mg + mb) / 3;
    if (mb < ((mr + mg) / 2) * 0.97) {
      const lim = (g: number) => Math.min(1.35, Math.max(0.75, g));
      gr = lim(grey / Math.max(1, mr));
      gg = lim(grey / Math.max(1, mg));
      gb = lim(grey / Math.max(1, mb));
    }
  }
  for (let j = 0; j < d.length; j += 3) {
    const R = d[j] * gr;
    const G = d[j + 1] * gg;
    const B = d[j + 2] * gb;
    const mx = Math.max(R, G, B);
    const mn = Math.min(R, G, B);
    let outR = R;
    let outG = G;
    let outB = B;
    // yellow-orange: blue is the smallest and red and green are both well above it
    if (mx - mn > 12 && B === mn && G > B + (R - B) * 0.45) {
      const y = luma(R, G, B);
      const k = 0.5;
      outR = y + (R - y) * k;
      outG = y + (G - y) * k;
      outB = y + (B - y) * k;
    }
    d[j] = clamp255(outR + 0.5);
    d[j + 1] = clamp255(outG + 0.5);
    d[j + 2] = clamp255(outB + 0.5);
  }
}

/** Mean colour of a rectangle of an RGB raster (analysis and tests). */
export function meanColour(r: Raster, rect: Rect): Rgb {
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  const x0 = Math.max(0, Math.floor(rect.left));
  const y0 = Math.max(0, Math.floor(rect.top));
  const x1 = Math.min(r.width, Math.ceil(rect.left + rect.width));
  const y1 = Math.min(r.height, Math.ceil(rect.top + rect.height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const j = (y * r.width + x) * r.channels;
      sr += r.data[j];
      sg += r.data[j + 1];
      sb += r.data[j + 2];
      n++;
    }
  }
  return n ? { r: sr / n, g: sg / n, b: sb / n } : { r: 0, g: 0, b: 0 };
}

/** Grey (luma) copy of an RGB raster. */
export function toGrey(r: Raster): Raster {
  const out = Buffer.allocUnsafe(r.width * r.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = luma(r.data[j], r.data[j + 1], r.data[j + 2]);
  return { data: out, width: r.width, height: r.height, channels: 1 };
}

/**
 * How far the picture's dominant near-horizontal lines (horizon, floor edge, sills) lean, in
 * degrees, positive when they fall to the right (clockwise). Strong edges vote for their
 * angle (Sobel gradients) within +-`maxDegrees`; returns 0 when no angle wins clearly.
 */
export function estimateTilt(grey: Raster, maxDegrees = 10): number {
  const { width: w, height: h, data } = grey;
  const binsPerDegree = 4;
  const nb = maxDegrees * 2 * binsPerDegree + 1;
  const votes = new Float64Array(nb);
  const tanMax = Math.tan((maxDegrees * Math.PI) / 180);
  let total = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx =
        data[i - w + 1] + 2 * data[i + 1] + data[i + w + 1] - data[i - w - 1] - 2 * data[i - 1] - data[i + w - 1];
      const gy =
        data[i + w - 1] + 2 * data[i + w] + data[i + w + 1] - data[i - w - 1] - 2 * data[i - w] - data[i - w + 1];
      const mag = Math.abs(gx) + Math.abs(gy);
      if (mag < 80) continue;
      total += mag;
      if (gy === 0) continue;
      // the edge runs across the gradient: its slope is -gx/gy
      const slope = -gx / gy;
      if (Math.abs(slope) > tanMax) continue;
      const deg = (Math.atan(slope) * 180) / Math.PI;
      votes[Math.round((deg + maxDegrees) * binsPerDegree)] += mag;
    }
  }
  if (total === 0) return 0;
  let best = 0;
  let bestScore = 0;
  for (let b = 0; b < nb; b++) {
    const score = (votes[b - 1] ?? 0) * 0.5 + votes[b] + (votes[b + 1] ?? 0) * 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = b;
    }
  }
  // a clear winner: a real share of all edge strength lies on one angle
  if (bestScore < total * 0.08) return 0;
  // centre of mass of the peak for sub-bin precision
  let s = 0;
  let m = 0;
  for (let b = Math.max(0, best - 2); b <= Math.min(nb - 1, best + 2); b++) {
    s += votes[b];
    m += votes[b] * b;
  }
  return m / s / binsPerDegree - maxDegrees;
}

/** Maps mask values `low`..`high` to 0..255 (below: 0, above: 255): a tighter, still soft edge. */
export function tightenAlpha(alpha: Raster, low: number, high: number): void {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = clamp255(((v - low) * 255) / (high - low) + 0.5);
  const d = alpha.data;
  for (let i = 0; i < d.length; i++) d[i] = lut[d[i]];
}

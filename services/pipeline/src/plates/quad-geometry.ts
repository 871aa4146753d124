/**
 * Plane geometry of number plates: a plate on a photo is a quadrilateral (a rectangle seen
 * in perspective), given by its four corners clockwise from the top-left as the plate reads.
 * A homography maps the unit square onto it, which is how a cover or a logo is laid on the
 * plate in perspective and how the plate's pixels are found.
 */

export interface Point {
  x: number;
  y: number;
}

/** Four corners: top-left, top-right, bottom-right, bottom-left (as the plate reads). */
export type Quad = [Point, Point, Point, Point];

/** A 3 x 3 projective transform, row-major. */
export type Homography = [number, number, number, number, number, number, number, number, number];

/**
 * The homography taking the unit square's (0,0), (1,0), (1,1), (0,1) to the quad's corners
 * (Heckbert's closed form: an affine map when the quad is a parallelogram).
 */
export function squareToQuad(q: Quad): Homography {
  const [p0, p1, p2, p3] = q;
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  let g = 0;
  let h = 0;
  if (Math.abs(sx) > 1e-12 || Math.abs(sy) > 1e-12) {
    const den = dx1 * dy2 - dx2 * dy1;
    g = (sx * dy2 - dx2 * sy) / den;
    h = (dx1 * sy - sx * dy1) / den;
  }
  return [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1];
}

/** The inverse transform (adjugate; the scale does not matter for a homography). */
export function invert(m: Homography): Homography {
  const [a, b, c, d, e, f, g, h, i] = m;
  return [e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f, d * h - e * g, b * g - a * h, a * e - b * d];
}

export function apply(m: Homography, x: number, y: number): Point {
  const w = m[6] * x + m[7] * y + m[8];
  return { x: (m[0] * x + m[1] * y + m[2]) / w, y: (m[3] * x + m[4] * y + m[5]) / w };
}

/** The transform taking picture pixels to the plate's own square (0..1 along and across it). */
export function quadToSquare(q: Quad): Homography {
  return invert(squareToQuad(q));
}

/** Signed area (shoelace); positive when the corners run clockwise in picture coordinates (y down). */
export function signedArea(pts: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    s += a.x * b.y - b.x * a.y;
  }
  return s / 2;
}

export function quadBounds(q: readonly Point[]): { left: number; top: number; right: number; bottom: number } {
  const xs = q.map((p) => p.x);
  const ys = q.map((p) => p.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** True when the quad is convex with its corners clockwise (a plate seen from the front, at any angle). */
export function isConvexClockwise(q: Quad): boolean {
  for (let i = 0; i < 4; i++) {
    const a = q[i];
    const b = q[(i + 1) % 4];
    const c = q[(i + 2) % 4];
    if ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) <= 0) return false;
  }
  return true;
}

/** True when the point lies inside a convex clockwise polygon. */
export function insideConvex(pts: readonly Point[], x: number, y: number): boolean {
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    if ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0) return false;
  }
  return true;
}

/**
 * The same four corners in reading order: top-left, top-right, bottom-right, bottom-left,
 * for a plate tilted less than 45 degrees (the two upper corners are the top edge).
 */
export function orderCorners(pts: readonly Point[]): Quad {
  const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  const sorted = [...pts].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  // atan2 order runs clockwise on screen from the left (-pi); the top-left has the smallest x + y
  let start = 0;
  for (let i = 1; i < 4; i++) if (sorted[i].x + sorted[i].y < sorted[start].x + sorted[start].y) start = i;
  return [0, 1, 2, 3].map((k) => sorted[(start + k) % 4]) as Quad;
}

/**
 * Intersection over union of two convex quads, by sampling a grid over both (`step` pixels;
 * 0.25 px is exact enough for plates of a few dozen pixels and up).
 */
export function quadIoU(a: Quad, b: Quad, samples = 200): number {
  const ba = quadBounds(a);
  const bb = quadBounds(b);
  const left = Math.min(ba.left, bb.left);
  const top = Math.min(ba.top, bb.top);
  const right = Math.max(ba.right, bb.right);
  const bottom = Math.max(ba.bottom, bb.bottom);
  const step = Math.max(right - left, bottom - top) / samples;
  if (!(step > 0)) return 0;
  let both = 0;
  let either = 0;
  for (let y = top + step / 2; y < bottom; y += step) {
    for (let x = left + step / 2; x < right; x += step) {
      const ia = insideConvex(a, x, y);
      const ib = insideConvex(b, x, y);
      if (ia && ib) both++;
      if (ia || ib) either++;
    }
  }
  return either ? both / either : 0;
}

/** Scales a quad's corners (pixels of one picture to another, or shares to pixels). */
export function scaleQuad(q: Quad, sx: number, sy: number): Quad {
  return q.map((p) => ({ x: p.x * sx, y: p.y * sy })) as Quad;
}

/**
 * Where a point of the picture (as shares of its width and height) lands once the picture is
 * straightened (ImageRenderer.straighten: turned `degrees` clockwise about its centre, the
 * largest upright rectangle of the same shape kept and scaled back); `inverse` maps back.
 * `aspect` is the picture's width over its height.
 */
export function straightenedPoint(p: Point, degrees: number, aspect: number, inverse = false): Point {
  if (Math.abs(degrees) < 0.05) return p;
  const t = (degrees * Math.PI) / 180;
  const a = Math.abs(t);
  const w = aspect;
  const h = 1;
  const k = Math.min(w / (w * Math.cos(a) + h * Math.sin(a)), h / (w * Math.sin(a) + h * Math.cos(a)));
  if (!inverse) {
    const x = (p.x - 0.5) * w;
    const y = (p.y - 0.5) * h;
    const xr = x * Math.cos(t) - y * Math.sin(t);
    const yr = x * Math.sin(t) + y * Math.cos(t);
    return { x: 0.5 + xr / k / w, y: 0.5 + yr / k / h };
  }
  const xr = (p.x - 0.5) * w * k;
  const yr = (p.y - 0.5) * h * k;
  const x = xr * Math.cos(t) + yr * Math.sin(t);
  const y = -xr * Math.sin(t) + yr * Math.cos(t);
  return { x: 0.5 + x / w, y: 0.5 + y / h };
}

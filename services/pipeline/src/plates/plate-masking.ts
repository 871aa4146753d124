import type { Raster, Rgb } from '../imaging/raster';
import { apply, quadBounds, quadToSquare, type Quad } from './quad-geometry';

/** Sub-samples per pixel side for the plate's anti-aliased edge (4 x 4 on the edge pixels only). */
const EDGE_SAMPLES = 4;

/**
 * Paints over a quad of `dst` (RGB), pixel by pixel with anti-aliased edges: `paint` gives
 * the colour for a pixel at (x, y) whose position on the plate is (s, t) in 0..1 (s along
 * the plate, t down it) and its own opacity (0..1, 1 for an opaque cover).
 */
export function paintQuad(dst: Raster, quad: Quad, paint: (x: number, y: number, s: number, t: number) => { r: number; g: number; b: number; a: number }): void {
  const toPlate = quadToSquare(quad);
  const b = quadBounds(quad);
  const x0 = Math.max(0, Math.floor(b.left));
  const y0 = Math.max(0, Math.floor(b.top));
  const x1 = Math.min(dst.width - 1, Math.ceil(b.right));
  const y1 = Math.min(dst.height - 1, Math.ceil(b.bottom));
  const c = dst.channels;
  const inPlate = (x: number, y: number) => {
    const p = apply(toPlate, x, y);
    return p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1 ? p : null;
  };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const centre = inPlate(x + 0.5, y + 0.5);
      // coverage: 1 inside, sampled on the edge
      let cover = 0;
      const corners = [inPlate(x, y), inPlate(x + 1, y), inPlate(x, y + 1), inPlate(x + 1, y + 1)];
      const all = corners.every(Boolean);
      if (all) cover = 1;
      else if (corners.some(Boolean) || centre) {
        let n = 0;
        for (let i = 0; i < EDGE_SAMPLES; i++) {
          for (let j = 0; j < EDGE_SAMPLES; j++) if (inPlate(x + (i + 0.5) / EDGE_SAMPLES, y + (j + 0.5) / EDGE_SAMPLES)) n++;
        }
        cover = n / (EDGE_SAMPLES * EDGE_SAMPLES);
      }
      if (cover === 0) continue;
      const at = centre ?? apply(toPlate, x + 0.5, y + 0.5);
      const colour = paint(x, y, Math.min(1, Math.max(0, at.x)), Math.min(1, Math.max(0, at.y)));
      const a = cover * colour.a;
      if (a <= 0) continue;
      const i = (y * dst.width + x) * c;
      dst.data[i] = Math.round(dst.data[i] * (1 - a) + colour.r * a);
      dst.data[i + 1] = Math.round(dst.data[i + 1] * (1 - a) + colour.g * a);
      dst.data[i + 2] = Math.round(dst.data[i + 2] * (1 - a) + colour.b * a);
    }
  }
}

/** Covers the plate with one colour. */
export function coverQuad(dst: Raster, quad: Quad, colour: Rgb): void {
  paintQuad(dst, quad, () => ({ ...colour, a: 1 }));
}

/**
 * Lays `blurred` (the same picture, blurred, as a crop whose top-left is at `origin`) over
 * the plate: the plate's text is gone, its light and colour stay.
 */
export function blurQuad(dst: Raster, quad: Quad, blurred: Raster, origin: { left: number; top: number }): void {
  const c = blurred.channels;
  paintQuad(dst, quad, (x, y) => {
    const bx = Math.min(blurred.width - 1, Math.max(0, x - origin.left));
    const by = Math.min(blurred.height - 1, Math.max(0, y - origin.top));
    const i = (by * blurred.width + bx) * c;
    return { r: blurred.data[i], g: blurred.data[i + 1], b: blurred.data[i + 2], a: 1 };
  });
}

/** Channel `k` of a raster at a fractional position (bilinear), the position kept inside it. */
export function bilinear(r: Raster, x: number, y: number, k: number): number {
  const fx = Math.min(r.width - 1, Math.max(0, x));
  const fy = Math.min(r.height - 1, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(r.width - 1, x0 + 1);
  const y1 = Math.min(r.height - 1, y0 + 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const c = r.channels;
  const at = (px: number, py: number) => r.data[(py * r.width + px) * c + k];
  return (at(x0, y0) * (1 - ax) + at(x1, y0) * ax) * (1 - ay) + (at(x0, y1) * (1 - ax) + at(x1, y1) * ax) * ay;
}

/** Lays a flat picture (RGB or RGBA) onto the plate in perspective, bilinear. */
export function warpOnto(dst: Raster, quad: Quad, flat: Raster): void {
  paintQuad(dst, quad, (_x, _y, s, t) => {
    const fx = s * flat.width - 0.5;
    const fy = t * flat.height - 0.5;
    return { r: bilinear(flat, fx, fy, 0), g: bilinear(flat, fx, fy, 1), b: bilinear(flat, fx, fy, 2), a: flat.channels === 4 ? bilinear(flat, fx, fy, 3) / 255 : 1 };
  });
}

/** The plate's width and height as it reads (mean of opposite sides), in pixels. */
export function plateSize(q: Quad): { width: number; height: number } {
  const d = (i: number, j: number) => Math.hypot(q[i].x - q[j].x, q[i].y - q[j].y);
  return { width: (d(0, 1) + d(3, 2)) / 2, height: (d(0, 3) + d(1, 2)) / 2 };
}

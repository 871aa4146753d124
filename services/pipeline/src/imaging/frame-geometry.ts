import type { Margins } from '@app/contracts';
import type { Orientation, Rect } from './raster';

/**
 * Where the output frame sits on the image (in the image's pixels) so that the car's box
 * lands inside the margins: the car is scaled to fit the box between the margins, stands on
 * the bottom margin and is centred between the left and right margins. The frame may reach
 * past the image's edges; what lies outside is filled (with the new background when the
 * background is replaced).
 */
export function frameAroundCar(car: Rect, outW: number, outH: number, margins: Margins): Rect {
  const boxLeft = (outW * margins.left) / 100;
  const boxRight = outW - (outW * margins.right) / 100;
  const boxTop = (outH * margins.top) / 100;
  const boxBottom = outH - (outH * margins.bottom) / 100;
  const boxW = Math.max(1, boxRight - boxLeft);
  const boxH = Math.max(1, boxBottom - boxTop);
  // output pixels per image pixel
  const scale = Math.min(boxW / Math.max(1, car.width), boxH / Math.max(1, car.height));
  const carOutW = car.width * scale;
  const carOutLeft = boxLeft + (boxW - carOutW) / 2;
  return {
    left: car.left - carOutLeft / scale,
    top: car.top + car.height - boxBottom / scale,
    width: outW / scale,
    height: outH / scale,
  };
}

/** The largest frame of the output's aspect ratio centred on the image (the photo's own framing). */
export function coverFrame(imageW: number, imageH: number, outW: number, outH: number): Rect {
  const aspect = outW / outH;
  if (imageW / imageH > aspect) {
    const width = imageH * aspect;
    return { left: (imageW - width) / 2, top: 0, width, height: imageH };
  }
  const height = imageW / aspect;
  return { left: 0, top: (imageH - height) / 2, width: imageW, height };
}

/** Maps a rectangle from one image's pixels to the same place in a scaled copy (a mask, say). */
export function scaleRect(r: Rect, sx: number, sy: number): Rect {
  return { left: r.left * sx, top: r.top * sy, width: r.width * sx, height: r.height * sy };
}

/** Where a rectangle of the image lands in the output frame, in output pixels. */
export function rectInFrame(r: Rect, frame: Rect, outW: number, outH: number): Rect {
  const sx = outW / frame.width;
  const sy = outH / frame.height;
  return { left: (r.left - frame.left) * sx, top: (r.top - frame.top) * sy, width: r.width * sx, height: r.height * sy };
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/** Width and height as stored for an image shown at `width` x `height` under `orientation`. */
export function storedSize(width: number, height: number, orientation: Orientation): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * The rectangle of the stored pixels that shows as `r` once oriented. `sw`/`sh` are the
 * stored width and height. Orientations 5-8 swap the axes.
 */
export function orientedToStored(r: Rect, sw: number, sh: number, orientation: Orientation): Rect {
  const { left: x, top: y, width: w, height: h } = r;
  switch (orientation) {
    case 1:
      return { left: x, top: y, width: w, height: h };
    case 2: // mirrored left-right
      return { left: sw - x - w, top: y, width: w, height: h };
    case 3: // turned 180
      return { left: sw - x - w, top: sh - y - h, width: w, height: h };
    case 4: // mirrored top-bottom
      return { left: x, top: sh - y - h, width: w, height: h };
    case 5: // transposed: shown(x, y) = stored(y, x)
      return { left: y, top: x, width: h, height: w };
    case 6: // shown after turning 90 clockwise: shown(x, y) = stored(y, sh - 1 - x)
      return { left: y, top: sh - x - w, width: h, height: w };
    case 7: // transversed: shown(x, y) = stored(sw - 1 - y, sh - 1 - x)
      return { left: sw - y - h, top: sh - x - w, width: h, height: w };
    case 8: // shown after turning 90 anticlockwise: shown(x, y) = stored(sw - 1 - y, x)
      return { left: sw - y - h, top: x, width: h, height: w };
  }
}

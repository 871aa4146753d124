/**
 * Pixels in memory, interleaved, 8 bits per sample. Every step of a job works on rasters so
 * that the source is decoded once and nothing is re-encoded between steps.
 */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  /** 1 = a mask or grey image, 3 = RGB, 4 = RGBA */
  channels: 1 | 3 | 4;
}

/** EXIF orientations: 1 is upright, 2-8 say how the stored pixels must be turned to be shown. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/**
 * The decoded original: its pixels as stored (not yet turned) and the EXIF orientation.
 * Turning 12 megapixels costs more than a whole resize, so regions are mapped into stored
 * coordinates, cut and scaled there, and only the small result is turned
 * (ImageRenderer.region). `width`/`height` are as shown, after orientation.
 */
export interface SourceImage {
  stored: Raster;
  orientation: Orientation;
  width: number;
  height: number;
  format: string;
}

/** A rectangle in pixels; may be fractional and may reach outside the image it refers to. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHexColour(hex: string): Rgb {
  const h = hex.replace(/^#/, '');
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
}

export function solidRaster(width: number, height: number, colour: Rgb): Raster {
  const data = Buffer.allocUnsafe(width * height * 3);
  // fill one row, then copy it: much faster than per-pixel writes for large frames
  for (let x = 0; x < width; x++) {
    data[x * 3] = colour.r;
    data[x * 3 + 1] = colour.g;
    data[x * 3 + 2] = colour.b;
  }
  const row = width * 3;
  for (let y = 1; y < height; y++) data.copy(data, y * row, 0, row);
  return { data, width, height, channels: 3 };
}

export function cloneRaster(r: Raster): Raster {
  return { ...r, data: Buffer.from(r.data) };
}

import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { JobFailure } from '../jobs/job-failure';
import { intersect, orientedToStored } from './frame-geometry';
import { solidRaster, type Orientation, type Raster, type Rect, type Rgb, type SourceImage } from './raster';

export interface ImagingLimits {
  /** largest picture decoded, in pixels: anything larger is refused before decoding */
  maxInputPixels: number;
  /** libvips threads for the process; unset leaves sharp's default (one per core) */
  vipsThreads?: number;
}

/** Formats a photo may arrive in (sharp's names); HEIC with HEVC is recognised but refused. */
const SOURCE_FORMATS = ['jpeg', 'png', 'webp', 'heif', 'tiff'] as const;
/** Formats of style-guide media: MEDIA_EXTENSIONS (jpg, png, webp), and svg for media kept from before SVG was refused. */
const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'svg'] as const;

export interface EncodedJpeg {
  data: Buffer;
  quality: number;
}

export interface EncodedThumb {
  data: Buffer;
  width: number;
  height: number;
}

export type MediumFit = 'cover' | 'inside' | 'fill';

function rawInput(r: Raster): SharpOptions {
  return { raw: { width: r.width, height: r.height, channels: r.channels } };
}

async function toRaster(pipeline: Sharp, channels: 1 | 3 | 4): Promise<Raster> {
  // one channel stays one channel (sharp would otherwise write grey as sRGB)
  const p = channels === 1 ? pipeline.toColourspace('b-w') : pipeline;
  const { data, info } = await p.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== channels) throw new Error(`expected ${channels} channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height, channels };
}

/**
 * Turns a raster as EXIF orientation `o` says (the raster holds stored pixels). sharp mirrors
 * before it rotates, whatever the call order: transpose (5) is a mirror then a quarter turn
 * anticlockwise, transverse (7) a mirror then a quarter turn clockwise.
 */
function applyOrientation(pipeline: Sharp, o: Orientation): Sharp {
  switch (o) {
    case 1:
      return pipeline;
    case 2:
      return pipeline.flop();
    case 3:
      return pipeline.rotate(180);
    case 4:
      return pipeline.flip();
    case 5:
      return pipeline.rotate(270).flop();
    case 6:
      return pipeline.rotate(90);
    case 7:
      return pipeline.rotate(90).flop();
    case 8:
      return pipeline.rotate(270);
  }
}

function describeDecodeError(err: unknown): JobFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (/unsupported image format|bad seek|not a known file format/i.test(message)) {
    return new JobFailure('not-an-image', 'The file is not an image the pipeline can read (JPEG, PNG, WebP, AVIF or TIFF).');
  }
  if (/pixel limit/i.test(message)) {
    return new JobFailure('too-many-pixels', 'The image has more pixels than the pipeline accepts.');
  }
  return new JobFailure('corrupt-image', `The image file is damaged or incomplete (${message.replace(/\s+/g, ' ').slice(0, 160)}).`);
}

export interface DecodeOptions {
  /**
   * The picture is only ever used whole, scaled down to cover this size (no crop around the
   * car, no segmentation): a JPEG may then be decoded at 1/2, 1/4 or 1/8 of its size, as long
   * as the decoded picture still covers it. Saves most of the decode of a 12-megapixel photo.
   */
  atLeast?: { width: number; height: number };
}

/** The largest JPEG decode shrink (8, 4, 2 or 1) whose picture, as shown, still covers `atLeast`. */
export function jpegShrink(storedW: number, storedH: number, orientation: number, atLeast: { width: number; height: number }): number {
  const [w, h] = orientation >= 5 ? [storedH, storedW] : [storedW, storedH];
  for (const f of [8, 4, 2]) {
    if (Math.floor(w / f) >= atLeast.width && Math.floor(h / f) >= atLeast.height) return f;
  }
  return 1;
}

/**
 * The only code that touches sharp. Every call that reads encoded bytes uses the same input
 * limits (pixel cap, formats, failing on damaged data); the original is decoded once
 * (`decodeSource`) and every later step works on raw pixels.
 */
export class ImageRenderer {
  constructor(private readonly limits: ImagingLimits) {
    // no operation cache: every job's images are different and the cache would only hold memory
    sharp.cache(false);
    // libvips threads of this process (process-wide in sharp; the default is one per core)
    if (limits.vipsThreads) sharp.concurrency(limits.vipsThreads);
  }

  private input(bytes: Buffer, failOn: 'warning' | 'error' = 'warning'): Sharp {
    return sharp(bytes, { limitInputPixels: this.limits.maxInputPixels, failOn, sequentialRead: true });
  }

  /**
   * Decodes an original once: format and pixel count are read from the header and checked
   * before any pixel is decoded (a decompression bomb is refused here), then the pixels are
   * decoded to 8-bit sRGB without alpha (transparency laid on white), as stored; the EXIF
   * orientation is kept aside.
   */
  async decodeSource(bytes: Buffer, opts: DecodeOptions = {}): Promise<SourceImage> {
    if (bytes.length === 0) throw new JobFailure('source-empty', 'The original file is empty (0 bytes).');
    let meta: Metadata;
    try {
      // the header only (no pixel is decoded): the pixel cap is checked below, with the numbers
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (err) {
      throw describeDecodeError(err);
    }
    const format = meta.format ?? 'unknown';
    if (!(SOURCE_FORMATS as readonly string[]).includes(format)) {
      throw new JobFailure('not-an-image', `The file is a ${format.toUpperCase()}, not a photo format the pipeline takes (JPEG, PNG, WebP, AVIF or TIFF).`);
    }
    if (format === 'heif' && meta.compression !== 'av1') {
      throw new JobFailure('not-an-image', 'HEIC photos cannot be read by the pipeline; the app should upload JPEG.');
    }
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width <= 0 || height <= 0) throw new JobFailure('corrupt-image', 'The image file does not say how large the picture is.');
    if (width * height > this.limits.maxInputPixels) {
      const mp = (n: number) => (n / 1e6).toFixed(1);
      throw new JobFailure(
        'too-many-pixels',
        `The image is ${width} x ${height} pixels (${mp(width * height)} megapixels); at most ${mp(this.limits.maxInputPixels)} megapixels are accepted.`,
      );
    }
    const orientation = (meta.orientation && meta.orientation >= 1 && meta.orientation <= 8 ? meta.orientation : 1) as Orientation;
    const shrink = format === 'jpeg' && opts.atLeast ? jpegShrink(width, height, orientation, opts.atLeast) : 1;
    let stored: Raster;
    try {
      let pipeline = this.input(bytes);
      // a JPEG decoded at 1/2, 1/4 or 1/8 of its size by the decoder itself (DCT scaling)
      if (shrink > 1) pipeline = pipeline.resize(Math.ceil(width / shrink), Math.ceil(height / shrink), { fit: 'fill', fastShrinkOnLoad: true });
      stored = await toRaster(pipeline.flatten({ background: '#ffffff' }).toColourspace('srgb'), 3);
    } catch (err) {
      throw describeDecodeError(err);
    }
    const shown = orientation >= 5 ? { width: stored.height, height: stored.width } : { width: stored.width, height: stored.height };
    return { stored, orientation, width: shown.width, height: shown.height, format };
  }

  /** A raster seen as an upright source (for images made during a job, such as a straightened copy). */
  asSource(r: Raster): SourceImage {
    return { stored: r, orientation: 1, width: r.width, height: r.height, format: 'raw' };
  }

  /**
   * The part `rect` of the source (in shown coordinates, may reach outside the picture),
   * scaled to `outW` x `outH`. The cut and the scaling happen on the stored pixels; only the
   * small result is turned. What lies outside the picture is `fill`.
   */
  async region(src: SourceImage, rect: Rect, outW: number, outH: number, fill: Rgb | number = 0): Promise<Raster> {
    const channels = src.stored.channels;
    const blank = (): Raster =>
      channels === 1
        ? { data: Buffer.alloc(outW * outH, typeof fill === 'number' ? fill : 0), width: outW, height: outH, channels: 1 }
        : solidRaster(outW, outH, typeof fill === 'number' ? { r: fill, g: fill, b: fill } : fill);
    const inside = intersect(rect, { left: 0, top: 0, width: src.width, height: src.height });
    if (!inside) return blank();
    const sx = outW / rect.width;
    const sy = outH / rect.height;
    const ox0 = Math.max(0, Math.min(outW - 1, Math.round((inside.left - rect.left) * sx)));
    const oy0 = Math.max(0, Math.min(outH - 1, Math.round((inside.top - rect.top) * sy)));
    const ox1 = Math.max(ox0 + 1, Math.min(outW, Math.round((inside.left + inside.width - rect.left) * sx)));
    const oy1 = Math.max(oy0 + 1, Math.min(outH, Math.round((inside.top + inside.height - rect.top) * sy)));
    const pw = ox1 - ox0;
    const ph = oy1 - oy0;

    const s = orientedToStored(inside, src.stored.width, src.stored.height, src.orientation);
    const left = Math.max(0, Math.floor(s.left + 1e-6));
    const top = Math.max(0, Math.floor(s.top + 1e-6));
    const right = Math.min(src.stored.width, Math.max(left + 1, Math.ceil(s.left + s.width - 1e-6)));
    const bottom = Math.min(src.stored.height, Math.max(top + 1, Math.ceil(s.top + s.height - 1e-6)));
    const [rw, rh] = src.orientation >= 5 ? [ph, pw] : [pw, ph];

    const whole = left === 0 && top === 0 && right === src.stored.width && bottom === src.stored.height;
    let cut = sharp(src.stored.data, rawInput(src.stored));
    if (!whole) cut = cut.extract({ left, top, width: right - left, height: bottom - top });
    let part = await toRaster(cut.resize(rw, rh, { fit: 'fill' }), channels);
    if (src.orientation !== 1) part = await toRaster(applyOrientation(sharp(part.data, rawInput(part)), src.orientation), channels);
    if (pw === outW && ph === outH) return part;

    const canvas = blank();
    const rowBytes = pw * channels;
    for (let y = 0; y < ph; y++) {
      part.data.copy(canvas.data, ((oy0 + y) * outW + ox0) * channels, y * rowBytes, (y + 1) * rowBytes);
    }
    return canvas;
  }

  /** The whole source scaled so that its long side is at most `longSide`. */
  async downscale(src: SourceImage, longSide: number): Promise<Raster> {
    const scale = Math.min(1, longSide / Math.max(src.width, src.height));
    const w = Math.max(1, Math.round(src.width * scale));
    const h = Math.max(1, Math.round(src.height * scale));
    return this.region(src, { left: 0, top: 0, width: src.width, height: src.height }, w, h);
  }

  /** A raster scaled to exactly `w` x `h` (masks and model inputs). */
  async resize(r: Raster, w: number, h: number): Promise<Raster> {
    if (r.width === w && r.height === h) return r;
    return toRaster(sharp(r.data, rawInput(r)).resize(w, h, { fit: 'fill' }), r.channels);
  }

  /** Gaussian blur (masks: soft edges, a softened copy for analysis). */
  async blur(r: Raster, sigma: number): Promise<Raster> {
    if (sigma < 0.3) return r;
    return toRaster(sharp(r.data, rawInput(r)).blur(sigma), r.channels);
  }

  /**
   * Turns the picture by `degrees` (clockwise) about its centre and keeps the largest upright
   * rectangle of the same shape that holds only picture, scaled back to the same size.
   */
  async straighten(r: Raster, degrees: number): Promise<Raster> {
    if (Math.abs(degrees) < 0.05) return r;
    const t = (Math.abs(degrees) * Math.PI) / 180;
    const { width: w, height: h } = r;
    const k = Math.min(w / (w * Math.cos(t) + h * Math.sin(t)), h / (w * Math.sin(t) + h * Math.cos(t)));
    const turned = await toRaster(
      sharp(r.data, rawInput(r)).rotate(degrees, { background: { r: 0, g: 0, b: 0 } }),
      r.channels,
    );
    const cw = Math.floor(w * k);
    const ch = Math.floor(h * k);
    return toRaster(
      sharp(turned.data, rawInput(turned))
        .extract({ left: Math.floor((turned.width - cw) / 2), top: Math.floor((turned.height - ch) / 2), width: cw, height: ch })
        .resize(w, h, { fit: 'fill' }),
      r.channels,
    );
  }

  /** A mild, fast sharpening (3x3) of a picture. */
  async sharpen(r: Raster): Promise<Raster> {
    return toRaster(sharp(r.data, rawInput(r)).sharpen(), r.channels);
  }

  /**
   * JPEG at the highest quality, from `startQuality` down in steps of 10, whose size is at
   * most `maxBytes`. Each quality is first encoded with standard Huffman tables (three times
   * faster); only when that is too large but within 10% is it encoded again with optimised
   * tables (about 6% smaller) before a lower quality is tried. Fails the job when even
   * quality 10 is too large.
   */
  /**
   * The output JPEG, at the highest quality from `startQuality` down in steps of 10 that fits
   * `maxBytes` (the XMP packet, when given, is written into the file and counts).
   */
  async encodeJpeg(r: Raster, maxBytes: number, startQuality: number, xmp?: string): Promise<EncodedJpeg> {
    const encode = (quality: number, optimiseCoding: boolean) => {
      const p = sharp(r.data, rawInput(r)).jpeg({ quality, chromaSubsampling: '4:2:0', optimiseCoding });
      return (xmp ? p.withXmp(xmp) : p).toBuffer();
    };
    let smallest = Infinity;
    for (let quality = startQuality; quality >= 10; quality -= 10) {
      let data = await encode(quality, false);
      if (data.length > maxBytes && data.length * 0.9 <= maxBytes) data = await encode(quality, true);
      if (data.length <= maxBytes) return { data, quality };
      smallest = data.length;
    }
    throw new JobFailure(
      'output-too-large',
      `The image cannot be made small enough: ${smallest} bytes at the lowest quality, and the style guide allows ${maxBytes} bytes.`,
    );
  }

  /**
   * The visible mark of an edited picture: `text` in white on a dark, half-transparent box in
   * the bottom-left corner (the logo's corner is the top-right), its height 4.5% of the
   * picture's short side, inset 2%.
   */
  async editedLabel(r: Raster, text: string): Promise<Raster> {
    const short = Math.min(r.width, r.height);
    const inset = Math.max(1, Math.round(short * 0.02));
    const height = Math.max(8, Math.round(short * 0.045));
    const fontSize = Math.round(height * 0.6);
    const width = Math.min(r.width - 2 * inset, Math.round(fontSize * 0.58 * text.length + height));
    if (width < 8 || height > r.height - 2 * inset) return r;
    const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" rx="${Math.round(height * 0.2)}" fill="#000000" fill-opacity="0.6"/>` +
      `<text x="${width / 2}" y="${height / 2}" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" ` +
      `font-size="${fontSize}" fill="#ffffff">${escaped}</text></svg>`;
    const marked = sharp(r.data, rawInput(r)).composite([{ input: Buffer.from(svg), left: inset, top: r.height - inset - height }]);
    return toRaster(marked.removeAlpha(), 3);
  }

  async thumbnail(r: Raster, width: number): Promise<EncodedThumb> {
    const w = Math.min(width, r.width);
    const { data, info } = await sharp(r.data, rawInput(r)).resize(w).jpeg({ quality: 80, optimiseCoding: false }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  /**
   * The orders list's picture: exactly `width` x `height`, the centre of the picture filling
   * it, as the list's box shows it (`object-fit: cover`); progressive-free and optimised
   * Huffman tables, as small as such a picture gets.
   */
  async listThumbnail(r: Raster, width: number, height: number): Promise<EncodedThumb> {
    const { data, info } = await sharp(r.data, rawInput(r))
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 75, optimiseCoding: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  /**
   * A style-guide medium, decoded and fitted to `width` x `height`: `cover` fills it
   * (cropping the centre), `inside` fits within it keeping the shape, `fill` stretches. With
   * `alpha` the transparency is kept (RGBA), otherwise laid on white (RGB).
   */
  async decodeMedium(bytes: Buffer, width: number, height: number, fit: MediumFit, alpha: boolean): Promise<Raster> {
    const meta = await this.input(bytes, 'error').metadata();
    if (!(MEDIA_FORMATS as readonly string[]).includes(meta.format ?? '')) {
      throw new Error(`a ${meta.format ?? 'unknown'} file, not JPEG, PNG, WebP or SVG`);
    }
    let p = this.input(bytes, 'error').autoOrient().resize(width, height, { fit, position: 'centre' }).toColourspace('srgb');
    p = alpha ? p.ensureAlpha() : p.flatten({ background: '#ffffff' });
    return toRaster(p, alpha ? 4 : 3);
  }

  /** PNG of a raster (what the HTTP segmenter sends). */
  async encodePng(r: Raster): Promise<Buffer> {
    return sharp(r.data, rawInput(r)).png({ compressionLevel: 1 }).toBuffer();
  }

  /**
   * A mask answered by a segmentation service, at `width` x `height`: its alpha channel when
   * it has one (a cut-out), otherwise its brightness (white = car).
   */
  async decodeMask(bytes: Buffer, width: number, height: number): Promise<Raster> {
    const meta = await this.input(bytes, 'error').metadata();
    let p = this.input(bytes, 'error').resize(width, height, { fit: 'fill' });
    p = meta.hasAlpha ? p.extractChannel('alpha') : p.toColourspace('b-w');
    return toRaster(p, 1);
  }
}

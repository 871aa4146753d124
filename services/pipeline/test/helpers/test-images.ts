import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/**
 * Pictures for the pipeline's tests and benchmark, drawn in code: a car (red body, darker
 * cabin, black wheels) on a sky and ground, with noise, optionally leaning, with a yellow
 * cast or low contrast, stored under any EXIF orientation.
 */
export interface SceneOptions {
  /** size as shown (after orientation) */
  width?: number;
  height?: number;
  /** EXIF orientation; the pixels are stored turned so that the picture shows upright */
  orientation?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  /** the horizon and the car lean by this many degrees (clockwise) */
  tiltDegrees?: number;
  /** a warm indoor-light cast */
  yellowCast?: boolean;
  /** 1 = as drawn; below 1 squeezes the tones towards mid grey */
  contrast?: number;
  /** standard deviation of the added noise */
  noise?: number;
  quality?: number;
  /** extra texture (fine stripes on the ground) */
  texture?: boolean;
  /** the body's colour (the cabin is drawn a little darker); red by default */
  carColour?: string;
  /** draw this SVG (of the shown size) instead of the test scene */
  svg?: string;
}

/** Where things are drawn, in shares of the shown width and height. */
export const SCENE = {
  horizon: 0.55,
  car: { left: 0.18, top: 0.3, right: 0.82, bottom: 0.74 },
  body: { left: 0.18, top: 0.42, width: 0.64, height: 0.22 },
  colours: { skyTop: '#9cc3e6', skyBottom: '#e8eef2', ground: '#6b6b66', body: '#b3202a', cabin: '#a01c25', wheel: '#1a1a1a' },
};

function darker(hex: string): string {
  const v = parseInt(hex.replace('#', ''), 16);
  const ch = (shift: number) => Math.round(((v >> shift) & 255) * 0.88);
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, '0')).join('')}`;
}

export function sceneSvg(w: number, h: number, texture = false, carColour?: string): string {
  const c = carColour ? { ...SCENE.colours, body: carColour, cabin: darker(carColour) } : SCENE.colours;
  const stripes = texture
    ? Array.from({ length: 40 }, (_, i) => `<rect x="0" y="${h * SCENE.horizon + (i * h * 0.45) / 40}" width="${w}" height="${Math.max(1, h * 0.004)}" fill="#5e5e5a"/>`).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.skyTop}"/><stop offset="1" stop-color="${c.skyBottom}"/></linearGradient></defs>
  <rect width="${w}" height="${h * SCENE.horizon}" fill="url(#sky)"/>
  <rect y="${h * SCENE.horizon}" width="${w}" height="${h * (1 - SCENE.horizon)}" fill="${c.ground}"/>
  ${stripes}
  <rect x="${w * 0.18}" y="${h * 0.42}" width="${w * 0.64}" height="${h * 0.22}" rx="${h * 0.04}" fill="${c.body}"/>
  <path d="M ${w * 0.3} ${h * 0.43} L ${w * 0.38} ${h * 0.3} L ${w * 0.62} ${h * 0.3} L ${w * 0.72} ${h * 0.43} Z" fill="${c.cabin}"/>
  <circle cx="${w * 0.3}" cy="${h * 0.66}" r="${h * 0.08}" fill="${c.wheel}"/>
  <circle cx="${w * 0.7}" cy="${h * 0.66}" r="${h * 0.08}" fill="${c.wheel}"/>
</svg>`;
}

/** Deterministic Gaussian noise values (tests must not flake on noise), drawn once. */
const NOISE = (() => {
  let s = 2463534242;
  const uniform = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  const table = new Float32Array(1 << 16);
  for (let i = 0; i < table.length; i++) table[i] = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return table;
})();

/** Pixels of the scene as shown (RGB raw). */
export async function scenePixels(o: SceneOptions = {}): Promise<{ data: Buffer; width: number; height: number }> {
  const w = o.width ?? 640;
  const h = o.height ?? 480;
  let img = sharp(Buffer.from(o.svg ?? sceneSvg(w, h, o.texture, o.carColour))).removeAlpha();
  if (o.tiltDegrees) {
    // draw larger, turn, and cut the middle so the whole frame is picture
    const big = Math.ceil(Math.max(w, h) * 1.5);
    const drawn = await sharp(Buffer.from(sceneSvg(big, Math.round((big * h) / w), o.texture, o.carColour)))
      .removeAlpha()
      .rotate(o.tiltDegrees)
      .toBuffer({ resolveWithObject: true });
    const scale = w / big;
    img = sharp(drawn.data)
      .resize(Math.round(drawn.info.width * scale))
      .extract({
        left: Math.round((drawn.info.width * scale - w) / 2),
        top: Math.round((drawn.info.height * scale - h) / 2),
        width: w,
        height: h,
      });
  }
  const { data } = await img.raw().toBuffer({ resolveWithObject: true });
  const sigma = o.noise ?? 6;
  const contrast = o.contrast ?? 1;
  const gains = o.yellowCast ? [1.0, 0.93, 0.62] : [1, 1, 1];
  // tone per channel through a table, then noise from the table with a cheap index walk
  const tone = [0, 1, 2].map((c) => Float32Array.from({ length: 256 }, (_, v) => 128 + (v * gains[c] - 128) * contrast));
  let k = (w * 7919 + h) >>> 0;
  for (let i = 0; i < data.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      k = (k * 1103515245 + 12345) >>> 0;
      const v = tone[c][data[i + c]] + NOISE[k >>> 16] * sigma;
      data[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  return { data, width: w, height: h };
}

/** The stored pixels for an orientation: turned the opposite way of what the viewer will do. */
function storeFor(img: Sharp, orientation: number): Sharp {
  switch (orientation) {
    case 2:
      return img.flop();
    case 3:
      return img.rotate(180);
    case 4:
      return img.flip();
    case 5:
      return img.rotate(270).flop();
    case 6:
      return img.rotate(270);
    case 7:
      return img.rotate(90).flop();
    case 8:
      return img.rotate(90);
    default:
      return img;
  }
}

/** The scene as a JPEG, stored under the requested EXIF orientation. */
export async function carScene(o: SceneOptions = {}): Promise<Buffer> {
  const px = await scenePixels(o);
  const orientation = o.orientation ?? 1;
  const turned = await storeFor(sharp(px.data, { raw: { width: px.width, height: px.height, channels: 3 } }), orientation)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 3 } })
    .jpeg({ quality: o.quality ?? 90 })
    .withMetadata({ orientation })
    .toBuffer();
}

export function solidPng(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A logo: an opaque magenta badge (easy to find by sampling). */
export function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 120, channels: 4, background: '#ff00ff' } }).png().toBuffer();
}

/** A featured image: yellow left half, cyan right half. */
export function featuredPng(width = 800, height = 600): Promise<Buffer> {
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="${width / 2}" height="${height}" fill="#e0c020"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#20c0c0"/></svg>`),
  )
    .png()
    .toBuffer();
}

/** A frame overlay: transparent with an opaque orange border of 4% of the width. */
export function frameOverlayPng(width = 800, height = 600): Promise<Buffer> {
  const b = Math.round(width * 0.04);
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect x="${b / 2}" y="${b / 2}" width="${width - b}" height="${height - b}" fill="none" stroke="#ff8000" stroke-width="${b}"/></svg>`),
  )
    .png()
    .toBuffer();
}

function pngChunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([len, typed, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `side` x `side` pixels (400 megapixels by
 * default) whose compressed data is a few tens of kilobytes.
 */
export function bombPng(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8);
  const idat = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Decoded RGB pixels of an encoded image, with a sampler of mean colour around a point. */
export async function decodeRgb(bytes: Buffer): Promise<{ width: number; height: number; at(x: number, y: number, r?: number): [number, number, number] }> {
  const { data, info } = await sharp(bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x: number, y: number, r = 2) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let yy = Math.max(0, Math.round(y) - r); yy <= Math.min(info.height - 1, Math.round(y) + r); yy++) {
        for (let xx = Math.max(0, Math.round(x) - r); xx <= Math.min(info.width - 1, Math.round(x) + r); xx++) {
          const j = (yy * info.width + xx) * info.channels;
          sum[0] += data[j];
          sum[1] += data[j + 1];
          sum[2] += data[j + 2];
          n++;
        }
      }
      return [sum[0] / n, sum[1] / n, sum[2] / n];
    },
  };
}

/** Euclidean RGB distance between a sample and a hex colour. */
export function colourDistance(sample: [number, number, number], hex: string): number {
  const h = hex.replace('#', '');
  const c = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return Math.hypot(sample[0] - c[0], sample[1] - c[1], sample[2] - c[2]);
}

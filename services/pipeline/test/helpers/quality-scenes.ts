import sharp from 'sharp';
import type { Raster } from '../../src/imaging/raster';
import { scenePixels } from './test-images';

/**
 * Drawn scenes with known answers, for the pipeline's quality measures (tests and benchmark):
 * where the car is (a mask from the same drawing: the car's own shapes in white, nothing of
 * the background and no shadow) and what colour its body is.
 *
 * The car: a body with shading (light from above, darker sills), the dark gap of its
 * underbody below the sills, a cabin with two dark windows, a headlight, black tyres with
 * grey rims standing on the floor. Shares of the picture's width (x) and height (y).
 */
const CAR = {
  body: { left: 0.16, top: 0.44, right: 0.84, bottom: 0.68 },
  roof: { left: 0.38, right: 0.62, top: 0.3 },
  cabin: { left: 0.3, right: 0.72 },
  wheels: [0.3, 0.7],
  wheelY: 0.68,
  /** tyre radius, in shares of the height */
  tyre: 0.085,
  rim: 0.05,
};

/** The car's box (roof to tyres, bumper to bumper), in shares of the picture. */
export const CAR_BOX = { left: CAR.body.left, top: CAR.roof.top, width: CAR.body.right - CAR.body.left, height: CAR.wheelY + CAR.tyre - CAR.roof.top };

/** Body pixels with no shading, window, wheel or light: where the paint's own colour shows. */
export const BODY_SAMPLE = { left: 0.2, top: 0.47, width: 0.6, height: 0.08 };

export interface CarPaint {
  body: string;
  /** the silhouette's edge (panel edges, seals, the paint turning away from the light); none by default */
  outline?: string;
  tyre?: string;
  /** the shading drawn over body and cabin: 0 = flat paint */
  shading?: number;
}

/** The car's shapes; with `mask`, every shape white (the known mask). */
function carSvg(w: number, h: number, paint: CarPaint, mask: boolean): string {
  const fill = (c: string) => (mask ? '#ffffff' : c);
  const { body: b, roof, cabin } = CAR;
  const shade = paint.shading ?? 1;
  const shading = mask || shade === 0 ? '' : 'fill="url(#shade)"';
  const x = (f: number) => w * f;
  const y = (f: number) => h * f;
  const outline = (shape: string) => (paint.outline ? `<${shape} fill="none" stroke="${fill(paint.outline)}" stroke-width="${x(0.008)}"/>` : '');
  const rect = `x="${x(b.left)}" y="${y(b.top)}" width="${x(b.right - b.left)}" height="${y(b.bottom - b.top)}" rx="${y(0.04)}"`;
  const cabinPath = `M ${x(cabin.left)} ${y(b.top + 0.01)} L ${x(roof.left)} ${y(roof.top)} L ${x(roof.right)} ${y(roof.top)} L ${x(cabin.right)} ${y(b.top + 0.01)} Z`;
  const wheels = CAR.wheels
    .map(
      (cx) =>
        `<circle cx="${x(cx)}" cy="${y(CAR.wheelY)}" r="${y(CAR.tyre)}" fill="${fill(paint.tyre ?? '#161616')}"/>` +
        `<circle cx="${x(cx)}" cy="${y(CAR.wheelY)}" r="${y(CAR.rim)}" fill="${fill('#9a9ea3')}"/>`,
    )
    .join('');
  const under = `<rect x="${x(b.left + 0.01)}" y="${y(b.bottom - 0.04)}" width="${x(b.right - b.left - 0.02)}" height="${y(0.06)}" rx="${y(0.01)}" fill="${fill('#1e1f21')}"/>`;
  return `${under}<path d="${cabinPath}" fill="${fill(paint.body)}"/>${shading ? `<path d="${cabinPath}" ${shading}/>` : ''}
  <path d="M ${x(0.33)} ${y(0.44)} L ${x(0.395)} ${y(0.32)} L ${x(0.49)} ${y(0.32)} L ${x(0.49)} ${y(0.44)} Z" fill="${fill('#2b3440')}"/>
  <path d="M ${x(0.51)} ${y(0.44)} L ${x(0.51)} ${y(0.32)} L ${x(0.605)} ${y(0.32)} L ${x(0.69)} ${y(0.44)} Z" fill="${fill('#2b3440')}"/>
  <rect ${rect} fill="${fill(paint.body)}"/>${shading ? `<rect ${rect} ${shading}/>` : ''}
  ${outline(`path d="${cabinPath}"`)}${outline(`rect ${rect}`)}
  <rect x="${x(0.8)}" y="${y(0.49)}" width="${x(0.022)}" height="${y(0.03)}" rx="${y(0.01)}" fill="${fill('#fff5c0')}"/>
  ${wheels}`;
}

function defs(w: number, shading: number): string {
  return `<defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="${0.3 * shading}"/><stop offset="0.4" stop-color="#808080" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${0.35 * shading}"/></linearGradient>
    <filter id="soft" x="-20%" y="-300%" width="140%" height="700%"><feGaussianBlur stdDeviation="${0.02 * w}"/></filter>
  </defs>`;
}

/** A studio: a wall with a soft gradient down to the floor line, a floor, the car's soft contact shadow. */
function studio(w: number, h: number, wall: [string, string], floor: [string, string], shadowOpacity: number): string {
  const horizon = 0.6;
  return `<linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
  <linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor[0]}"/><stop offset="1" stop-color="${floor[1]}"/></linearGradient>
  <rect width="${w}" height="${h * horizon}" fill="url(#w)"/>
  <rect y="${h * horizon}" width="${w}" height="${h * (1 - horizon)}" fill="url(#f)"/>
  <ellipse cx="${w * 0.5}" cy="${h * (CAR.wheelY + CAR.tyre)}" rx="${w * 0.38}" ry="${h * 0.03}" fill="#000000" fill-opacity="${shadowOpacity}" filter="url(#soft)"/>`;
}

/**
 * A street: tall buildings of eight colours with rows of windows, trees at both sides and a
 * striped pavement, close behind the car and running out of the picture, so that the
 * background's colours reach the picture's edges.
 */
function busy(w: number, h: number): string {
  const facades = ['#8a6f5a', '#c9b79c', '#5f6b73', '#a44a3f', '#d8d2c4', '#6d7f5e', '#3f4a56', '#b58d4c'];
  const parts: string[] = [];
  let x = 0;
  for (let i = 0; x < w; i++) {
    const bw = w * (0.1 + ((i * 37) % 5) * 0.02);
    parts.push(`<rect x="${x}" y="0" width="${bw + 1}" height="${h * 0.62}" fill="${facades[i % facades.length]}"/>`);
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 3; c++) {
        parts.push(`<rect x="${x + bw * (0.12 + c * 0.3)}" y="${h * (0.05 + r * 0.1)}" width="${bw * 0.16}" height="${h * 0.05}" fill="#2a2f36"/>`);
      }
    }
    x += bw;
  }
  for (const cx of [0.02, 0.98]) {
    parts.push(`<rect x="${w * (cx - 0.008)}" y="${h * 0.35}" width="${w * 0.016}" height="${h * 0.27}" fill="#4a3526"/>`);
    parts.push(`<circle cx="${w * cx}" cy="${h * 0.3}" r="${h * 0.1}" fill="#3d6b35"/>`);
  }
  const stripes = Array.from({ length: 14 }, (_, i) => `<rect y="${h * (0.62 + i * 0.028)}" width="${w}" height="${h * 0.008}" fill="#9c9a92"/>`).join('');
  return `${parts.join('')}<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#77766f"/>${stripes}`;
}

export interface QualityScene {
  name: string;
  /** what the scene is about, for reports */
  what: string;
  svg: string;
  /** the car alone, white on black */
  maskSvg: string;
  paint: CarPaint;
  /** standard deviation of the sensor noise added */
  noise: number;
}

function scene(name: string, what: string, w: number, h: number, background: string, paint: CarPaint, noise = 4): QualityScene {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${defs(w, paint.shading ?? 1)}`;
  return {
    name,
    what,
    svg: `${open}${background}${carSvg(w, h, paint, false)}</svg>`,
    maskSvg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000000"/>${carSvg(w, h, paint, true)}</svg>`,
    paint,
    noise,
  };
}

/**
 * The segmentation scenes: a car with dark wheels on a studio floor, a black car, a white car
 * on a white wall, a car on a busy street.
 */
export function segmentationScenes(w = 512, h = 384): QualityScene[] {
  const greyStudio = studio(w, h, ['#e4e6e9', '#c9ccd1'], ['#a9abae', '#8d8f92'], 0.4);
  return [
    scene('studio', 'a blue car with black tyres on a grey studio floor, a soft shadow under it', w, h, greyStudio, { body: '#236ea0' }),
    scene('black car', 'a black car with black tyres on the same studio floor', w, h, greyStudio, { body: '#1b1c1f', tyre: '#121212' }),
    scene(
      'white car, white wall',
      'a white car in front of a white wall, on a light floor: the paint a shade darker than the lit wall, its outline a little darker still',
      w,
      h,
      studio(w, h, ['#fbfbfb', '#f1f1f1'], ['#e6e6e6', '#d6d6d6'], 0.3),
      { body: '#e9e9e7', outline: '#b0b0ae' },
    ),
    scene('busy background', 'a red car in front of buildings and trees, on a striped street', w, h, busy(w, h), { body: '#b3202a' }),
  ];
}

/**
 * Beyond the classical segmenter (measured by the benchmark, not required): black tyres
 * standing in their own dark shadow on a dark floor, where nothing in the picture tells the
 * rubber from the shadow.
 */
export function hardSegmentationScenes(w = 512, h = 384): QualityScene[] {
  return [
    scene(
      'dark showroom',
      'a silver car whose black tyres stand in their shadow on a dark showroom floor',
      w,
      h,
      studio(w, h, ['#55585c', '#3c3f43'], ['#34363a', '#26282b'], 0.5),
      { body: '#b4b8bd' },
    ),
  ];
}

/** The colour scenes: one car per paint on the studio, well exposed. */
export const PAINTS: Record<string, string> = {
  blue: '#236ea0',
  red: '#b3202a',
  silver: '#b4b8bd',
  white: '#eeeeec',
  black: '#222326',
};

export function colourScene(paint: keyof typeof PAINTS | string, w = 480, h = 360): QualityScene {
  const body = PAINTS[paint] ?? paint;
  const bg = studio(w, h, ['#dfe3e8', '#c4c8ce'], ['#9fa2a6', '#7f8286'], 0.7);
  // the body flat (no shading) so that its colour is known everywhere in BODY_SAMPLE
  return scene(String(paint), `a ${paint} car on a studio floor`, w, h, bg, { body, shading: 0 }, 3);
}

/** The scene's pixels with its noise; `exposure` below 1 darkens it as an under-exposed photo (in linear light). */
export async function renderScene(s: QualityScene, w: number, h: number, exposure = 1): Promise<Raster> {
  const px = await scenePixels({ width: w, height: h, svg: s.svg, noise: s.noise });
  if (exposure !== 1) {
    const lut = Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * ((v / 255) ** 2.2 * exposure) ** (1 / 2.2)));
    for (let i = 0; i < px.data.length; i++) px.data[i] = lut[px.data[i]];
  }
  return { data: px.data, width: w, height: h, channels: 3 };
}

/** The scene as a JPEG, as a photo arrives. */
export async function sceneJpeg(s: QualityScene, w: number, h: number, exposure = 1): Promise<Buffer> {
  const r = await renderScene(s, w, h, exposure);
  return sharp(r.data, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** The known mask (255 = car). */
export async function knownMask(s: QualityScene, w: number, h: number): Promise<Raster> {
  const { data } = await sharp(Buffer.from(s.maskSvg)).resize(w, h).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = data[i] >= 128 ? 255 : 0;
  return { data, width: w, height: h, channels: 1 };
}

/** Intersection over union of two masks (>= 128 = set). */
export function iou(mask: Raster, truth: Raster): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < truth.data.length; i++) {
    const m = mask.data[i] >= 128;
    const t = truth.data[i] >= 128;
    if (m && t) inter++;
    if (m || t) union++;
  }
  return union ? inter / union : 1;
}

/** The tyres' rubber (between rim and tread), as a 1-channel mask. */
export function tyreMask(w: number, h: number): Raster {
  const data = Buffer.alloc(w * h);
  for (const cx of CAR.wheels) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const r = Math.hypot(x + 0.5 - cx * w, y + 0.5 - CAR.wheelY * h);
        if (r > CAR.rim * h + 1 && r < CAR.tyre * h - 1) data[y * w + x] = 255;
      }
    }
  }
  return { data, width: w, height: h, channels: 1 };
}

/** Share of the pixels `part` selects that `mask` (>= 128) keeps. */
export function kept(mask: Raster, part: Raster): number {
  let n = 0;
  let k = 0;
  for (let i = 0; i < part.data.length; i++) {
    if (part.data[i] < 128) continue;
    n++;
    if (mask.data[i] >= 128) k++;
  }
  return n ? k / n : 1;
}

/** A 1-channel mask selecting a rectangle given in shares of the picture. */
export function regionMask(w: number, h: number, r: { left: number; top: number; width: number; height: number }): Raster {
  const data = Buffer.alloc(w * h);
  for (let y = Math.round(r.top * h); y < Math.round((r.top + r.height) * h); y++) data.fill(255, y * w + Math.round(r.left * w), y * w + Math.round((r.left + r.width) * w));
  return { data, width: w, height: h, channels: 1 };
}

import sharp from 'sharp';
import type { Raster } from '../../src/imaging/raster';
import { scenePixels } from './test-images';

/**
 * Drawn scenes with known answers, for the pipeline's quality measures (tests and benchmark):
 * where the car is (a mask from the same drawing: the car's own shapes in white, nothing of
 * the background and no shadow) and what colour its body is.
 *
 * The car: a body with shading (light from above, darker sills), a cabin with two dark
 * windows, a headlight, black tyres with grey rims standing on the floor. Shares of the
 * picture's width (x) and height (y).
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

/** Body pixels with no shading, window, wheel or light: where the paint's own colour shows. */
export const BODY_SAMPLE = { left: 0.2, top: 0.47, width: 0.6, height: 0.08 };

export interface CarPaint {
  body: string;
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
  const rect = `x="${x(b.left)}" y="${y(b.top)}" width="${x(b.right - b.left)}" height="${y(b.bottom - b.top)}" rx="${y(0.04)}"`;
  const cabinPath = `M ${x(cabin.left)} ${y(b.top + 0.01)} L ${x(roof.left)} ${y(roof.top)} L ${x(roof.right)} ${y(roof.top)} L ${x(cabin.right)} ${y(b.top + 0.01)} Z`;
  const wheels = CAR.wheels
    .map(
      (cx) =>
        `<circle cx="${x(cx)}" cy="${y(CAR.wheelY)}" r="${y(CAR.tyre)}" fill="${fill(paint.tyre ?? '#161616')}"/>` +
        `<circle cx="${x(cx)}" cy="${y(CAR.wheelY)}" r="${y(CAR.rim)}" fill="${fill('#9a9ea3')}"/>`,
    )
    .join('');
  return `<path d="${cabinPath}" fill="${fill(paint.body)}"/>${shading ? `<path d="${cabinPath}" ${shading}/>` : ''}
  <path d="M ${x(0.33)} ${y(0.44)} L ${x(0.395)} ${y(0.32)} L ${x(0.49)} ${y(0.32)} L ${x(0.49)} ${y(0.44)} Z" fill="${fill('#2b3440')}"/>
  <path d="M ${x(0.51)} ${y(0.44)} L ${x(0.51)} ${y(0.32)} L ${x(0.605)} ${y(0.32)} L ${x(0.69)} ${y(0.44)} Z" fill="${fill('#2b3440')}"/>
  <rect ${rect} fill="${fill(paint.body)}"/>${shading ? `<rect ${rect} ${shading}/>` : ''}
  <rect x="${x(0.81)}" y="${y(0.49)}" width="${x(0.025)}" height="${y(0.03)}" rx="${y(0.01)}" fill="${fill('#fff5c0')}"/>
  ${wheels}`;
}

function defs(w: number, shading: number): string {
  return `<defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="${0.3 * shading}"/><stop offset="0.4" stop-color="#808080" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${0.35 * shading}"/></linearGradient>
    <filter id="soft" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="${0.012 * w}"/></filter>
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

/** Buildings, trees, a parked car's colour and a striped pavement, all reaching the picture's edges. */
function busy(w: number, h: number): string {
  const facades = ['#8a6f5a', '#c9b79c', '#5f6b73', '#a44a3f', '#d8d2c4', '#6d7f5e', '#3f4a56', '#b58d4c'];
  const parts: string[] = [];
  let x = 0;
  for (let i = 0; x < w; i++) {
    const bw = w * (0.09 + ((i * 37) % 5) * 0.02);
    const top = h * (0.08 + ((i * 53) % 7) * 0.03);
    parts.push(`<rect x="${x}" y="${top}" width="${bw + 1}" height="${h * 0.62 - top}" fill="${facades[i % facades.length]}"/>`);
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 3; c++) {
        parts.push(`<rect x="${x + bw * (0.12 + c * 0.3)}" y="${top + h * (0.04 + r * 0.11)}" width="${bw * 0.16}" height="${h * 0.05}" fill="#2a2f36"/>`);
      }
    }
    x += bw;
  }
  for (let i = 0; i < 7; i++) {
    const cx = w * (0.05 + i * 0.15);
    parts.push(`<rect x="${cx - w * 0.006}" y="${h * 0.4}" width="${w * 0.012}" height="${h * 0.22}" fill="#4a3526"/>`);
    parts.push(`<circle cx="${cx}" cy="${h * 0.38}" r="${h * 0.07}" fill="${i % 2 ? '#3d6b35' : '#557d3f'}"/>`);
  }
  const stripes = Array.from({ length: 14 }, (_, i) => `<rect y="${h * (0.62 + i * 0.028)}" width="${w}" height="${h * 0.008}" fill="#9c9a92"/>`).join('');
  return `<rect width="${w}" height="${h}" fill="#a9c4dc"/>${parts.join('')}<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#77766f"/>${stripes}`;
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
  const greyStudio = studio(w, h, ['#e4e6e9', '#c9ccd1'], ['#a9abae', '#8d8f92'], 0.75);
  return [
    scene('studio', 'a blue car with black tyres on a studio floor, its contact shadow under it', w, h, greyStudio, { body: '#236ea0' }),
    scene('black car', 'a black car with black tyres on a studio floor, its contact shadow under it', w, h, greyStudio, { body: '#1b1c1f', tyre: '#121212' }),
    scene(
      'white car, white wall',
      'a white car in front of a white wall, on a light floor',
      w,
      h,
      studio(w, h, ['#f6f6f6', '#eeeeee'], ['#e2e2e2', '#d2d2d2'], 0.45),
      { body: '#f2f2f0' },
    ),
    scene('busy background', 'a red car in front of buildings and trees, on a striped street', w, h, busy(w, h), { body: '#b3202a' }),
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

/** A 1-channel mask selecting a rectangle given in shares of the picture. */
export function regionMask(w: number, h: number, r: { left: number; top: number; width: number; height: number }): Raster {
  const data = Buffer.alloc(w * h);
  for (let y = Math.round(r.top * h); y < Math.round((r.top + r.height) * h); y++) data.fill(255, y * w + Math.round(r.left * w), y * w + Math.round((r.left + r.width) * w));
  return { data, width: w, height: h, channels: 1 };
}

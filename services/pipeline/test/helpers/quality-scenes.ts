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
  /** the two side windows, corners as [x, y] */
  windows: [
    [[0.33, 0.44], [0.395, 0.32], [0.49, 0.32], [0.49, 0.44]],
    [[0.51, 0.44], [0.51, 0.32], [0.605, 0.32], [0.69, 0.44]],
  ] as Array<Array<[number, number]>>,
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

/** A window's outline as an SVG path. */
function windowPath(w: number, h: number, corners: Array<[number, number]>): string {
  return `M ${corners.map(([cx, cy]) => `${w * cx} ${h * cy}`).join(' L ')} Z`;
}

/**
 * The side windows: painted (dark glass, or a mask's colour), or glass through which the
 * element `glass` (the background behind the car) shows, darkened by the glass's tint.
 */
function windowsSvg(w: number, h: number, how: { fill: string } | { glass: string }): string {
  const paths = CAR.windows.map((c) => windowPath(w, h, c));
  if ('fill' in how) return paths.map((d) => `<path d="${d}" fill="${how.fill}"/>`).join('\n  ');
  return `<clipPath id="glass">${paths.map((d) => `<path d="${d}"/>`).join('')}</clipPath>
  <use xlink:href="#${how.glass}" clip-path="url(#glass)"/>
  ${paths.map((d) => `<path d="${d}" fill="#0c1118" fill-opacity="0.42"/>`).join('')}`;
}

/** How the car is drawn besides its paint. */
interface CarLook {
  /** every shape in this colour (a cast shadow); with `mask`, white */
  silhouette?: string;
  /** the windows are glass: the element of this id (the background) shows through them, tinted */
  glass?: string;
  /** with `mask`: the windows left out (the see-through truth) */
  windowsOut?: boolean;
}

/** The car's shapes; with `mask`, every shape white (the known mask). */
function carSvg(w: number, h: number, paint: CarPaint, mask: boolean, look: CarLook = {}): string {
  const fill = (c: string) => (mask ? '#ffffff' : (look.silhouette ?? c));
  const { body: b, roof, cabin } = CAR;
  const shade = paint.shading ?? 1;
  const shading = mask || look.silhouette || shade === 0 ? '' : 'fill="url(#shade)"';
  const x = (f: number) => w * f;
  const y = (f: number) => h * f;
  const glass = mask || look.silhouette ? undefined : look.glass;
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
  ${windowsSvg(w, h, glass ? { glass } : { fill: mask && look.windowsOut ? '#000000' : fill('#2b3440') })}
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
  /** the car alone, white on black; its windows belong to it */
  maskSvg: string;
  /** for a car whose windows show the background: the car without its windows (see-through glass) */
  seeThroughMaskSvg?: string;
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
 * A parking lot: sky, a hedge along the horizon, asphalt with painted bays behind and in
 * front of the car.
 */
function lot(w: number, h: number): string {
  const horizon = 0.5;
  const hedge = Array.from({ length: 18 }, (_, i) => `<circle cx="${w * (i * 0.06)}" cy="${h * 0.47}" r="${h * 0.05}" fill="${i % 2 ? '#4f7a3f' : '#456e37'}"/>`).join('');
  const bays = (top: number, bottom: number, lean: number) =>
    Array.from({ length: 9 }, (_, i) => {
      const x0 = w * (i * 0.13 - 0.02);
      return `<path d="M ${x0} ${h * top} L ${x0 + w * 0.012} ${h * top} L ${x0 + w * (0.012 + lean)} ${h * bottom} L ${x0 + w * lean} ${h * bottom} Z" fill="#d8d5c8"/>`;
    }).join('');
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb9df"/><stop offset="1" stop-color="#e1ebf1"/></linearGradient>
  <linearGradient id="asphalt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a6c6e"/><stop offset="1" stop-color="#4c4e50"/></linearGradient>
  <rect width="${w}" height="${h * horizon}" fill="url(#sky)"/>${hedge}
  <rect y="${h * horizon}" width="${w}" height="${h * (1 - horizon)}" fill="url(#asphalt)"/>
  ${bays(0.52, 0.6, 0.01)}${bays(0.84, 1, 0.04)}`;
}

/** A sunny concrete yard under a blue sky, a low wall at its back. */
function yard(w: number, h: number): string {
  const horizon = 0.55;
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa6dc"/><stop offset="1" stop-color="#cfe1f0"/></linearGradient>
  <rect width="${w}" height="${h * horizon}" fill="url(#sky)"/>
  <rect y="${h * (horizon - 0.08)}" width="${w}" height="${h * 0.08}" fill="#b9a58a"/>
  <rect y="${h * horizon}" width="${w}" height="${h * (1 - horizon)}" fill="#d3c7ae"/>`;
}

/** A car of its own, drawn smaller (`scale`) with its left end at `left` and its tyres' bottom at `ground` (shares of the picture). */
function carAt(w: number, h: number, paint: CarPaint, scale: number, left: number, ground: number): string {
  const tx = w * (left - CAR.body.left * scale);
  const ty = h * (ground - (CAR.wheelY + CAR.tyre) * scale);
  const shadow = `<ellipse cx="${tx + w * 0.5 * scale}" cy="${h * ground}" rx="${w * 0.36 * scale}" ry="${h * 0.02}" fill="#000000" fill-opacity="0.45" filter="url(#soft)"/>`;
  return `${shadow}<g transform="translate(${tx} ${ty}) scale(${scale})">${carSvg(w, h, paint, false)}</g>`;
}

/** A hard, dark contact shadow under the whole car, as dark as the tyres, which stand in it. */
function contactShadow(w: number, h: number, colour: string): string {
  const { body } = CAR;
  const [top, bottom] = [body.bottom + 0.005, CAR.wheelY + CAR.tyre + 0.025];
  // a band with round ends, from under the sills to a little below the tyres
  return `<rect x="${w * (body.left + 0.01)}" y="${h * top}" width="${w * (body.right - body.left - 0.02)}" height="${h * (bottom - top)}" rx="${(h * (bottom - top)) / 2}" fill="${colour}"/>`;
}

/**
 * The car's shadow cast by a low sun from the upper left: its silhouette laid down on the
 * floor, running right and towards the camera from where the tyres touch the ground, hard-edged.
 */
function castShadow(w: number, h: number, colour: string): string {
  const ground = h * (CAR.wheelY + CAR.tyre);
  // x' = x + run (ground - y), y' = ground + drop (ground - y)
  const run = 1.2;
  const drop = 0.35;
  return `<g transform="matrix(1 0 ${-run} ${-drop} ${run * ground} ${(1 + drop) * ground})">${carSvg(w, h, { body: colour }, false, { silhouette: colour })}</g>`;
}

/** The shop window's frame in front of the car: a sill, a head and dark vertical mullions, two of them crossing the car. */
function windowFrame(w: number, h: number, fill: string): string {
  const bars = [0.05, 0.4, 0.79].map((x) => `<rect x="${w * x}" width="${w * 0.03}" height="${h}" fill="${fill}"/>`).join('');
  return `<rect width="${w}" height="${h * 0.05}" fill="${fill}"/><rect y="${h * 0.93}" width="${w}" height="${h * 0.07}" fill="${fill}"/>${bars}`;
}

/** The sky's faint reflection in the shop window: light diagonal bands over the whole picture. */
function reflection(w: number, h: number): string {
  const band = (top: number, width: number, opacity: number) =>
    `<path d="M ${w * top} 0 L ${w * (top + width)} 0 L ${w * (top + width - 0.45)} ${h} L ${w * (top - 0.45)} ${h} Z" fill="#ffffff" fill-opacity="${opacity}"/>`;
  return band(0.2, 0.12, 0.16) + band(0.42, 0.05, 0.1) + band(0.85, 0.18, 0.12);
}

/**
 * A scene with parts of its own beyond the background: `behind` the car (another car, a
 * shadow), `front` of it (a window's frame: not car, cut out of the known mask too), and
 * `over` the whole picture (a reflection in glass, which hides nothing).
 */
function layeredScene(
  name: string,
  what: string,
  w: number,
  h: number,
  layers: { background: string; behind?: string; front?: (fill: string) => string; over?: string },
  paint: CarPaint,
  noise = 4,
): QualityScene {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">`;
  const front = layers.front ?? (() => '');
  return {
    name,
    what,
    svg: `${open}${defs(w, paint.shading ?? 1)}${layers.background}${layers.behind ?? ''}${carSvg(w, h, paint, false)}${front('#2a2c2f')}${layers.over ?? ''}</svg>`,
    maskSvg: `${open}<rect width="${w}" height="${h}" fill="#000000"/>${carSvg(w, h, paint, true)}${front('#000000')}</svg>`,
    paint,
    noise,
  };
}

/**
 * Beyond the classical segmenter (measured by the benchmark, not required), each with the
 * known mask of the front car alone:
 * - black tyres standing in their own dark shadow on a dark floor, where nothing in the
 *   picture tells the rubber from the shadow;
 * - another car parked behind, touching the car: colours seen nowhere along the border;
 * - tyres merging into a hard contact shadow as dark as they are, on a light floor;
 * - a long hard shadow cast sideways by a low sun, touching the car;
 * - the car seen through a shop window: mullions standing in front of it (not car) and a
 *   faint reflection over everything.
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
    layeredScene(
      'second car behind',
      'a blue car on a parking lot, a smaller yellow car parked further back behind it, touching it; the truth is the front car alone',
      w,
      h,
      { background: lot(w, h), behind: carAt(w, h, { body: '#d9a520' }, 0.7, 0.5, 0.6) },
      { body: '#236ea0' },
    ),
    layeredScene(
      'tyres in their shadow',
      'a red car on a light floor, its black tyres standing in a hard contact shadow as dark as they are',
      w,
      h,
      { background: studio(w, h, ['#f2f2f0', '#e4e4e2'], ['#d6d6d3', '#c4c4c1'], 0), behind: contactShadow(w, h, '#1b1b1b') },
      { body: '#b3202a' },
    ),
    layeredScene(
      'hard shadow',
      'a silver car in low sun on a concrete yard, its long hard-edged shadow cast sideways onto the floor from its tyres',
      w,
      h,
      { background: yard(w, h), behind: castShadow(w, h, '#5e5649') },
      { body: '#b4b8bd' },
    ),
    layeredScene(
      'through a showroom window',
      'a burgundy car in a bright showroom seen from outside through its window: dark mullions in front of the car, a faint reflection of the sky over all; the truth is the car minus the bars',
      w,
      h,
      { background: studio(w, h, ['#eef0f2', '#d9dce0'], ['#bfc2c6', '#a7aaae'], 0.4), front: (fill) => windowFrame(w, h, fill), over: reflection(w, h) },
      { body: '#7a1f2b' },
    ),
  ];
}

/**
 * A scene whose side windows are glass: the background behind the car shows through them,
 * darkened by the tint. Two truths: the car with its windows (`maskSvg`, as the classical
 * segmenter and a dealer wanting opaque glass see it) and without (`seeThroughMaskSvg`).
 */
function glassScene(name: string, what: string, w: number, h: number, background: string, paint: CarPaint, noise = 4): QualityScene {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}">`;
  const truth = (windowsOut: boolean) => `${open}<rect width="${w}" height="${h}" fill="#000000"/>${carSvg(w, h, paint, true, { windowsOut })}</svg>`;
  return {
    name,
    what,
    svg: `${open}${defs(w, paint.shading ?? 1)}<g id="background">${background}</g>${carSvg(w, h, paint, false, { glass: 'background' })}</svg>`,
    maskSvg: truth(false),
    seeThroughMaskSvg: truth(true),
    paint,
    noise,
  };
}

/** Scenes whose car has see-through side windows (see `glassScene`): a studio, a street, a parking lot. */
export function windowScenes(w = 512, h = 384): QualityScene[] {
  return [
    glassScene('studio, glass', 'a blue car on a grey studio floor, the wall showing through its side windows', w, h, studio(w, h, ['#e4e6e9', '#c9ccd1'], ['#a9abae', '#8d8f92'], 0.4), { body: '#236ea0' }),
    glassScene('street, glass', 'a red car in front of buildings, their facades and windows showing through its side windows', w, h, busy(w, h), { body: '#b3202a' }),
    glassScene('lot, glass', 'a white car on a parking lot, sky and hedge showing through its side windows', w, h, lot(w, h), { body: '#e9e9e7', outline: '#b0b0ae' }),
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

/**
 * The known mask (255 = car). With `windows` 'see-through' the windows of a car whose glass
 * shows the background are not car; a scene with painted windows has one truth for both.
 */
export async function knownMask(s: QualityScene, w: number, h: number, windows: 'opaque' | 'see-through' = 'opaque'): Promise<Raster> {
  const svg = windows === 'see-through' ? (s.seeThroughMaskSvg ?? s.maskSvg) : s.maskSvg;
  const { data } = await sharp(Buffer.from(svg)).resize(w, h).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
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

/** Whether the point lies inside the polygon (even-odd rule). */
function inside(px: number, py: number, poly: Array<[number, number]>): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/**
 * The car's side windows, as a 1-channel mask: pixels a pixel or more inside the glass (as
 * `tyreMask` stays off the rubber's edges), for measuring how much of the glass a mask keeps.
 */
export function windowMask(w: number, h: number): Raster {
  const data = Buffer.alloc(w * h);
  const polys = CAR.windows.map((c) => c.map(([x, y]) => [x * w, y * h] as [number, number]));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [cx, cy] = [x + 0.5, y + 0.5];
      const within = (p: Array<[number, number]>) => inside(cx, cy, p) && inside(cx - 1, cy, p) && inside(cx + 1, cy, p) && inside(cx, cy - 1, p) && inside(cx, cy + 1, p);
      if (polys.some(within)) data[y * w + x] = 255;
    }
  }
  return { data, width: w, height: h, channels: 1 };
}

export interface SegmentationMeasures {
  /** intersection over union (>= 128 = set) */
  iou: number;
  /** share of the car's pixels the mask drops */
  carLost: number;
  /** background pixels the mask keeps, as a share of the car's area */
  backgroundKept: number;
  /**
   * mean width in pixels of the mask's soft edge: its pixels between 10 % and 90 % (26..229)
   * per pixel of the car's outline. 0 for a binary mask, 1 to 3 for a clean anti-aliased edge,
   * many for a blur.
   */
  edgeBand: number;
}

/** How a mask (1 channel, 255 = car, soft edges allowed) compares with the true one. */
export function segmentationMeasures(mask: Raster, truth: Raster): SegmentationMeasures {
  const { width: w, height: h } = truth;
  const car = (i: number) => truth.data[i] >= 128;
  let area = 0;
  let inter = 0;
  let lost = 0;
  let extra = 0;
  let soft = 0;
  let outline = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const m = mask.data[i];
      if (m >= 26 && m <= 229) soft++;
      if (!car(i)) {
        if (m >= 128) extra++;
        continue;
      }
      area++;
      if (m >= 128) inter++;
      else lost++;
      if ((x > 0 && !car(i - 1)) || (x < w - 1 && !car(i + 1)) || (y > 0 && !car(i - w)) || (y < h - 1 && !car(i + w))) outline++;
    }
  }
  const union = area + extra;
  return {
    iou: union ? inter / union : 1,
    carLost: area ? lost / area : 0,
    backgroundKept: area ? extra / area : extra ? Infinity : 0,
    edgeBand: soft / Math.max(1, outline),
  };
}

import sharp from 'sharp';
import type { Raster } from '../../src/imaging/raster';
import { quadBounds, quadToSquare, type Point, type Quad } from '../../src/plates/quad-geometry';

/**
 * Drawn scenes of cars with number plates, with known answers, for the plate finder's tests
 * and benchmark: where each plate is (its quadrilateral, exact to the pixel, because the
 * plate is drawn flat and laid onto the picture through the same homography as the truth)
 * and where the car is (its own pixels, as a segmenter would give them).
 *
 * The car is a simple solid seen through a pinhole camera: a body (a box with bumper, grille
 * and headlights at the front, tail lights at the rear), a cabin (a frustum of glass framed
 * in paint), tyres and wheels, standing on the ground in a soft shadow. Turning it about its
 * vertical axis (the yaw) gives the front, the rear and the three-quarter views; a plate on
 * the bumper turns with it, so a plate at a yaw is a true perspective trapezoid. A roll turns
 * the car (and its plate) in the picture's plane.
 *
 * What counts as a plate: only plates fixed on a car. The scene with two plates has two cars,
 * each with its plate; no scene has a loose plate (leaning on a wall, in a window), which
 * would be a plate but not one on a car. Other text is there to tempt a text detector and is
 * never a plate: a dealer's sign on the wall, a phone number banner, a price board behind the
 * windscreen, a model badge on the boot.
 *
 * View names say which side of the picture the car's flank shows on: 'front-left' is the
 * car's front with its flank to the left of the picture (the car turned to our left).
 */

export type PlateCountry = 'DK' | 'DE' | 'HU' | 'JP';

export interface PlateScene {
  name: string;
  country: PlateCountry | null;
  view: string;
  /** what is drawn, for reports */
  what: string;
  width: number;
  height: number;
  png: Buffer;
  /** the true plates, corners clockwise from the top-left as the plate reads, in pixels of this picture */
  plates: Quad[];
  /** 1 channel, 255 = the cars' own pixels (plates, glass and wheels included), 0 elsewhere */
  carMask: Raster;
}

type View = 'front' | 'rear' | 'front-left' | 'front-right' | 'rear-left' | 'rear-right';

interface PlateSpec {
  country: PlateCountry;
  text: string;
  /** JP: the small top row (region and class number) */
  top?: string;
  /** JP: a kei car's yellow plate (black text) */
  kei?: boolean;
  /** smudged, muddy and low in contrast */
  dirty?: boolean;
  /** light on the plate: 1 = as the car, below 1 in shade */
  light?: number;
}

interface CarSpec {
  view: View;
  /** degrees for the three-quarter views */
  yaw?: number;
  paint: string;
  plate?: PlateSpec;
  /** with no plate: an empty plate holder on the bumper (else a smooth bumper) */
  holder?: boolean;
  /** the price board behind the windscreen (seen from the front) */
  priceBoard?: boolean;
  /** the model badge on the boot (seen from the rear) */
  badge?: string;
  /** the camera's distance from the car's middle, metres */
  distance?: number;
  /** the car's height in shares of the picture's height, or its plate's width in shares of the picture's width */
  fit: { carHeight: number } | { plateWidth: number };
  /** where the car stands: its middle (share of the width) and where its tyres touch the ground (share of the height) */
  at: number;
  ground: number;
  /** the picture's plane turn of the car, degrees clockwise */
  roll?: number;
}

type Background = 'studio' | 'street' | 'lot';
type Sign = 'dealer' | 'phone';

interface SceneSpec {
  name: string;
  what: string;
  background: Background;
  signs?: Sign[];
  cars: CarSpec[];
}

// ---------------------------------------------------------------------------------------------
// The car as a solid, in metres: x across (+x on the picture's right seen from the front),
// y up from the ground, z along (the front at -2.2, the rear at +2.2).

type V3 = [number, number, number];

const CAR = {
  halfWidth: 0.9,
  halfLength: 2.2,
  bodyBottom: 0.3,
  bodyTop: 1.0,
  cabinBottom: { halfWidth: 0.82, front: -0.75, rear: 1.65 },
  cabinTop: { y: 1.48, halfWidth: 0.68, front: 0.0, rear: 1.25 },
  wheelZ: [-1.4, 1.35],
  tyre: 0.33,
  rim: 0.2,
  tyreWidth: 0.24,
  plateY: 0.45,
};

const CAMERA_HEIGHT = 1.3;

/** Plate sizes in metres (EU 520 x 110 mm, Japan 330 x 165 mm). */
export const PLATE_SIZES: Record<PlateCountry, { width: number; height: number }> = {
  DK: { width: 0.52, height: 0.11 },
  DE: { width: 0.52, height: 0.11 },
  HU: { width: 0.52, height: 0.11 },
  JP: { width: 0.33, height: 0.165 },
};

/** A hexahedron's 8 corners: bottom ring then top ring, each front-left, front-right, rear-right, rear-left. */
function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): V3[] {
  return [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y0, z1],
    [x0, y0, z1],
    [x0, y1, z0],
    [x1, y1, z0],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
}

type FaceName = 'bottom' | 'top' | 'front' | 'rear' | 'left' | 'right';

/** The six faces of a hexahedron given as `box` orders its corners. */
const FACES: Array<[FaceName, number[]]> = [
  ['bottom', [0, 1, 2, 3]],
  ['top', [4, 5, 6, 7]],
  ['front', [0, 1, 5, 4]],
  ['rear', [3, 2, 6, 7]],
  ['left', [0, 3, 7, 4]],
  ['right', [1, 2, 6, 5]],
];

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const mean3 = (ps: V3[]): V3 => [0, 1, 2].map((k) => ps.reduce((s, p) => s + p[k], 0) / ps.length) as V3;
const lerp3 = (a: V3, b: V3, t: number): V3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** Multiplies a colour's channels (light on a face). */
function tone(hex: string, k: number): string {
  const v = parseInt(hex.replace('#', ''), 16);
  const ch = (s: number) => Math.max(0, Math.min(255, Math.round(((v >> s) & 255) * k)));
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, '0')).join('')}`;
}

/** The camera for one car: yaw turns the car, then a pinhole projection, a scale and shift, and a roll in the picture's plane. */
class CarCamera {
  private readonly cos: number;
  private readonly sin: number;
  private f = 1;
  private ox = 0;
  private oy = 0;
  private rollCos = 1;
  private rollSin = 0;
  private pivot: Point = { x: 0, y: 0 };
  /** where the level of the camera's eye falls in the picture (before the roll) */
  horizon = 0;

  constructor(
    yawDegrees: number,
    readonly distance: number,
  ) {
    const a = (yawDegrees * Math.PI) / 180;
    this.cos = Math.cos(a);
    this.sin = Math.sin(a);
  }

  /** The car's point in the world (turned by the yaw). */
  world(p: V3): V3 {
    return [p[0] * this.cos - p[2] * this.sin, p[1], p[0] * this.sin + p[2] * this.cos];
  }

  eye(): V3 {
    return [0, CAMERA_HEIGHT, -this.distance];
  }

  /** Normalised projection (before scale, shift and roll). */
  private raw(p: V3): Point {
    const w = this.world(p);
    const zc = w[2] + this.distance;
    return { x: w[0] / zc, y: (CAMERA_HEIGHT - w[1]) / zc };
  }

  frame(f: number, ox: number, oy: number, rollDegrees: number, pivot: Point): void {
    this.f = f;
    this.ox = ox;
    this.oy = oy;
    this.horizon = oy;
    const r = (rollDegrees * Math.PI) / 180;
    this.rollCos = Math.cos(r);
    this.rollSin = Math.sin(r);
    this.pivot = pivot;
  }

  /** Pixels of a point of the car. */
  project(p: V3): Point {
    const n = this.raw(p);
    const x = this.ox + this.f * n.x - this.pivot.x;
    const y = this.oy + this.f * n.y - this.pivot.y;
    return { x: this.pivot.x + x * this.rollCos - y * this.rollSin, y: this.pivot.y + x * this.rollSin + y * this.rollCos };
  }

  rawBounds(ps: V3[]): { left: number; top: number; right: number; bottom: number } {
    return quadBounds(ps.map((p) => this.raw(p)));
  }

  rawPoint(p: V3): Point {
    return this.raw(p);
  }

  /** Whether a face with this outward normal (car coordinates) through this point faces the camera. */
  sees(normal: V3, at: V3): boolean {
    return dot(this.world(normal), sub(this.eye(), this.world(at))) > 1e-9;
  }
}

function viewYaw(view: View, yaw = 35): number {
  switch (view) {
    case 'front':
      return 0;
    case 'rear':
      return 180;
    case 'front-left':
      return yaw;
    case 'front-right':
      return -yaw;
    case 'rear-left':
      return 180 + yaw;
    case 'rear-right':
      return 180 - yaw;
  }
}

/** A flat thing on the car: four corners in car coordinates, clockwise from the top-left as it reads. */
type Patch = [V3, V3, V3, V3];

/** A point on the body's front or rear face: `u` metres right of the middle as one reads there, `y` up. */
function onFace(face: 'front' | 'rear', u: number, y: number): V3 {
  return face === 'front' ? [u, y, -CAR.halfLength] : [-u, y, CAR.halfLength];
}

function faceRect(face: 'front' | 'rear', u0: number, u1: number, y0: number, y1: number): Patch {
  return [onFace(face, u0, y1), onFace(face, u1, y1), onFace(face, u1, y0), onFace(face, u0, y0)];
}

/** The plate's four corners on the bumper. */
function platePatch(face: 'front' | 'rear', country: PlateCountry): Patch {
  const { width, height } = PLATE_SIZES[country];
  return faceRect(face, -width / 2, width / 2, CAR.plateY - height / 2, CAR.plateY + height / 2);
}

/** The price board behind the windscreen, low on the passenger's side. */
function pricePatch(): Patch {
  const b = CAR.cabinBottom;
  const t = CAR.cabinTop;
  // the windscreen: bottom edge at the cabin's front bottom, top edge at its front top
  const bl: V3 = [-b.halfWidth, CAR.bodyTop, b.front];
  const br: V3 = [b.halfWidth, CAR.bodyTop, b.front];
  const tl: V3 = [-t.halfWidth, t.y, t.front];
  const tr: V3 = [t.halfWidth, t.y, t.front];
  const at = (s: number, v: number): V3 => {
    const lo = lerp3(bl, br, s);
    const hi = lerp3(tl, tr, s);
    // a hair behind the glass: towards the inside is +z
    const p = lerp3(lo, hi, v);
    return [p[0], p[1], p[2] + 0.01];
  };
  return [at(0.52, 0.5), at(0.88, 0.5), at(0.88, 0.1), at(0.52, 0.1)];
}

interface Shape {
  d: string;
  fill: string;
  /** not part of the car (its shadow) */
  notCar?: boolean;
  filter?: string;
  opacity?: number;
}

/** The convex hull of points, clockwise on the picture (Andrew's monotone chain). */
function convexHull(points: Point[]): Point[] {
  const ps = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const turn = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (seq: Point[]) => {
    const out: Point[] = [];
    for (const p of seq) {
      while (out.length >= 2 && turn(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(ps), ...half([...ps].reverse())];
}

function pathOf(ps: Point[]): string {
  return `M ${ps.map((p) => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`).join(' L ')} Z`;
}

/** A circle on a side of the car (x fixed), as a polygon; y clamped from below. */
function sideCircle(x: number, y: number, z: number, r: number, minY = -Infinity): V3[] {
  return Array.from({ length: 48 }, (_, i) => {
    const a = (i / 48) * 2 * Math.PI;
    return [x, Math.max(minY, y + r * Math.sin(a)), z + r * Math.cos(a)] as V3;
  });
}

/** Light from above, a little from the front and the left. */
const LIGHT: V3 = (() => {
  const l: V3 = [-0.35, 1, -0.55];
  const n = Math.hypot(...l);
  return l.map((v) => v / n) as V3;
})();

function faceLight(cam: CarCamera, normal: V3): number {
  return 0.74 + 0.3 * Math.max(0, dot(cam.world(normal), LIGHT));
}

/** The car's shapes, back to front, and where its plate, price board and badge go. */
function carShapes(cam: CarCamera, car: CarSpec): { shapes: Shape[]; patches: Array<{ kind: 'plate' | 'price' | 'badge'; corners: Quad }> } {
  const shapes: Shape[] = [];
  const poly = (ps: V3[], fill: string, extra: Partial<Shape> = {}) => shapes.push({ d: pathOf(ps.map((p) => cam.project(p))), fill, ...extra });
  const { halfWidth: hw, halfLength: hl } = CAR;
  const paint = car.paint;

  // the soft shadow on the ground
  poly(
    [
      [-hw - 0.1, 0, -hl - 0.1],
      [hw + 0.1, 0, -hl - 0.1],
      [hw + 0.1, 0, hl + 0.1],
      [-hw - 0.1, 0, hl + 0.1],
    ],
    '#000000',
    { notCar: true, filter: 'url(#soft)', opacity: 0.5 },
  );

  // tyres, the farthest first
  // tyres (cylinders: the outline of both their sides), the farthest first
  const tyres = CAR.wheelZ.flatMap((z) =>
    [-1, 1].map((side) => {
      const x0 = side < 0 ? -hw + 0.03 : hw - 0.03 - CAR.tyreWidth;
      return [...sideCircle(x0, CAR.tyre, z, CAR.tyre), ...sideCircle(x0 + CAR.tyreWidth, CAR.tyre, z, CAR.tyre)];
    }),
  );
  const depth = (ps: V3[]) => cam.world(mean3(ps))[2];
  tyres.sort((a, b) => depth(b) - depth(a));
  for (const t of tyres) shapes.push({ d: pathOf(convexHull(t.map((p) => cam.project(p)))), fill: '#141414' });

  // the body
  const body = box(-hw, hw, CAR.bodyBottom, CAR.bodyTop, -hl, hl);
  const visible: FaceName[] = [];
  solid(body, (name, normal) => {
    visible.push(name);
    const k = faceLight(cam, normal);
    return tone(paint, name === 'top' ? Math.min(1.08, k + 0.04) : k);
  });
  const patches: Array<{ kind: 'plate' | 'price' | 'badge'; corners: Quad }> = [];

  for (const face of ['front', 'rear'] as const) {
    if (!visible.includes(face)) continue;
    const k = faceLight(cam, face === 'front' ? [0, 0, -1] : [0, 0, 1]);
    const rect = (u0: number, u1: number, y0: number, y1: number, fill: string) => poly(faceRect(face, u0, u1, y0, y1), fill);
    // bumper: a darker band, with the air intake below the plate
    rect(-hw, hw, CAR.bodyBottom, 0.56, tone(paint, k * 0.86));
    rect(-hw, hw, 0.555, 0.57, tone(paint, k * 0.6));
    rect(-0.62, 0.62, 0.31, 0.36, '#1c1d1f');
    if (face === 'front') {
      rect(-0.46, 0.46, 0.62, 0.86, '#1b1c1e');
      for (let i = 0; i < 4; i++) rect(-0.44, 0.44, 0.65 + i * 0.055, 0.665 + i * 0.055, '#3a3c40');
      for (const s of [-1, 1]) {
        const [a, b] = s < 0 ? [-0.86, -0.54] : [0.54, 0.86];
        rect(a, b, 0.7, 0.87, '#2a2d31');
        rect(a + 0.02, b - 0.02, 0.72, 0.85, '#e9eef2');
        rect(s < 0 ? a + 0.04 : b - 0.12, s < 0 ? a + 0.12 : b - 0.04, 0.75, 0.82, '#fffbe8');
      }
      poly(
        Array.from({ length: 24 }, (_, i) => onFace('front', 0.07 * Math.cos((i / 24) * 2 * Math.PI), 0.74 + 0.07 * Math.sin((i / 24) * 2 * Math.PI))),
        '#c9ccd0',
      );
    } else {
      // boot lid line and tail lights
      rect(-0.8, 0.8, 0.905, 0.915, tone(paint, k * 0.6));
      for (const s of [-1, 1]) {
        const [a, b] = s < 0 ? [-0.88, -0.5] : [0.5, 0.88];
        rect(a, b, 0.7, 0.88, '#5a0d12');
        rect(a + 0.02, b - 0.02, 0.72, 0.86, '#c0161f');
        rect(s < 0 ? a + 0.03 : b - 0.12, s < 0 ? a + 0.12 : b - 0.03, 0.74, 0.79, '#f1f1ee');
      }
    }
    const plateFace = car.view.startsWith('front') ? 'front' : 'rear';
    if (face === plateFace) {
      if (car.plate) {
        const { width, height } = PLATE_SIZES[car.plate.country];
        // the holder around the plate, then the plate itself (laid on later)
        rect(-width / 2 - 0.015, width / 2 + 0.015, CAR.plateY - height / 2 - 0.015, CAR.plateY + height / 2 + 0.015, '#202124');
        patches.push({ kind: 'plate', corners: platePatch(face, car.plate.country).map((p) => cam.project(p)) as Quad });
      } else if (car.holder) {
        rect(-0.275, 0.275, CAR.plateY - 0.07, CAR.plateY + 0.07, '#202124');
        rect(-0.255, 0.255, CAR.plateY - 0.05, CAR.plateY + 0.05, '#35373b');
        for (const s of [-1, 1]) rect(s * 0.2 - 0.012, s * 0.2 + 0.012, CAR.plateY - 0.012, CAR.plateY + 0.012, '#8a8d91');
      }
    }
    if (face === 'rear' && car.badge) {
      patches.push({ kind: 'badge', corners: faceRect('rear', 0.42, 0.74, 0.59, 0.665).map((p) => cam.project(p)) as Quad });
    }
  }

  // flanks: a sill, a door line, wheel arches, wheels
  for (const side of [-1, 1]) {
    const name: FaceName = side < 0 ? 'left' : 'right';
    if (!visible.includes(name)) continue;
    const x = side * (hw + 0.002);
    const k = faceLight(cam, [side, 0, 0]);
    const flank = (z0: number, z1: number, y0: number, y1: number, fill: string) =>
      poly(
        [
          [x, y1, z0],
          [x, y1, z1],
          [x, y0, z1],
          [x, y0, z0],
        ],
        fill,
      );
    flank(-hl, hl, CAR.bodyBottom, 0.4, tone(paint, k * 0.72));
    for (const z of [-0.6, 0.55]) flank(z, z + 0.012, 0.42, 0.95, tone(paint, k * 0.55));
    for (const z of [-0.35, 0.8]) flank(z, z + 0.16, 0.82, 0.85, '#2c2e31');
    for (const wz of CAR.wheelZ) {
      poly(sideCircle(x, CAR.tyre, wz, CAR.tyre + 0.05, CAR.bodyBottom), '#18191b');
      poly(sideCircle(x + side * 0.002, CAR.tyre, wz, CAR.tyre), '#151515');
      poly(sideCircle(x + side * 0.004, CAR.tyre, wz, CAR.rim), '#a4a8ad');
      poly(sideCircle(x + side * 0.006, CAR.tyre, wz, CAR.rim * 0.35), '#5d6166');
    }
  }

  // the cabin: panes of glass framed in paint
  const b = CAR.cabinBottom;
  const t = CAR.cabinTop;
  const cabin: V3[] = [
    [-b.halfWidth, CAR.bodyTop, b.front],
    [b.halfWidth, CAR.bodyTop, b.front],
    [b.halfWidth, CAR.bodyTop, b.rear],
    [-b.halfWidth, CAR.bodyTop, b.rear],
    [-t.halfWidth, t.y, t.front],
    [t.halfWidth, t.y, t.front],
    [t.halfWidth, t.y, t.rear],
    [-t.halfWidth, t.y, t.rear],
  ];
  solid(cabin, (name, normal, corners) => {
    const k = faceLight(cam, normal);
    if (name !== 'top' && name !== 'bottom') {
      const frame = tone(paint, k);
      const c = mean3(corners);
      const inset = name === 'left' || name === 'right' ? 0.16 : 0.1;
      // drawn by `solid` after the frame: the glass a little inside it
      return { frame, glass: corners.map((p) => lerp3(p, c, inset)), glassFill: name === 'front' || name === 'rear' ? '#1f2832' : '#27313c' };
    }
    return tone(paint, k);
  });
  if (car.priceBoard && visible.includes('front')) patches.push({ kind: 'price', corners: pricePatch().map((p) => cam.project(p)) as Quad });
  return { shapes, patches };

  /** A convex solid's faces that face the camera; `fill` says how (a colour, or a frame with glass inside). */
  function solid(
    vs: V3[],
    fill: (name: FaceName, normal: V3, corners: V3[]) => string | { frame: string; glass: V3[]; glassFill: string },
  ): void {
    const centre = mean3(vs);
    for (const [name, idx] of FACES) {
      const corners = idx.map((i) => vs[i]);
      let normal = cross(sub(corners[1], corners[0]), sub(corners[2], corners[0]));
      const len = Math.hypot(...normal);
      normal = normal.map((v) => v / len) as V3;
      if (dot(normal, sub(mean3(corners), centre)) < 0) normal = normal.map((v) => -v) as V3;
      if (!cam.sees(normal, corners[0])) continue;
      const how = fill(name, normal, corners);
      if (typeof how === 'string') poly(corners, how);
      else {
        poly(corners, how.frame);
        poly(how.glass, how.glassFill);
      }
    }
  }
}

/** Frames the car in the picture as its spec asks, and returns its camera. */
function frameCar(car: CarSpec, w: number, h: number): CarCamera {
  const cam = new CarCamera(viewYaw(car.view, car.yaw), car.distance ?? 6.5);
  const hw = CAR.halfWidth;
  const hl = CAR.halfLength;
  const all = [...box(-hw, hw, 0, CAR.bodyTop, -hl, hl), ...box(-CAR.cabinTop.halfWidth, CAR.cabinTop.halfWidth, 0, CAR.cabinTop.y, CAR.cabinTop.front, CAR.cabinTop.rear)];
  const bounds = cam.rawBounds(all);
  let f: number;
  if ('carHeight' in car.fit) f = (car.fit.carHeight * h) / (bounds.bottom - bounds.top);
  else {
    const country = car.plate?.country ?? 'DK';
    const face = car.view.startsWith('front') ? 'front' : 'rear';
    const q = platePatch(face, country).map((p) => cam.rawPoint(p));
    const across = Math.max(Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y), Math.hypot(q[2].x - q[3].x, q[2].y - q[3].y));
    f = (car.fit.plateWidth * w) / across;
  }
  const ox = car.at * w - (f * (bounds.left + bounds.right)) / 2;
  const oy = car.ground * h - f * bounds.bottom;
  const pivot = { x: car.at * w, y: car.ground * h - (f * (bounds.bottom - bounds.top)) / 2 };
  cam.frame(f, ox, oy, car.roll ?? 0, pivot);
  return cam;
}

// ---------------------------------------------------------------------------------------------
// Backgrounds: a grey studio, a street of shop fronts, a parking lot by a building's wall.
// `floor` is where the wall behind meets the ground (pixels).

function studio(w: number, h: number, floor: number): string {
  return `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dbde"/><stop offset="1" stop-color="#bfc2c6"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a2a4a7"/><stop offset="1" stop-color="#848689"/></linearGradient>
  <rect width="${w}" height="${floor}" fill="url(#wall)"/><rect y="${floor}" width="${w}" height="${h - floor}" fill="url(#floor)"/>`;
}

function street(w: number, h: number, floor: number): string {
  const facades = ['#8a6f5a', '#c9b79c', '#5f6b73', '#a44a3f', '#d8d2c4', '#6d7f5e', '#b58d4c'];
  const parts: string[] = [];
  let x = 0;
  for (let i = 0; x < w; i++) {
    const bw = w * (0.14 + ((i * 37) % 5) * 0.025);
    parts.push(`<rect x="${x}" y="0" width="${bw + 1}" height="${floor}" fill="${facades[i % facades.length]}"/>`);
    for (let r = 0; r * h * 0.13 + h * 0.04 < floor - h * 0.12; r++) {
      for (let c = 0; c < 3; c++) parts.push(`<rect x="${x + bw * (0.1 + c * 0.31)}" y="${h * (0.04 + r * 0.13)}" width="${bw * 0.18}" height="${h * 0.07}" fill="#2a2f36"/>`);
    }
    x += bw;
  }
  const kerb = `<rect y="${floor}" width="${w}" height="${h * 0.025}" fill="#a9a79f"/>`;
  const road = `<rect y="${floor + h * 0.025}" width="${w}" height="${h}" fill="#5d5e5c"/>`;
  const lines = Array.from({ length: 8 }, (_, i) => `<rect x="${w * (i * 0.14 + 0.02)}" y="${h * 0.965}" width="${w * 0.07}" height="${h * 0.012}" fill="#e8e6da"/>`).join('');
  return parts.join('') + kerb + road + lines;
}

function lot(w: number, h: number, floor: number): string {
  const wallTop = Math.max(h * 0.08, floor - h * 0.45);
  const windows = Array.from({ length: 6 }, (_, i) => `<rect x="${w * (0.04 + i * 0.165)}" y="${wallTop + h * 0.06}" width="${w * 0.1}" height="${h * 0.12}" fill="#39434d"/>`).join('');
  const bays = Array.from({ length: 10 }, (_, i) => {
    const x0 = w * (i * 0.12 - 0.03);
    return `<path d="M ${x0} ${floor + h * 0.01} L ${x0 + w * 0.008} ${floor + h * 0.01} L ${x0 + w * 0.05} ${h} L ${x0 + w * 0.035} ${h} Z" fill="#d6d3c6"/>`;
  }).join('');
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb9df"/><stop offset="1" stop-color="#e1ebf1"/></linearGradient>
  <rect width="${w}" height="${wallTop}" fill="url(#sky)"/>
  <rect y="${wallTop}" width="${w}" height="${floor - wallTop}" fill="#b8a48c"/>
  <rect y="${wallTop}" width="${w}" height="${h * 0.012}" fill="#8c7a66"/>${windows}
  <rect y="${floor}" width="${w}" height="${h - floor}" fill="#5f6163"/>${bays}`;
}

const FONT = `font-family="DejaVu Sans" font-weight="bold"`;
const CONDENSED = `font-family="DejaVu Sans Condensed" font-weight="bold"`;

/** Text that is not a plate: a dealer's sign on the wall, a phone number banner. */
function signSvg(sign: Sign, w: number, h: number, index: number): string {
  const left = index % 2 ? w * 0.6 : w * 0.04;
  if (sign === 'dealer') {
    return `<rect x="${left}" y="${h * 0.03}" width="${w * 0.36}" height="${h * 0.085}" fill="#0d3b66" stroke="#e8e8e8" stroke-width="${h * 0.004}"/>
    <text x="${left + w * 0.18}" y="${h * 0.092}" ${FONT} font-size="${h * 0.05}" fill="#ffffff" text-anchor="middle">AUTO HANSEN A/S</text>`;
  }
  return `<rect x="${left}" y="${h * 0.14}" width="${w * 0.34}" height="${h * 0.06}" fill="#f4d03f"/>
  <text x="${left + w * 0.17}" y="${h * 0.185}" ${CONDENSED} font-size="${h * 0.04}" fill="#1a1a1a" text-anchor="middle">RING 70 20 30 40</text>`;
}

// ---------------------------------------------------------------------------------------------
// Flat plates and other flat things, drawn at a given size in pixels.

const EU_BLUE = '#003399';
const EU_CODE: Record<'DK' | 'DE' | 'HU', string> = { DK: 'DK', DE: 'D', HU: 'H' };

function euBand(code: string): string {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * 2 * Math.PI;
    return `<circle cx="${(25 + 10 * Math.cos(a)).toFixed(2)}" cy="${(36 + 10 * Math.sin(a)).toFixed(2)}" r="1.7" fill="#ffcc00"/>`;
  }).join('');
  return `<rect x="5" y="5" width="40" height="100" rx="2" fill="${EU_BLUE}"/>${stars}
  <text x="25" y="94" ${FONT} font-size="${code.length > 1 ? 22 : 28}" fill="#ffffff" text-anchor="middle">${code}</text>`;
}

/** A plate's flat drawing as SVG in millimetres, shown at `pw` x `ph` pixels. */
function plateSvg(p: PlateSpec, pw: number, ph: number): string {
  const { width, height } = PLATE_SIZES[p.country];
  const mm = { w: width * 1000, h: height * 1000 };
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}" viewBox="0 0 ${mm.w} ${mm.h}" preserveAspectRatio="none">`;
  let body: string;
  if (p.country === 'JP') {
    const ground = p.kei ? '#f2c94c' : '#fbfbf7';
    const ink = p.kei ? '#151515' : '#0b5a2e';
    const [small, big] = p.text.split(' ');
    const top = p.top ?? '';
    body = `<rect width="330" height="165" rx="10" fill="${ground}"/>
    <rect x="4" y="4" width="322" height="157" rx="8" fill="none" stroke="${ink}" stroke-width="3"/>
    <circle cx="40" cy="26" r="5" fill="#b9bcbf"/><circle cx="290" cy="26" r="5" fill="#b9bcbf"/>
    <text x="165" y="58" ${CONDENSED} font-size="${Math.min(44, 270 / (0.64 * Math.max(1, top.length)))}" fill="${ink}" text-anchor="middle">${top}</text>
    <text x="44" y="140" ${CONDENSED} font-size="42" fill="${ink}" text-anchor="middle">${small}</text>
    <text x="195" y="150" ${CONDENSED} font-size="90" fill="${ink}" text-anchor="middle">${big}</text>`;
  } else {
    const border = p.country === 'DK' ? `<rect x="3" y="3" width="514" height="104" rx="5" fill="none" stroke="#c8102e" stroke-width="5"/>` : `<rect x="2.5" y="2.5" width="515" height="105" rx="5" fill="none" stroke="#111111" stroke-width="3.5"/>`;
    let text: string;
    if (p.country === 'DE') {
      // "B MW 1234": the district, the two round stickers (inspection, state seal), the rest
      const [district, ...rest] = p.text.split(' ');
      // the district's letters about 50 mm each at this size, M and W wider
      const sx = 50 + [...district].reduce((n, ch) => n + (ch === 'M' || ch === 'W' ? 64 : 50), 0) + 24;
      const stickers = `<circle cx="${sx}" cy="38" r="15" fill="#1f7fc2"/><circle cx="${sx}" cy="38" r="9" fill="#e5e5e5"/>
        <circle cx="${sx}" cy="74" r="15" fill="#d9d9d9" stroke="#8a8a8a" stroke-width="1.5"/><circle cx="${sx}" cy="74" r="6" fill="#c33c3c"/>`;
      text = `<text x="52" y="86" ${CONDENSED} font-size="70" fill="#111111">${district}</text>${stickers}
        <text x="${sx + 26}" y="86" ${CONDENSED} font-size="70" fill="#111111">${rest.join(' ')}</text>`;
    } else {
      text = `<text x="282" y="88" ${CONDENSED} font-size="80" fill="#111111" text-anchor="middle">${p.text}</text>`;
    }
    body = `<rect width="520" height="110" rx="7" fill="#fbfbf8"/>${border}${euBand(EU_CODE[p.country])}${text}`;
  }
  const dirt = p.dirty
    ? `<filter id="smear" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${mm.h * 0.05}"/></filter>
      <g filter="url(#smear)">
        <ellipse cx="${mm.w * 0.3}" cy="${mm.h * 0.8}" rx="${mm.w * 0.22}" ry="${mm.h * 0.25}" fill="#6b5436" fill-opacity="0.55"/>
        <ellipse cx="${mm.w * 0.78}" cy="${mm.h * 0.3}" rx="${mm.w * 0.14}" ry="${mm.h * 0.2}" fill="#5c4a33" fill-opacity="0.45"/>
        <ellipse cx="${mm.w * 0.55}" cy="${mm.h * 0.95}" rx="${mm.w * 0.4}" ry="${mm.h * 0.15}" fill="#4d3f2c" fill-opacity="0.5"/>
      </g>`
    : '';
  return `${open}${body}${dirt}</svg>`;
}

function priceSvg(pw: number, ph: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}" viewBox="0 0 360 200" preserveAspectRatio="none">
  <rect width="360" height="200" fill="#fdfdf6"/><rect x="0" y="0" width="360" height="52" fill="#d0312d"/>
  <text x="180" y="40" ${FONT} font-size="36" fill="#ffffff" text-anchor="middle">TILBUD</text>
  <text x="180" y="132" ${CONDENSED} font-size="58" fill="#111111" text-anchor="middle">149.900 kr</text>
  <text x="180" y="182" ${FONT} font-size="26" fill="#444444" text-anchor="middle">2019 · 84.000 km</text></svg>`;
}

function badgeSvg(text: string, pw: number, ph: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}" viewBox="0 0 320 75" preserveAspectRatio="none">
  <text x="160" y="66" ${FONT} font-size="80" fill="#d8dadd" stroke="#5a5d61" stroke-width="2" text-anchor="middle">${text}</text></svg>`;
}

interface Texture {
  data: Buffer;
  width: number;
  height: number;
}

/** An SVG drawn as RGBA. */
async function texture(svg: string): Promise<Texture> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Drawn at about twice the size it will be seen at (the warp samples 4 x 4 per pixel). */
function textureSize(q: Quad, aspect: number): { pw: number; ph: number } {
  const across = Math.max(Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y), Math.hypot(q[2].x - q[3].x, q[2].y - q[3].y));
  const pw = Math.max(96, Math.ceil(across * 2));
  return { pw, ph: Math.max(24, Math.round(pw / aspect)) };
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(name: string): number {
  let s = 2166136261;
  for (let i = 0; i < name.length; i++) s = Math.imul(s ^ name.charCodeAt(i), 16777619);
  return s >>> 0;
}

/** Dirt and light on a plate's pixels: a muddy, low-contrast, grainy plate; a plate in shade. */
function weather(t: Texture, p: PlateSpec, seed: number): void {
  const rnd = random(seed);
  const light = p.light ?? 1;
  const mud = [128, 116, 96];
  for (let i = 0; i < t.data.length; i += 4) {
    const grain = p.dirty ? (rnd() - 0.5) * 36 : 0;
    for (let c = 0; c < 3; c++) {
      let v = t.data[i + c];
      if (p.dirty) v = mud[c] + (v - mud[c]) * 0.42 + grain;
      v *= light;
      t.data[i + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
}

/**
 * Lays a flat RGBA texture onto the picture (RGB) so that its corners land on the quad's:
 * every pixel near the quad maps back into the texture through the inverse homography, 4 x 4
 * points per pixel, each sampled bilinearly; the share of points inside the quad is the
 * pixel's coverage, so the edges are anti-aliased and the quad is exactly where it says.
 */
function warpOnto(dst: Buffer, w: number, h: number, tex: Texture, q: Quad): void {
  const m = quadToSquare(q);
  const b = quadBounds(q);
  const x0 = Math.max(0, Math.floor(b.left));
  const x1 = Math.min(w - 1, Math.ceil(b.right));
  const y0 = Math.max(0, Math.floor(b.top));
  const y1 = Math.min(h - 1, Math.ceil(b.bottom));
  const n = 4;
  const tw = tex.width;
  const th = tex.height;
  const td = tex.data;
  const acc = [0, 0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      acc[0] = acc[1] = acc[2] = acc[3] = 0;
      for (let sy = 0; sy < n; sy++) {
        const py = y + (sy + 0.5) / n;
        for (let sx = 0; sx < n; sx++) {
          const px = x + (sx + 0.5) / n;
          const ww = m[6] * px + m[7] * py + m[8];
          const u = (m[0] * px + m[1] * py + m[2]) / ww;
          const v = (m[3] * px + m[4] * py + m[5]) / ww;
          if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
          const fx = Math.min(tw - 1, Math.max(0, u * tw - 0.5));
          const fy = Math.min(th - 1, Math.max(0, v * th - 0.5));
          const ix = Math.min(tw - 2, Math.floor(fx));
          const iy = Math.min(th - 2, Math.floor(fy));
          const ax = fx - ix;
          const ay = fy - iy;
          const i00 = (iy * tw + ix) * 4;
          const i10 = i00 + 4;
          const i01 = i00 + tw * 4;
          const i11 = i01 + 4;
          const w00 = (1 - ax) * (1 - ay);
          const w10 = ax * (1 - ay);
          const w01 = (1 - ax) * ay;
          const w11 = ax * ay;
          const alpha = (td[i00 + 3] * w00 + td[i10 + 3] * w10 + td[i01 + 3] * w01 + td[i11 + 3] * w11) / 255;
          for (let c = 0; c < 3; c++) {
            // premultiplied by each texel's own alpha
            acc[c] += (td[i00 + c] * td[i00 + 3] * w00 + td[i10 + c] * td[i10 + 3] * w10 + td[i01 + c] * td[i01 + 3] * w01 + td[i11 + c] * td[i11 + 3] * w11) / 255;
          }
          acc[3] += alpha;
        }
      }
      if (acc[3] === 0) continue;
      const cover = acc[3] / (n * n);
      const j = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = dst[j + c] * (1 - cover) + acc[c] / (n * n);
        dst[j + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
}

/**
 * Sensor noise: a seeded table of Gaussian values walked by a xorshift generator (shifts
 * only: Math.imul in a hot loop runs fifty times slower under jest's module sandbox).
 */
function addNoise(data: Buffer, sigma: number, seed: number): void {
  const rnd = random(seed);
  const table = new Float32Array(1 << 16);
  for (let i = 0; i < table.length; i++) table[i] = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()) * sigma;
  let k = seed | 1;
  for (let i = 0; i < data.length; i++) {
    k ^= k << 13;
    k ^= k >>> 17;
    k ^= k << 5;
    const v = data[i] + table[(k >>> 16) & 0xffff];
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
}

// ---------------------------------------------------------------------------------------------
// The scenes.

const PAINT = {
  white: '#ecedeb',
  black: '#1e1f22',
  yellow: '#e2b21c',
  red: '#b3202a',
  blue: '#236ea0',
  silver: '#b4b8bd',
  green: '#2f5d45',
  grey: '#5b6068',
};

const CLOSE = { carHeight: 0.6 };
const FAR_PLATE = 118 / 1920;

/** Each format straight on, at three-quarters both ways, far, rolled, dirty; two cars; cars with no plate. */
const SCENES: SceneSpec[] = [
  // Denmark
  { name: 'DK front', what: 'a white car from the front in the studio, a Danish plate straight on', background: 'studio', cars: [{ view: 'front', paint: PAINT.white, plate: { country: 'DK', text: 'AB 12 345' }, fit: CLOSE, at: 0.5, ground: 0.9 }] },
  {
    name: 'DK front-left',
    what: 'a blue car turned 35 degrees to the left on a lot by a wall with a dealer sign, Danish plate in perspective',
    background: 'lot',
    signs: ['dealer'],
    cars: [{ view: 'front-left', yaw: 35, paint: PAINT.blue, plate: { country: 'DK', text: 'CD 98 765' }, fit: CLOSE, at: 0.52, ground: 0.92 }],
  },
  {
    name: 'DK rear-right',
    what: 'a black car from behind, turned 45 degrees, on a street; Danish plate on the rear bumper in perspective',
    background: 'street',
    cars: [{ view: 'rear-right', yaw: 45, paint: PAINT.black, plate: { country: 'DK', text: 'EF 45 678', light: 0.8 }, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  { name: 'DK far', what: 'a red car far off on a lot, its Danish plate about 120 px wide', background: 'lot', cars: [{ view: 'front', paint: PAINT.red, plate: { country: 'DK', text: 'GH 23 456' }, distance: 16, fit: { plateWidth: FAR_PLATE }, at: 0.62, ground: 0.8 }] },
  { name: 'DK roll', what: 'a yellow car from the front leaning 4 degrees, in the studio', background: 'studio', cars: [{ view: 'front', paint: PAINT.yellow, plate: { country: 'DK', text: 'JK 34 567' }, fit: CLOSE, at: 0.5, ground: 0.9, roll: 4 }] },
  { name: 'DK dirty', what: 'a silver car from behind on a street, its Danish plate muddy and low in contrast, in shade', background: 'street', cars: [{ view: 'rear', paint: PAINT.silver, plate: { country: 'DK', text: 'LM 56 789', dirty: true, light: 0.85 }, fit: CLOSE, at: 0.48, ground: 0.91 }] },
  // Germany
  { name: 'DE rear', what: 'a silver car from behind in the studio, a German plate straight on', background: 'studio', cars: [{ view: 'rear', paint: PAINT.silver, plate: { country: 'DE', text: 'B MW 1234' }, fit: CLOSE, at: 0.5, ground: 0.9 }] },
  {
    name: 'DE front-left',
    what: 'a black car turned 30 degrees to the left on a street with a phone number banner, German plate in perspective',
    background: 'street',
    signs: ['phone'],
    cars: [{ view: 'front-left', yaw: 30, paint: PAINT.black, plate: { country: 'DE', text: 'M AX 4711' }, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  {
    name: 'DE front-right',
    what: 'a white car turned 42 degrees to the right on a lot, German plate in perspective',
    background: 'lot',
    cars: [{ view: 'front-right', yaw: 42, paint: PAINT.white, plate: { country: 'DE', text: 'HH AB 123' }, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  { name: 'DE far', what: 'a blue car far off on a street from behind, its German plate about 110 px wide', background: 'street', cars: [{ view: 'rear', paint: PAINT.blue, plate: { country: 'DE', text: 'K LN 2024' }, distance: 18, fit: { plateWidth: 110 / 1920 }, at: 0.35, ground: 0.84 }] },
  { name: 'DE roll', what: 'a green car from behind leaning 3 degrees the other way, on a lot', background: 'lot', cars: [{ view: 'rear', paint: PAINT.green, plate: { country: 'DE', text: 'S XY 987' }, fit: CLOSE, at: 0.5, ground: 0.9, roll: -3 }] },
  { name: 'DE dirty', what: 'a grey car from the front in the studio, its German plate muddy and low in contrast', background: 'studio', cars: [{ view: 'front', paint: PAINT.grey, plate: { country: 'DE', text: 'F RA 555', dirty: true }, fit: CLOSE, at: 0.5, ground: 0.9 }] },
  // Hungary
  { name: 'HU front', what: 'a red car from the front on a street, a Hungarian plate of the new format straight on', background: 'street', cars: [{ view: 'front', paint: PAINT.red, plate: { country: 'HU', text: 'AA BB-123' }, fit: CLOSE, at: 0.5, ground: 0.91 }] },
  {
    name: 'HU rear-left',
    what: 'a yellow car from behind turned 38 degrees, in the studio, a Hungarian plate of the old format in perspective',
    background: 'studio',
    cars: [{ view: 'rear-left', yaw: 38, paint: PAINT.yellow, plate: { country: 'HU', text: 'ABC-123' }, fit: CLOSE, at: 0.5, ground: 0.9 }],
  },
  {
    name: 'HU front-right',
    what: 'a blue car turned 28 degrees to the right on a street, a Hungarian plate in perspective, a little in shade',
    background: 'street',
    cars: [{ view: 'front-right', yaw: 28, paint: PAINT.blue, plate: { country: 'HU', text: 'AE CX-407', light: 0.78 }, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  {
    name: 'HU far',
    what: 'a white car far off on a lot by a wall with a dealer sign, its Hungarian plate about 130 px wide',
    background: 'lot',
    signs: ['dealer'],
    cars: [{ view: 'front', paint: PAINT.white, plate: { country: 'HU', text: 'RKT-520' }, distance: 15, fit: { plateWidth: 130 / 1920 }, at: 0.3, ground: 0.82 }],
  },
  { name: 'HU roll', what: 'a black car from behind leaning 5 degrees, in the studio', background: 'studio', cars: [{ view: 'rear', paint: PAINT.black, plate: { country: 'HU', text: 'AB CD-789' }, fit: CLOSE, at: 0.5, ground: 0.9, roll: 5 }] },
  { name: 'HU dirty', what: 'a white car from the front on a lot, its Hungarian plate muddy, low in contrast and in shade', background: 'lot', cars: [{ view: 'front', paint: PAINT.white, plate: { country: 'HU', text: 'MKZ-314', dirty: true, light: 0.75 }, fit: CLOSE, at: 0.5, ground: 0.91 }] },
  // Japan
  { name: 'JP rear', what: 'a white car from behind in the studio, a Japanese plate straight on (two rows, green text)', background: 'studio', cars: [{ view: 'rear', paint: PAINT.white, plate: { country: 'JP', top: 'NARA 500', text: 'A 12-34' }, fit: CLOSE, at: 0.5, ground: 0.9 }] },
  {
    name: 'JP front-left',
    what: 'a yellow kei car turned 48 degrees to the left on a street, its yellow plate in perspective',
    background: 'street',
    cars: [{ view: 'front-left', yaw: 48, paint: PAINT.yellow, plate: { country: 'JP', top: 'OSAKA 580', text: 'K 56-78', kei: true }, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  {
    name: 'JP rear-right',
    what: 'a red car from behind turned 32 degrees on a lot, a Japanese plate in perspective',
    background: 'lot',
    cars: [{ view: 'rear-right', yaw: 32, paint: PAINT.red, plate: { country: 'JP', top: 'KOBE 300', text: 'S 90-12' }, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  { name: 'JP far', what: 'a silver car far off in the studio, its Japanese plate about 100 px wide', background: 'studio', cars: [{ view: 'front', paint: PAINT.silver, plate: { country: 'JP', top: 'CHIBA 330', text: 'T 34-56' }, distance: 14, fit: { plateWidth: 100 / 1920 }, at: 0.68, ground: 0.82 }] },
  { name: 'JP roll', what: 'a black car from the front leaning 2.5 degrees, on a street', background: 'street', cars: [{ view: 'front', paint: PAINT.black, plate: { country: 'JP', top: 'NAGOYA 500', text: 'M 78-90' }, fit: CLOSE, at: 0.5, ground: 0.91, roll: -2.5 }] },
  { name: 'JP dirty', what: 'a green car from behind on a lot, its Japanese plate muddy and low in contrast', background: 'lot', cars: [{ view: 'rear', paint: PAINT.green, plate: { country: 'JP', top: 'SAPPORO 300', text: 'R 11-22', dirty: true }, fit: CLOSE, at: 0.5, ground: 0.91 }] },
  // two cars, each with its plate
  {
    name: 'DK two cars',
    what: 'two cars on a lot: a white one from the front on the left, a red one from behind turned 30 degrees further back on the right; both Danish plates count',
    background: 'lot',
    cars: [
      { view: 'rear-right', yaw: 30, paint: PAINT.red, plate: { country: 'DK', text: 'NP 67 890' }, distance: 10, fit: { carHeight: 0.36 }, at: 0.72, ground: 0.78 },
      { view: 'front', paint: PAINT.white, plate: { country: 'DK', text: 'RS 78 901' }, fit: { carHeight: 0.52 }, at: 0.3, ground: 0.94 },
    ],
  },
  // no plate, and text that is not a plate
  {
    name: 'no plate, dealer sign',
    what: 'a blue car from the front with an empty plate holder, on a lot under a dealer sign "AUTO HANSEN A/S"',
    background: 'lot',
    signs: ['dealer'],
    cars: [{ view: 'front', paint: PAINT.blue, holder: true, fit: CLOSE, at: 0.55, ground: 0.91 }],
  },
  {
    name: 'no plate, price board',
    what: 'a white car turned to the left with a smooth bumper and a price board "149.900 kr" behind the windscreen, in the studio',
    background: 'studio',
    cars: [{ view: 'front-left', yaw: 30, paint: PAINT.white, priceBoard: true, fit: CLOSE, at: 0.5, ground: 0.9 }],
  },
  {
    name: 'no plate, GTI badge',
    what: 'a red car from behind with a "GTI" badge on the boot and an empty plate holder, on a street',
    background: 'street',
    cars: [{ view: 'rear', paint: PAINT.red, badge: 'GTI', holder: true, fit: CLOSE, at: 0.5, ground: 0.91 }],
  },
  {
    name: 'no plate, phone banner',
    what: 'a black car turned to the right with a smooth bumper, on a street under a phone number banner "RING 70 20 30 40"',
    background: 'street',
    signs: ['phone'],
    cars: [{ view: 'front-right', yaw: 40, paint: PAINT.black, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
  {
    name: 'no plate, badge and signs',
    what: 'a yellow car from behind turned to the left with a "TDI" badge and an empty holder, on a lot with a dealer sign and a phone banner',
    background: 'lot',
    signs: ['dealer', 'phone'],
    cars: [{ view: 'rear-left', yaw: 35, paint: PAINT.yellow, badge: 'TDI', holder: true, fit: CLOSE, at: 0.5, ground: 0.92 }],
  },
];

export const PLATE_SCENE_NAMES: readonly string[] = SCENES.map((s) => s.name);

async function render(spec: SceneSpec, w: number, h: number): Promise<PlateScene> {
  const cams = spec.cars.map((car) => frameCar(car, w, h));
  // the wall behind stands 4 m behind the first car's middle
  const cam0 = cams[0];
  const floor = cam0.horizon + ((cam0.project([0, 0, 0]).y - cam0.horizon) * cam0.distance) / (cam0.distance + 4);
  const background = spec.background === 'studio' ? studio(w, h, floor) : spec.background === 'street' ? street(w, h, floor) : lot(w, h, floor);
  const signs = (spec.signs ?? []).map((s, i) => signSvg(s, w, h, i)).join('');
  // the farthest car first
  const order = spec.cars.map((_, i) => i).sort((a, b) => (cams[b].distance ?? 0) - (cams[a].distance ?? 0));
  const drawn = order.map((i) => ({ car: spec.cars[i], ...carShapes(cams[i], spec.cars[i]) }));
  const defs = `<defs><filter id="soft" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="${(w * 0.008).toFixed(2)}"/></filter></defs>`;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">`;
  const shapeSvg = (s: Shape, mask: boolean) =>
    mask
      ? s.notCar
        ? ''
        : `<path d="${s.d}" fill="#ffffff"/>`
      : `<path d="${s.d}" fill="${s.fill}"${s.filter ? ` filter="${s.filter}"` : ''}${s.opacity !== undefined ? ` fill-opacity="${s.opacity}"` : ''}/>`;
  const svg = `${open}${defs}${background}${signs}${drawn.map((d) => d.shapes.map((s) => shapeSvg(s, false)).join('')).join('')}</svg>`;
  const maskSvg = `${open}<rect width="${w}" height="${h}" fill="#000000"/>${drawn.map((d) => d.shapes.map((s) => shapeSvg(s, true)).join('')).join('')}</svg>`;

  const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const plates: Quad[] = [];
  const seed = seedOf(spec.name);
  for (const d of drawn) {
    for (const patch of d.patches) {
      if (patch.kind === 'plate' && d.car.plate) {
        const p = d.car.plate;
        const { width, height } = PLATE_SIZES[p.country];
        const { pw, ph } = textureSize(patch.corners, width / height);
        const tex = await texture(plateSvg(p, pw, ph));
        weather(tex, p, seed + plates.length);
        warpOnto(data, w, h, tex, patch.corners);
        plates.push(patch.corners);
      } else if (patch.kind === 'price') {
        const { pw, ph } = textureSize(patch.corners, 1.8);
        warpOnto(data, w, h, await texture(priceSvg(pw, ph)), patch.corners);
      } else if (patch.kind === 'badge' && d.car.badge) {
        const { pw, ph } = textureSize(patch.corners, 320 / 75);
        warpOnto(data, w, h, await texture(badgeSvg(d.car.badge, pw, ph)), patch.corners);
      }
    }
  }
  addNoise(data, 2.5, seed);
  const png = await sharp(data, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
  const mask = await sharp(Buffer.from(maskSvg)).removeAlpha().greyscale().raw().toBuffer();
  for (let i = 0; i < mask.length; i++) mask[i] = mask[i] >= 128 ? 255 : 0;
  const first = spec.cars.find((c) => c.plate) ?? spec.cars[0];
  return {
    name: spec.name,
    country: first.plate?.country ?? null,
    view: spec.cars.map((c) => c.view).join(' + '),
    what: spec.what,
    width: w,
    height: h,
    png,
    plates,
    carMask: { data: mask, width: w, height: h, channels: 1 },
  };
}

/** All the scenes: 25 with plates (26 plates on 26 cars: each format 6 times, and two cars in one scene), 5 cars with no plate. */
export async function plateScenes(width = 1920, height = 1280): Promise<PlateScene[]> {
  return renderAll(SCENES, width, height);
}

/** One scene by name (PLATE_SCENE_NAMES), drawn alone. */
export async function plateScene(name: string, width = 1920, height = 1280): Promise<PlateScene> {
  const spec = SCENES.find((s) => s.name === name);
  if (!spec) throw new Error(`no plate scene named ${name}`);
  return render(spec, width, height);
}

/** The scenes with at least one plate. */
export async function platedScenes(width = 1920, height = 1280): Promise<PlateScene[]> {
  return renderAll(
    SCENES.filter((s) => s.cars.some((c) => c.plate)),
    width,
    height,
  );
}

/** The cars with no plate (and text near them that is not a plate). */
export async function plateFreeScenes(width = 1920, height = 1280): Promise<PlateScene[]> {
  return renderAll(
    SCENES.filter((s) => s.cars.every((c) => !c.plate)),
    width,
    height,
  );
}

async function renderAll(specs: SceneSpec[], width: number, height: number): Promise<PlateScene[]> {
  const out: PlateScene[] = [];
  for (const spec of specs) out.push(await render(spec, width, height));
  return out;
}

import type { Raster } from './raster';

/**
 * How different two colours look: CIELAB (D65) from 8-bit sRGB, and the CIEDE2000 difference
 * (CIE 142-2001, as in Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula:
 * implementation notes", 2005). About 1 is a difference a careful eye just notices side by
 * side; under 5 the colour reads as the same paint. The enhancer's colour tests and the
 * benchmark measure with it.
 */
export interface Lab {
  L: number;
  a: number;
  b: number;
}

/** sRGB 0..255 to linear light 0..1, for every 8-bit value. */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

// D65 white of sRGB
const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;

const labF = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);

/** CIELAB (D65) of an 8-bit sRGB colour (fractional values are rounded). */
export function srgbToLab(r: number, g: number, b: number): Lab {
  const R = LINEAR[clampByte(r)];
  const G = LINEAR[clampByte(g)];
  const B = LINEAR[clampByte(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / XN;
  const y = (0.2126729 * R + 0.7151522 * G + 0.072175 * B) / YN;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / ZN;
  const fx = labF(x);
  const fy = labF(y);
  const fz = labF(z);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const clampByte = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

const DEG = Math.PI / 180;
const POW25_7 = 25 ** 7;

/** The CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1). */
export function deltaE2000(c1: Lab, c2: Lab): number {
  const C1 = Math.hypot(c1.a, c1.b);
  const C2 = Math.hypot(c2.a, c2.b);
  const Cbar7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cbar7 / (Cbar7 + POW25_7)));
  const a1 = (1 + G) * c1.a;
  const a2 = (1 + G) * c2.a;
  const C1p = Math.hypot(a1, c1.b);
  const C2p = Math.hypot(a2, c2.b);
  const hue = (b: number, a: number): number => {
    if (a === 0 && b === 0) return 0;
    const h = Math.atan2(b, a) / DEG;
    return h < 0 ? h + 360 : h;
  };
  const h1 = hue(c1.b, a1);
  const h2 = hue(c2.b, a2);

  const dL = c2.L - c1.L;
  const dC = C2p - C1p;
  let dh = 0;
  if (C1p * C2p !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh / 2) * DEG);

  const Lbar = (c1.L + c2.L) / 2;
  const Cbar = (C1p + C2p) / 2;
  let hbar = h1 + h2;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1 - h2) <= 180) hbar = (h1 + h2) / 2;
    else hbar = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hbar - 30) * DEG) +
    0.24 * Math.cos(2 * hbar * DEG) +
    0.32 * Math.cos((3 * hbar + 6) * DEG) -
    0.2 * Math.cos((4 * hbar - 63) * DEG);
  const dTheta = 30 * Math.exp(-(((hbar - 275) / 25) ** 2));
  const Cbar7p = Cbar ** 7;
  const RC = 2 * Math.sqrt(Cbar7p / (Cbar7p + POW25_7));
  const l50 = (Lbar - 50) ** 2;
  const SL = 1 + (0.015 * l50) / Math.sqrt(20 + l50);
  const SC = 1 + 0.045 * Cbar;
  const SH = 1 + 0.015 * Cbar * T;
  const RT = -Math.sin(2 * dTheta * DEG) * RC;
  const tL = dL / SL;
  const tC = dC / SC;
  const tH = dH / SH;
  return Math.sqrt(tL * tL + tC * tC + tH * tH + RT * tC * tH);
}

/** CIEDE2000 difference of two 8-bit sRGB colours. */
export function deltaE2000Rgb(x: readonly [number, number, number], y: readonly [number, number, number]): number {
  return deltaE2000(srgbToLab(x[0], x[1], x[2]), srgbToLab(y[0], y[1], y[2]));
}

/**
 * Mean CIEDE2000 difference between two RGB rasters of the same size, pixel by pixel, over
 * the pixels where `where` (a 1-channel mask, >= 128) is set, or over all of them.
 */
export function meanDeltaE2000(a: Raster, b: Raster, where: Raster | null = null): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('meanDeltaE2000: the pictures differ in size');
  const n = a.width * a.height;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (where && where.data[i] < 128) continue;
    const j = i * a.channels;
    const k = i * b.channels;
    sum += deltaE2000(srgbToLab(a.data[j], a.data[j + 1], a.data[j + 2]), srgbToLab(b.data[k], b.data[k + 1], b.data[k + 2]));
    count++;
  }
  return count ? sum / count : 0;
}

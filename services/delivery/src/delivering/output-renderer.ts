import { EDITED_LABEL_TEXT, OUTPUT_CONTENT_TYPES, type OutputRules } from '@app/contracts';
import { withoutPrivateMetadata } from '@app/storage';
import sharp, { type OverlayOptions } from 'sharp';

/** The label as an SVG sized for the picture (its height about 4 % of the picture's). */
function labelSvg(width: number, height: number): Buffer {
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.04));
  const pad = Math.round(size * 0.5);
  const boxWidth = Math.min(width, Math.round(size * 0.6 * EDITED_LABEL_TEXT.length + pad * 2));
  const boxHeight = Math.min(height, size + pad * 2);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}">` +
      `<rect width="100%" height="100%" fill="black" fill-opacity="0.55"/>` +
      `<text x="${pad}" y="${pad + size * 0.85}" font-family="sans-serif" font-size="${size}" fill="white">${EDITED_LABEL_TEXT}</text>` +
      `</svg>`,
  );
}

/** Whether the rules change a processed picture (a JPEG) at all: else it is sent byte for byte. */
export function rulesChangePicture(rules: OutputRules, hasLogo: boolean): boolean {
  return rules.width !== null || rules.height !== null || rules.format !== 'jpeg' || (rules.logo && hasLogo) || rules.editedLabel;
}

/** The picture without GPS, serial numbers or owner names (libs/storage private-metadata.ts); null when its metadata cannot be walked. */
function withoutPrivate(source: Buffer): Buffer | null {
  try {
    return withoutPrivateMetadata(source);
  } catch {
    return null;
  }
}

/**
 * A processed picture as the rules want it: fitted within width and height (never enlarged),
 * the logo (bottom right) and the "digitally edited" label (bottom left) put on, in the
 * rules' format and quality (sharp writes no metadata). A picture the rules do not change is
 * answered as it is, less private metadata a picture written before the metadata policy may
 * still carry (then `changed`, so an API delivery links its own copy); one whose metadata
 * cannot be walked is encoded again.
 */
export async function renderOutput(source: Buffer, rules: OutputRules, logo: Buffer | null): Promise<{ bytes: Buffer; contentType: string; changed: boolean }> {
  const shared = rulesChangePicture(rules, !!logo) ? null : withoutPrivate(source);
  if (shared) return { bytes: shared, contentType: OUTPUT_CONTENT_TYPES.jpeg, changed: shared !== source };
  let image = sharp(source).rotate();
  if (rules.width !== null || rules.height !== null) {
    image = image.resize({ width: rules.width ?? undefined, height: rules.height ?? undefined, fit: 'inside', withoutEnlargement: true });
  }
  const base = await image.png().toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const overlays: OverlayOptions[] = [];
  if (rules.logo && logo) {
    const pad = Math.round(Math.min(width, height) * 0.02);
    const mark = await sharp(logo)
      .resize({ width: Math.max(1, Math.round(width * 0.2)), height: Math.max(1, Math.round(height * 0.2)), fit: 'inside' })
      .extend({ bottom: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    overlays.push({ input: mark, gravity: 'southeast' });
  }
  if (rules.editedLabel) overlays.push({ input: labelSvg(width, height), gravity: 'southwest' });
  let out = sharp(base.data);
  if (overlays.length) out = out.composite(overlays);
  const bytes =
    rules.format === 'png'
      ? await out.png().toBuffer()
      : rules.format === 'webp'
        ? await out.webp({ quality: rules.quality }).toBuffer()
        : await out.jpeg({ quality: rules.quality }).toBuffer();
  return { bytes, contentType: OUTPUT_CONTENT_TYPES[rules.format], changed: true };
}

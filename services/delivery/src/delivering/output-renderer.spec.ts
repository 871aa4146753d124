import { DEFAULT_OUTPUT_RULES, type OutputRules } from '@app/contracts';
import { jpegScan, photoWithPrivateMetadata, privateTags, readMetadata, testJpeg } from '@app/testing';
import sharp from 'sharp';
import { renderOutput } from './output-renderer';

const rules = (r: Partial<OutputRules>): OutputRules => ({ ...DEFAULT_OUTPUT_RULES, ...r });

/** The mean brightness of a corner of the picture (a tenth of each side). */
async function cornerBrightness(bytes: Buffer, corner: 'southwest' | 'southeast'): Promise<number> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const w = Math.round(width / 10);
  const h = Math.round(height / 10);
  const left = corner === 'southwest' ? 0 : width - w;
  const { data } = await sharp(bytes).extract({ left, top: height - h, width: w, height: h }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, v) => sum + v, 0) / data.length;
}

describe('renderOutput: a processed picture as the output rules want it', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await testJpeg(800, 600);
  });

  it('sends the processed JPEG byte for byte when the rules change nothing', async () => {
    const out = await renderOutput(photo, rules({ quality: 40 }), null);
    expect(out).toEqual({ bytes: photo, contentType: 'image/jpeg', changed: false });
  });

  it('sends a picture still carrying GPS, serial numbers or owner names without them, its compressed picture as it is', async () => {
    const carrying = await photoWithPrivateMetadata();
    const out = await renderOutput(carrying, rules({}), null);
    expect(out.changed).toBe(true);
    expect(privateTags(await readMetadata(out.bytes))).toEqual([]);
    expect((await readMetadata(out.bytes))['IFD0:Orientation']).toBe(6);
    expect(jpegScan(out.bytes).equals(jpegScan(carrying))).toBe(true);
    // rendered ones carry no metadata at all
    const small = await renderOutput(carrying, rules({ width: 200 }), null);
    expect(privateTags(await readMetadata(small.bytes))).toEqual([]);
  });

  it('fits within width and height keeping the proportions, and never enlarges', async () => {
    const small = await renderOutput(photo, rules({ width: 400 }), null);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const boxed = await renderOutput(photo, rules({ width: 400, height: 100 }), null);
    expect(await sharp(boxed.bytes).metadata()).toMatchObject({ width: 133, height: 100 });
    const big = await renderOutput(photo, rules({ width: 4000 }), null);
    expect(await sharp(big.bytes).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it('converts to PNG and WebP with their content types', async () => {
    const png = await renderOutput(photo, rules({ format: 'png' }), null);
    expect(png.contentType).toBe('image/png');
    expect((await sharp(png.bytes).metadata()).format).toBe('png');
    const webp = await renderOutput(photo, rules({ format: 'webp', quality: 50 }), null);
    expect(webp.contentType).toBe('image/webp');
    expect((await sharp(webp.bytes).metadata()).format).toBe('webp');
  });

  it('puts the label bottom left and the logo bottom right, and nothing without a logo', async () => {
    const plain = await renderOutput(photo, rules({ format: 'png' }), null);
    const labelled = await renderOutput(photo, rules({ format: 'png', editedLabel: true }), null);
    // the label is a dark box with white text: the corner gets darker, the other corner stays
    expect(await cornerBrightness(labelled.bytes, 'southwest')).toBeLessThan((await cornerBrightness(plain.bytes, 'southwest')) - 20);
    expect(Math.abs((await cornerBrightness(labelled.bytes, 'southeast')) - (await cornerBrightness(plain.bytes, 'southeast')))).toBeLessThan(1);

    const logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
    const withLogo = await renderOutput(photo, rules({ format: 'png', logo: true }), logo);
    expect(await cornerBrightness(withLogo.bytes, 'southeast')).toBeLessThan((await cornerBrightness(plain.bytes, 'southeast')) - 20);
    // logo asked for, but the guide has none: the picture goes as it is
    expect((await renderOutput(photo, rules({ logo: true }), null)).changed).toBe(false);
  });
});

import sharp from 'sharp';
import { DIGITAL_SOURCE_TYPES, editDisclosureXmp, withXmpSegment } from './edit-disclosure';

const disclosure = { digitalSourceType: DIGITAL_SOURCE_TYPES.humanEdits, edits: ['edited by hand'] as const };

async function jpeg(withExif: boolean): Promise<Buffer> {
  const p = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 40 } } }).jpeg({ quality: 90 });
  return (withExif ? p.withMetadata({ orientation: 1 }) : p).toBuffer();
}

/** the entropy-coded picture: from the first start-of-scan marker to the end */
function scanOf(file: Buffer): Buffer {
  return file.subarray(file.indexOf(Buffer.from([0xff, 0xda])));
}

describe('withXmpSegment', () => {
  it('adds the packet, which sharp then reads back, without touching the compressed picture', async () => {
    const original = await jpeg(true);
    const out = withXmpSegment(original, editDisclosureXmp(disclosure));
    const xmp = (await sharp(out).metadata()).xmp?.toString('utf8') ?? '';
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPES.humanEdits}"`);
    expect(xmp).toContain('Digitally edited: edited by hand.');
    expect(scanOf(out).equals(scanOf(original))).toBe(true);
    // the EXIF segment is still there, and the pixels decode the same
    expect((await sharp(out).metadata()).orientation).toBe(1);
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('replaces an XMP packet the file had, keeping one', async () => {
    const once = withXmpSegment(await jpeg(false), editDisclosureXmp({ digitalSourceType: DIGITAL_SOURCE_TYPES.algorithmicallyEnhanced, edits: ['enhanced'] }));
    const twice = withXmpSegment(once, editDisclosureXmp(disclosure));
    const xmp = (await sharp(twice).metadata()).xmp?.toString('utf8') ?? '';
    expect(xmp).toContain('edited by hand');
    expect(xmp).not.toContain('algorithmicallyEnhanced');
    expect(twice.toString('latin1').split('http://ns.adobe.com/xap/1.0/\0').length - 1).toBe(1);
  });

  it('escapes what it writes', () => {
    expect(editDisclosureXmp(disclosure)).not.toMatch(/="[^"]*<[^"]*"/);
  });

  it('refuses a file that is not a JPEG', () => {
    expect(() => withXmpSegment(Buffer.from('<html></html>'), editDisclosureXmp(disclosure))).toThrow('not a JPEG file');
  });
});

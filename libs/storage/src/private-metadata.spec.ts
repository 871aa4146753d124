import { jpegScan, photoWithPrivateMetadata, privateTags, readMetadata } from '@app/testing';
import sharp from 'sharp';
import { DIGITAL_SOURCE_TYPES, editDisclosureXmp, withXmpSegment } from './edit-disclosure';
import { withoutPrivateMetadata } from './private-metadata';

const disclosure = { digitalSourceType: DIGITAL_SOURCE_TYPES.humanEdits, edits: ['edited by hand'] as const };

/** the PNG's chunks other than its metadata (header, palette, pixels) */
function pngImageChunks(png: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (['IHDR', 'PLTE', 'IDAT', 'IEND'].includes(type)) chunks.push(png.subarray(at, at + 12 + length));
    at += 12 + length;
  }
  return chunks;
}

describe('withoutPrivateMetadata', () => {
  it('removes GPS, serial numbers and names from a JPEG, keeping orientation, colour profile and the compressed picture', async () => {
    const photo = await photoWithPrivateMetadata();
    const before = await readMetadata(photo);
    expect(privateTags(before)).toEqual(expect.arrayContaining(['GPS:GPSLatitude', 'ExifIFD:SerialNumber', 'ExifIFD:LensSerialNumber', 'ExifIFD:OwnerName', 'IFD0:Artist', 'XMP-exif:GPSLatitude']));

    const out = withoutPrivateMetadata(photo);
    const after = await readMetadata(out);
    expect(privateTags(after)).toEqual([]);
    expect(after['IFD0:Orientation']).toBe(6);
    expect(after['IFD0:Make']).toBe('Canon');
    expect(after['ICC_Profile:ProfileDescription']).toBe(before['ICC_Profile:ProfileDescription']);
    expect(jpegScan(out).equals(jpegScan(photo))).toBe(true);
    // nothing of the removed values is left anywhere in the file, not even as unlisted bytes
    for (const value of ['BODY-0042-7781', 'LENS-0099-1234', 'Jane Dealer-Owner', 'Jane Photographer', 'XMP-SERIAL-77']) expect(out.includes(value)).toBe(false);
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
  });

  it("keeps the product's edit disclosure", async () => {
    const photo = withXmpSegment(await photoWithPrivateMetadata(), editDisclosureXmp(disclosure));
    const after = await readMetadata(withoutPrivateMetadata(photo));
    expect(after['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPES.humanEdits);
    expect(after['XMP-photoshop:History']).toBe('Digitally edited: edited by hand.');
    expect(privateTags(after)).toEqual([]);
  });

  it("removes them from a PNG's eXIf chunk, keeping orientation, colour profile and the pixels' chunks", async () => {
    const photo = await photoWithPrivateMetadata({ format: 'png' });
    expect(privateTags(await readMetadata(photo))).toEqual(expect.arrayContaining(['GPS:GPSLatitude', 'ExifIFD:SerialNumber']));
    const out = withoutPrivateMetadata(photo);
    const after = await readMetadata(out);
    expect(privateTags(after)).toEqual([]);
    expect(after['IFD0:Orientation']).toBe(6);
    expect(after['ICC_Profile:ProfileDescription']).toBeDefined();
    expect(Buffer.concat(pngImageChunks(out)).equals(Buffer.concat(pngImageChunks(photo)))).toBe(true);
    expect((await sharp(out).metadata()).format).toBe('png');
  });

  it('removes them from a WebP', async () => {
    const jpeg = await photoWithPrivateMetadata();
    const webp = await sharp(jpeg).webp().withExif({ IFD0: { Artist: 'Jane Photographer', Orientation: '6' }, IFD3: { GPSLatitude: '48/1 51/1 0/1', GPSLatitudeRef: 'N' } }).toBuffer();
    expect(privateTags(await readMetadata(webp))).toEqual(expect.arrayContaining(['GPS:GPSLatitude', 'IFD0:Artist']));
    const out = withoutPrivateMetadata(webp);
    const after = await readMetadata(out);
    expect(privateTags(after)).toEqual([]);
    expect(after['IFD0:Orientation']).toBe(6);
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
  });

  it('answers a file without private metadata unchanged', async () => {
    const plain = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(withoutPrivateMetadata(plain)).toBe(plain);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    expect(withoutPrivateMetadata(png)).toBe(png);
    const disclosed = withXmpSegment(plain, editDisclosureXmp(disclosure));
    expect(withoutPrivateMetadata(disclosed)).toBe(disclosed);
    const text = Buffer.from('not a picture');
    expect(withoutPrivateMetadata(text)).toBe(text);
  });

  it('refuses a JPEG cut short in its segments', () => {
    const cut = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x10, 0x00, 0x45]);
    expect(() => withoutPrivateMetadata(cut)).toThrow('cut short');
  });
});

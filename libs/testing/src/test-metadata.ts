import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { testJpeg } from './test-files';

/**
 * Photos with the metadata a camera or phone leaves in them (where, whose, which device), and
 * an independent reader of what a file says: exiftool (Debian's `libimage-exiftool-perl`).
 */

function exiftool(args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('exiftool', args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`exiftool: ${stderr || err.message}`)) : resolve(stdout))),
  );
}

/** Every tag of a file as exiftool reads it, by group and name (`GPS:GPSLatitude`, `IFD0:Orientation`, `XMP-iptcExt:DigitalSourceType`). */
export async function readMetadata(file: Buffer): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'test-metadata-'));
  try {
    const path = join(dir, 'file');
    await writeFile(path, file);
    const [tags] = JSON.parse(await exiftool(['-j', '-a', '-G1', '-n', path])) as Array<Record<string, unknown>>;
    return tags ?? {};
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The tags of `readMetadata` that tell where a photo was taken or whose device took it. */
export function privateTags(tags: Record<string, unknown>): string[] {
  return Object.keys(tags).filter((name) => /(^|:)GPS|SerialNumber|Owner|:Artist$|:XPAuthor$|:Creator$/i.test(name));
}

/** The camera's and owner's tags `photoWithPrivateMetadata` writes, as exiftool's arguments. */
export const PRIVATE_METADATA_ARGS = [
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=2.2945',
  '-GPSLongitudeRef=E',
  // 0xa431, EXIF's BodySerialNumber
  '-ExifIFD:SerialNumber=BODY-0042-7781',
  '-ExifIFD:LensSerialNumber=LENS-0099-1234',
  '-ExifIFD:OwnerName=Jane Dealer-Owner',
  '-Artist=Jane Photographer',
  '-Make=Canon',
  '-Model=EOS R5',
  '-XMP-exif:GPSLatitude=48.8584',
  '-XMP-exif:GPSLongitude=2.2945',
  '-XMP-aux:SerialNumber=XMP-SERIAL-77',
];

/**
 * A photo as a dealership's camera leaves it: a JPEG (or PNG with an `eXIf` chunk) with GPS,
 * body and lens serial numbers, the owner's and the photographer's names, an XMP packet
 * naming the place and the camera, `orientation` (6: to be turned 90° clockwise) and a
 * Display P3 colour profile.
 */
export async function photoWithPrivateMetadata(opts: { format?: 'jpeg' | 'png'; orientation?: number; width?: number; height?: number } = {}): Promise<Buffer> {
  const base = await testJpeg(opts.width ?? 640, opts.height ?? 480);
  const img = sharp(base).withMetadata({ orientation: opts.orientation ?? 6, icc: 'p3' });
  const file = await (opts.format === 'png' ? img.png() : img.jpeg({ quality: 85 })).toBuffer();
  const dir = await mkdtemp(join(tmpdir(), 'test-metadata-'));
  try {
    const path = join(dir, opts.format === 'png' ? 'photo.png' : 'photo.jpg');
    await writeFile(path, file);
    await exiftool(['-overwrite_original', ...PRIVATE_METADATA_ARGS, path]);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The compressed picture of a JPEG: from its start-of-scan segment to the end (the segments before it walked, not searched). */
export function jpegScan(file: Buffer): Buffer {
  let at = 2;
  while (at + 4 <= file.length && file[at] === 0xff && file[at + 1] !== 0xda) at += 2 + file.readUInt16BE(at + 2);
  return file.subarray(at);
}

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** Files as people upload them (pictures, videos) and a reader for the zips the product makes. */

/**
 * A photo of a car as a phone takes it (sky, ground, a red car with cabin and wheels), as a
 * JPEG: the pipeline's segmenter finds the car in it.
 */
export function testJpeg(width = 800, height = 600, opts: { carColour?: string; quality?: number } = {}): Promise<Buffer> {
  const w = width;
  const h = height;
  const body = opts.carColour ?? '#b3202a';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3e6"/><stop offset="1" stop-color="#e8eef2"/></linearGradient></defs>
  <rect width="${w}" height="${h * 0.55}" fill="url(#sky)"/>
  <rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="#6b6b66"/>
  <rect x="${w * 0.18}" y="${h * 0.42}" width="${w * 0.64}" height="${h * 0.22}" rx="${h * 0.04}" fill="${body}"/>
  <path d="M ${w * 0.3} ${h * 0.43} L ${w * 0.38} ${h * 0.3} L ${w * 0.62} ${h * 0.3} L ${w * 0.72} ${h * 0.43} Z" fill="#a01c25"/>
  <circle cx="${w * 0.3}" cy="${h * 0.66}" r="${h * 0.08}" fill="#1a1a1a"/>
  <circle cx="${w * 0.7}" cy="${h * 0.66}" r="${h * 0.08}" fill="#1a1a1a"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: opts.quality ?? 88 }).toBuffer();
}

/** A small real PNG (a coloured square), as a browser would upload. */
export function testPng(size = 64, color = '#1f3a5f'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: color } }).png().toBuffer();
}

/** A short real MP4 made by ffmpeg's test source (needs Debian's `ffmpeg`). */
export async function testMp4(seconds = 1, size = '320x240'): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'test-video-'));
  const file = join(dir, 'clip.mp4');
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        'ffmpeg',
        ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=10`, '-pix_fmt', 'yuv420p', '-y', file],
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface ZipEntryRead {
  name: string;
  size: number;
  data: Buffer;
}

/**
 * Reads a zip as an unzipper does: the end-of-central-directory record, then every entry of
 * the central directory, and its data from the local header (stored or deflated; no ZIP64).
 */
export function readZip(zip: Buffer): ZipEntryRead[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntryRead[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`bad central directory entry ${n}`);
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw);
    entries.push({ name, size, data });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

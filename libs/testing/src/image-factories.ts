import type { ImageView, SignedUploadResult, VideoSignedUploadResult, VideoView } from '@app/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { postToPresigned } from './media-upload';
import type { UserSession } from './sessions';

/** Factories for images and videos (services/images): upload through presigned POSTs for tests. */

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

export interface SignedImageUpload {
  imageId: string;
  /** status of the presigned POST */
  status: number;
}

/**
 * Asks a signed URL for one position and posts the file to it, as the web creator does
 * (no completion call: the server finds the file). Throws when the signed URL is refused.
 */
export async function postOrderImage(
  session: UserSession,
  orderId: string,
  position: number,
  bytes: Buffer,
  opts: { contentType?: string; width?: number; height?: number } = {},
): Promise<SignedImageUpload> {
  const contentType = opts.contentType ?? 'image/jpeg';
  const res = await session
    .post('/api/images/get-signed-url-for-upload')
    .send({ order: orderId, position, fileSize: Math.max(1, Math.min(bytes.length, 8388608)), width: opts.width ?? 800, height: opts.height ?? 600, contentType });
  if (res.status !== 201) throw new Error(`get-signed-url-for-upload answered ${res.status} ${JSON.stringify(res.body)}`);
  const signed = res.body as SignedUploadResult;
  const status = await postToPresigned(signed.url, JSON.parse(signed.fields) as Record<string, string>, bytes, contentType);
  return { imageId: signed.imageId, status };
}

/**
 * Uploads one picture of an order as the mobile app does: signed URL, presigned POST, then
 * `upload-complete`. Returns the accepted image; throws with the server's answer otherwise.
 */
export async function uploadOrderImage(
  session: UserSession,
  orderId: string,
  position: number,
  bytes: Buffer,
  opts: { contentType?: string } = {},
): Promise<ImageView> {
  const { imageId, status } = await postOrderImage(session, orderId, position, bytes, opts);
  if (status >= 300) throw new Error(`the presigned POST answered ${status}`);
  const done = await session.post('/api/images/upload-complete').send({ imageId });
  if (done.status !== 200) throw new Error(`upload-complete answered ${done.status} ${JSON.stringify(done.body)}`);
  return done.body as ImageView;
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

/** Uploads a video of an order: signed URL, presigned POST, `upload-complete`; answers the response of the last. */
export async function uploadOrderVideo(
  session: UserSession,
  orderId: string,
  bytes: Buffer,
  contentType = 'video/mp4',
): Promise<{ status: number; body: VideoView | { statusCode: number; message: string }; videoId: string }> {
  const res = await session.post('/api/videos/get-signed-url-for-upload').send({ order: orderId, fileSize: bytes.length, contentType });
  if (res.status !== 201) throw new Error(`videos/get-signed-url-for-upload answered ${res.status} ${JSON.stringify(res.body)}`);
  const signed = res.body as VideoSignedUploadResult;
  const posted = await postToPresigned(signed.url, JSON.parse(signed.fields) as Record<string, string>, bytes, contentType);
  if (posted >= 300) throw new Error(`the presigned POST answered ${posted}`);
  const done = await session.post('/api/videos/upload-complete').send({ videoId: signed.videoId });
  return { status: done.status, body: done.body, videoId: signed.videoId };
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

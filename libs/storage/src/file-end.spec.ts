import { testJpeg, testMp4, testPng } from '@app/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { bufferSource, fileEnd, jpegEnd } from './file-end';

/** the file cut at a few places: after its first bytes, in the middle, just before its last byte */
const cuts = (file: Buffer): Buffer[] => [32, Math.floor(file.length / 3), Math.floor(file.length / 2), file.length - 2, file.length - 1].map((n) => file.subarray(0, n));

async function testWebm(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'file-end-spec-'));
  const file = join(dir, 'clip.webm');
  try {
    await new Promise<void>((resolve, reject) =>
      execFile('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libvpx', '-y', file], (err) => (err ? reject(err) : resolve())),
    );
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('whether an uploaded file is whole', () => {
  it('a JPEG: whole with its end-of-image marker after the last scan, cut off anywhere before it is truncated', async () => {
    for (const jpeg of [await testJpeg(800, 600), await sharp(await testJpeg(640, 480)).jpeg({ progressive: true }).toBuffer(), await sharp(await testJpeg(320, 240)).withMetadata().jpeg().toBuffer()]) {
      expect(jpegEnd(jpeg)).toBe('whole');
      for (const cut of cuts(jpeg)) expect(jpegEnd(cut)).toBe('truncated');
    }
  });

  it('a JPEG followed by other bytes (the video of a motion photo, padding) is whole', async () => {
    const jpeg = await testJpeg(400, 300);
    expect(jpegEnd(Buffer.concat([jpeg, await testMp4(1, '160x120')]))).toBe('whole');
    expect(jpegEnd(Buffer.concat([jpeg, Buffer.alloc(4096)]))).toBe('whole');
    // the first half of a JPEG padded with zeros to its length is still cut off
    expect(jpegEnd(Buffer.concat([jpeg.subarray(0, jpeg.length / 2), Buffer.alloc(jpeg.length / 2)]))).toBe('truncated');
  });

  it('a PNG up to its IEND chunk, a WebP to the size its header announces', async () => {
    const png = await testPng(200);
    const webp = await sharp(await testJpeg(400, 300)).webp().toBuffer();
    for (const [file, mime] of [
      [png, 'image/png'],
      [webp, 'image/webp'],
    ] as const) {
      expect(await fileEnd(bufferSource(file), mime)).toBe('whole');
      for (const cut of cuts(file)) expect(await fileEnd(bufferSource(cut), mime)).toBe('truncated');
    }
  });

  it('an MP4 whose boxes end within the file and hold the index; a WebM whose Segment does', async () => {
    const mp4 = await testMp4(1, '320x240');
    const webm = await testWebm();
    for (const [file, mime] of [
      [mp4, 'video/mp4'],
      [webm, 'video/webm'],
    ] as const) {
      expect(await fileEnd(bufferSource(file), mime)).toBe('whole');
      for (const cut of cuts(file)) expect(await fileEnd(bufferSource(cut), mime)).toBe('truncated');
    }
    // an MP4 cut off exactly before its index at the end: every box fits, but there is no moov
    const moov = mp4.indexOf('moov') - 4;
    expect(await fileEnd(bufferSource(mp4.subarray(0, moov)), 'video/mp4')).toBe('truncated');
  }, 30_000);

  it('leaves what is not such a structure to the decoder', async () => {
    expect(await fileEnd(bufferSource(Buffer.from('\0\0\0\x18ftypisom this is not really a film')), 'video/mp4')).toBe('unknown');
    expect(jpegEnd(Buffer.from('not a jpeg'))).toBe('unknown');
    expect(await fileEnd(bufferSource(Buffer.from('x')), 'image/gif')).toBe('unknown');
  });
});

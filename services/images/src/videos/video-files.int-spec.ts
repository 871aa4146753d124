import { StorageService } from '@app/storage';
import { startTestS3, testMp4, type TestS3 } from '@app/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ImagesConfig } from '../images.config';
import { ThumbnailUnavailableError, VideoFilesRepository, VideoRejectedError } from './video-files.repository';

describe('video thumbnails with ffmpeg, from S3', () => {
  let s3: TestS3;
  let storage: StorageService;
  const key = () => `orders/${randomUUID()}/videos/${randomUUID()}/original.mp4`;
  const repo = (ffmpeg = 'ffmpeg') => new VideoFilesRepository(storage, { FFMPEG_PATH: ffmpeg } as ImagesConfig);

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
    await storage.ensureBucket();
  });

  afterAll(async () => {
    await s3?.close();
  });

  it('makes a JPEG of the first frame, 225 px wide, and reads the duration', async () => {
    const k = key();
    await storage.put(k, await testMp4(2, '640x360'), 'video/mp4');
    const thumb = await repo().thumbnail(k);
    expect(await sharp(thumb.jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 225, height: 126 });
    expect(thumb.durationSeconds).toBeCloseTo(2, 0);
  });

  it('says ffmpeg is missing when it is, and refuses a file ffmpeg cannot read', async () => {
    const k = key();
    await storage.put(k, await testMp4(1), 'video/mp4');
    const missing = await repo('/nonexistent/ffmpeg').thumbnail(k).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ThumbnailUnavailableError);
    expect((missing as Error).message).toBe('No thumbnail: ffmpeg is not installed on the server (/nonexistent/ffmpeg was not found)');

    const junk = key();
    await storage.put(junk, Buffer.from('\0\0\0\x18ftypisom this is not really a film'), 'video/mp4');
    const refused = await repo().thumbnail(junk).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VideoRejectedError);
    expect((refused as Error).message).toMatch(/^The file could not be read as a video: .+/);
  });
});

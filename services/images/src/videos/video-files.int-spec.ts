import { Metrics, readSample } from '@app/ops';
import { StorageService } from '@app/storage';
import { startTestS3, testMp4, type TestS3 } from '@app/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ImagesConfig } from '../images.config';
import { FfmpegUnavailableError, VideoFiles, VideoMissingError, VideoRejectedError } from './video-files';

describe('the check of an uploaded video, with ffmpeg, from S3', () => {
  let s3: TestS3;
  let storage: StorageService;
  const folder = () => `orders/${randomUUID()}/videos/${randomUUID()}`;
  let metrics: Metrics;
  const videoFiles = (ffmpeg = 'ffmpeg') => new VideoFiles(storage, { FFMPEG_PATH: ffmpeg } as ImagesConfig, metrics);
  const checks = async (outcome: string, reason: string) =>
    readSample(await metrics.text(), 'dealer_upload_checks_total', { kind: 'video', outcome, reason }) ?? 0;

  beforeEach(() => {
    metrics = new Metrics('images', { defaultMetrics: false });
  });

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
    await storage.ensureBucket();
  });

  afterAll(async () => {
    await s3?.close();
  });

  it('keeps the checked bytes under the final key with the checked type, makes a JPEG of the first frame, 225 px wide, and reads the duration', async () => {
    const dir = folder();
    const mp4 = await testMp4(2, '640x360');
    await storage.put(`${dir}/uploads/u1.mov`, mp4, 'video/quicktime');
    const kept = await videoFiles().keepChecked(`${dir}/uploads/u1.mov`, (ext) => `${dir}/original.${ext}`);
    expect(kept).toMatchObject({ key: `${dir}/original.mp4`, size: mp4.length, mime: 'video/mp4' });
    expect((await storage.getBuffer(kept.key)).equals(mp4)).toBe(true);
    expect((await storage.head(kept.key))?.metaData['content-type']).toBe('video/mp4');
    expect(await sharp(kept.thumbnail.jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 225, height: 126 });
    expect(kept.thumbnail.durationSeconds).toBeCloseTo(2, 0);
    expect(await checks('accepted', 'none')).toBe(1);
  });

  it('does not accept a video unchecked when ffmpeg is missing: it says so and keeps nothing', async () => {
    const dir = folder();
    await storage.put(`${dir}/uploads/u1.mp4`, await testMp4(1), 'video/mp4');
    const missing = await videoFiles('/nonexistent/ffmpeg').keepChecked(`${dir}/uploads/u1.mp4`, (ext) => `${dir}/original.${ext}`).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(FfmpegUnavailableError);
    expect((missing as Error).message).toBe('Videos cannot be checked: ffmpeg is not installed on the server (/nonexistent/ffmpeg was not found)');
    expect(await storage.head(`${dir}/original.mp4`)).toBeNull();
    // the server's failure is not the file's: neither accepted nor refused
    expect((await metrics.text()).match(/^dealer_upload_checks_total\{/m)).toBeNull();
  });

  it('refuses HTML behind an MP4 header, and a file ffmpeg cannot read, keeping nothing', async () => {
    for (const bytes of [
      Buffer.concat([Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isommp42'), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]),
      Buffer.from('\0\0\0\x18ftypisom this is not really a film'),
    ]) {
      const dir = folder();
      await storage.put(`${dir}/uploads/u1.mp4`, bytes, 'video/mp4');
      const refused = await videoFiles().keepChecked(`${dir}/uploads/u1.mp4`, (ext) => `${dir}/original.${ext}`).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(VideoRejectedError);
      expect((refused as Error).message).toMatch(/^The file could not be read as a video: .+/);
      expect(await storage.head(`${dir}/original.mp4`)).toBeNull();
    }
    expect([await checks('refused', 'unreadable'), await checks('accepted', 'none')]).toEqual([2, 0]);
  });
  it('refuses a film cut off in its media data or before its index as incomplete, keeping nothing; the sweeper waits for it while its link lives', async () => {
    const mp4 = await testMp4(2, '640x360');
    const moov = mp4.indexOf('moov') - 4;
    for (const cut of [mp4.subarray(0, Math.floor(mp4.length / 2)), mp4.subarray(0, moov)]) {
      const dir = folder();
      await storage.put(`${dir}/uploads/u1.mp4`, cut, 'video/mp4');
      const refused = await videoFiles().keepChecked(`${dir}/uploads/u1.mp4`, (ext) => `${dir}/original.${ext}`).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(VideoRejectedError);
      expect((refused as Error).message).toBe('The video file is incomplete: it ends before the end of its container (the upload was cut off or the file is damaged)');
      expect(await storage.head(`${dir}/original.mp4`)).toBeNull();
      const waiting = await videoFiles().keepChecked(`${dir}/uploads/u1.mp4`, (ext) => `${dir}/original.${ext}`, { incompleteIsFinal: false }).catch((e: unknown) => e);
      expect(waiting).toBeInstanceOf(VideoMissingError);
    }
    expect(await checks('refused', 'incomplete')).toBe(2);
  });
});

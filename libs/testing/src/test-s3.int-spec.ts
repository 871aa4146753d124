import { StorageService } from '@app/storage';
import { existsSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestS3 } from './test-s3';

/** The test S3 leaves nothing behind: not when a client hangs on a download, not after a killed run. */
describe('test S3 folders', () => {
  it('closes within a few seconds while a download is left unread, and removes its folder', async () => {
    const s3 = await startTestS3();
    const storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
    const key = `orders/${randomUUID()}/big.jpg`;
    await storage.put(key, randomBytes(4_000_000), 'image/jpeg');
    const unread = await storage.get(key); // never read: its connection stays busy
    unread.on('error', () => undefined);
    const started = Date.now();
    await s3.close();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(existsSync(s3.directory)).toBe(false);
  }, 30_000);

  it('removes the folders a killed run left behind, hours old, and keeps recent ones', async () => {
    const probe = await startTestS3();
    const root = dirname(probe.directory);
    await probe.close();
    const stale = join(root, `dealer-s3-stale${randomUUID().slice(0, 8)}`);
    const recent = join(root, `dealer-s3-recent${randomUUID().slice(0, 8)}`);
    mkdirSync(join(stale, 'test-media'), { recursive: true });
    mkdirSync(recent, { recursive: true });
    const sevenHoursAgo = (Date.now() - 7 * 60 * 60 * 1000) / 1000;
    utimesSync(stale, sevenHoursAgo, sevenHoursAgo);
    const s3 = await startTestS3();
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(recent)).toBe(true);
    } finally {
      await s3.close();
      rmSync(recent, { recursive: true, force: true });
    }
  });
});

import { ProcessHealth } from '@app/ops';
import { startTestS3, type TestS3 } from '@app/testing';
import type { FactoryProvider } from '@nestjs/common';
import { StorageModule } from './storage.module';
import { StorageService, type StorageEnv } from './storage.service';

/**
 * The `storage` readiness check against the embedded S3: a service that keeps media is ready
 * only while a HEAD of its bucket answers; one that only signs links (no bucket ensured) has
 * no such check.
 */
describe('storage readiness', () => {
  let s3: TestS3;
  let s3Closed = false;
  let env: StorageEnv;

  beforeAll(async () => {
    s3 = await startTestS3();
    env = { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_BUCKET: s3.bucket, S3_REGION: 'us-east-1' } as StorageEnv;
  });

  afterAll(async () => {
    // the second case stops the server itself; a stopped server is not stopped twice
    if (!s3Closed) await s3?.close();
  });

  /** What StorageModule provides, built as Nest would with the process's health. */
  const provide = (config: StorageEnv, health: ProcessHealth, ensureBucket = true): Promise<StorageService> => {
    const provider = StorageModule.forRoot(config, { ensureBucket }).providers![0] as FactoryProvider<StorageService>;
    return Promise.resolve(provider.useFactory(health));
  };
  const health = () => new ProcessHealth({ maxLoopLagMs: 2000, loopLagForMs: 30_000, checkTimeoutMs: 1500 });

  it('adds a storage check that passes while the bucket answers', async () => {
    const h = health();
    await provide(env, h);
    expect(await h.readiness.report()).toEqual({ ready: true, status: 'ready', checks: { storage: 'ok' }, failing: [] });
  });

  it('fails naming storage when the bucket is gone, and when the server does not answer', async () => {
    const h = health();
    const storage = await provide(env, h);
    // the same server, another bucket that nobody created
    const missing = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: 'no-such-bucket', region: 'us-east-1' });
    await expect(missing.checkBucket()).rejects.toThrow('the bucket no-such-bucket does not exist');
    expect(storage).toBeInstanceOf(StorageService);
    await s3.close();
    s3Closed = true;
    const report = await h.readiness.report();
    expect(report).toMatchObject({ ready: false, status: 'not ready', failing: ['storage'] });
    expect(report.checks.storage).not.toBe('ok');
  });

  it('has no storage check in a service that only signs links', async () => {
    const h = health();
    await provide({ ...env, S3_ENDPOINT: 'http://127.0.0.1:1' }, h, false);
    expect(h.readiness.names).toEqual([]);
  });
});

import { ObjectKeys, StorageService } from '@app/storage';
import { readZip, startTestS3, type TestS3 } from '@app/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { ZipBundleFiles } from './zip-bundle-files';

/** how many pictures the big order has, and their size (random bytes: they do not compress) */
const IMAGES = 80;
const IMAGE_BYTES = 1_500_000;

describe('zip bundles streamed from S3 into S3', () => {
  let s3: TestS3;
  let storage: StorageService;
  let zips: ZipBundleFiles;

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
    await storage.ensureBucket();
    zips = new ZipBundleFiles(storage);
  });

  afterAll(async () => {
    await s3?.close();
  });

  it('holds every picture byte for byte under its name, readable by an unzipper', async () => {
    const orderId = randomUUID();
    const files = await Promise.all(
      [1, 2, 3].map(async (position) => {
        const key = ObjectKeys.image(orderId, randomUUID(), 'optimized', 'jpg');
        const bytes = randomBytes(10_000 + position);
        await storage.put(key, bytes, 'image/jpeg');
        return { key, bytes, name: `Golf GTI-${position}.jpg` };
      }),
    );
    const key = ObjectKeys.download(randomUUID());
    const size = await zips.build(key, files.map((f) => ({ key: f.key, name: f.name })));
    const zip = await storage.getBuffer(key);
    expect(zip.length).toBe(size);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    entries.forEach((e, i) => expect(e.data.equals(files[i].bytes)).toBe(true));
  });

  it('fails without leaving a zip when a picture is missing from storage', async () => {
    const key = ObjectKeys.download(randomUUID());
    const present = ObjectKeys.image(randomUUID(), randomUUID(), 'optimized', 'jpg');
    await storage.put(present, randomBytes(100), 'image/jpeg');
    await expect(
      zips.build(key, [
        { key: present, name: 'a.jpg' },
        { key: ObjectKeys.image(randomUUID(), randomUUID(), 'optimized', 'jpg'), name: 'b.jpg' },
      ]),
    ).rejects.toThrow('is missing from storage');
    expect(await storage.head(key)).toBeNull();
  });

  /** Builds a zip of `count` pictures; answers its size and the peak growth of live memory while it was built. */
  async function zipOf(count: number): Promise<{ size: number; growth: number }> {
    const orderId = randomUUID();
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = ObjectKeys.image(orderId, randomUUID(), 'optimized', 'jpg');
      await storage.put(key, randomBytes(IMAGE_BYTES), 'image/jpeg');
      keys.push(key);
    }
    // live memory (after a collection), so garbage waiting for the collector does not count
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const used = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    // A full collection takes longer the bigger the heap, and a test worker that ran other files
    // before may hold a large one (a second each): the next sample waits four times as long as
    // the last one took, so sampling never takes more than a fifth of the time.
    let sampler: NodeJS.Timeout | undefined;
    let sampling = true;
    const sample = () => {
      const started = performance.now();
      peak = Math.max(peak, used());
      if (sampling) sampler = setTimeout(sample, Math.max(500, 4 * (performance.now() - started)));
    };
    sampler = setTimeout(sample, 500);
    const key = ObjectKeys.download(randomUUID());
    try {
      const size = await zips.build(key, keys.map((k, i) => ({ key: k, name: `order-${i + 1}.jpg` })));
      expect((await storage.head(key))?.size).toBe(size);
      return { size, growth: peak - baseline };
    } finally {
      sampling = false;
      clearTimeout(sampler);
    }
  }

  it(`streams: a zip of ${IMAGES} pictures (${(IMAGES * IMAGE_BYTES) / 1e6} MB) is built with a fraction of its size in memory`, async () => {
    const big = await zipOf(IMAGES);
    expect(big.size).toBeGreaterThan(IMAGES * IMAGE_BYTES);
    // a zip built in memory needs the whole bundle (120 MB) and more; streamed, what is live at
    // once is a few 5 MB parts in flight, on both sides here (the S3 server runs in this
    // process too): 20-40 MB measured, the bound leaves room for a busy machine's timing
    expect(big.growth).toBeLessThan((IMAGES * IMAGE_BYTES) / 2);
    // 120 MB written to the S3 server and read back, with collections while it runs: slow on a busy machine
  }, 180_000);
});

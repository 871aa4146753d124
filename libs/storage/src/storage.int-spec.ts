import { CACHED_LINK_WINDOW_SECONDS, IMAGE_TYPES, ObjectKeys, ObjectRejectedError, StorageService } from '@app/storage';
import { startTestS3, type TestS3 } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

/** A tiny but real JPEG (1x1 pixel). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

async function postForm(url: string, fields: Record<string, string>, file: Buffer, contentType: string): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file], { type: contentType }), 'upload.jpg');
  return fetch(url, { method: 'POST', body: form });
}

describe('StorageService against an S3-compatible server', () => {
  let s3: TestS3;
  let storage: StorageService;
  const orderId = randomUUID();

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new StorageService({
      endpoint: s3.endpoint,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucket: s3.bucket,
      region: 'us-east-1',
    });
    await storage.ensureBucket();
    await storage.ensureBucket(); // twice: safe at every boot
  });

  afterAll(async () => {
    await s3?.close();
  });

  it('signs a picture link a browser may cache: the same URL throughout a window, a new one for a new picture, served with a lifetime', async () => {
    const key = ObjectKeys.image(orderId, randomUUID(), 'thumb', 'jpg');
    await storage.put(key, JPEG, 'image/jpeg');
    const version = '2026-11-29T07:00:00.000Z';
    const windowStart = Math.floor(Date.now() / (CACHED_LINK_WINDOW_SECONDS * 1000)) * CACHED_LINK_WINDOW_SECONDS * 1000;
    const early = storage.signedCachedGet(key, version, 3600, new Date(windowStart + 1_000));
    const late = storage.signedCachedGet(key, version, 3600, new Date(windowStart + CACHED_LINK_WINDOW_SECONDS * 1000 - 1_000));
    expect(late).toBe(early);
    // the picture changed (a new version), or the window passed: another URL
    expect(storage.signedCachedGet(key, '2026-11-29T07:05:00.000Z', 3600, new Date(windowStart + 1_000))).not.toBe(early);
    expect(storage.signedCachedGet(key, version, 3600, new Date(windowStart + CACHED_LINK_WINDOW_SECONDS * 1000 + 1_000))).not.toBe(early);
    // valid for the hour asked after the last moment of the window, and cached as long
    expect(new URL(early).searchParams.get('X-Amz-Expires')).toBe(String(CACHED_LINK_WINDOW_SECONDS + 3600));
    const res = await fetch(storage.signedCachedGet(key, version, 3600));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(`private, max-age=${CACHED_LINK_WINDOW_SECONDS + 3600}, immutable`);
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
    // the version is signed: a link with another one is refused
    const tampered = new URL(early);
    tampered.searchParams.set('v', 'other');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('uploads a file by presigned POST with a fixed key, and the server-side check accepts it', async () => {
    const key = ObjectKeys.image(orderId, randomUUID(), 'original', 'jpg');
    const post = await storage.presignedPost({ key, contentType: 'image/jpeg', maxBytes: 8388608, expiresInSeconds: 300 });
    expect(post.fields.key).toBe(key);
    // the signed policy the browser posts holds the key, the type and the size limit it was given
    const policy = JSON.parse(Buffer.from(post.fields.policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['eq', '$key', key], ['eq', '$Content-Type', 'image/jpeg'], ['content-length-range', 1, 8388608]]),
    );
    const res = await postForm(post.url, post.fields, JPEG, 'image/jpeg');
    expect(res.status).toBeLessThan(300);

    const verified = await storage.verifyObject(key, { maxBytes: 8388608, allowedTypes: IMAGE_TYPES });
    expect(verified).toEqual({ size: JPEG.length, type: { mime: 'image/jpeg', ext: 'jpg' } });

    const url = await storage.presignedGet(key, 60, 'car.jpg');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('refuses a POST over the policy size, and the server-side check catches an object over the limit written another way', async () => {
    const key = ObjectKeys.image(orderId, randomUUID(), 'original', 'jpg');
    const post = await storage.presignedPost({ key, contentType: 'image/jpeg', maxBytes: 1024, expiresInSeconds: 300 });
    const big = Buffer.concat([JPEG, Buffer.alloc(4096, 7)]);
    const res = await postForm(post.url, post.fields, big, 'image/jpeg');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await storage.head(key)).toBeNull();

    // a storage that does not enforce policies would have kept it: the check does not rely on it
    await storage.put(key, big, 'image/jpeg');
    await expect(storage.verifyObject(key, { maxBytes: 1024, allowedTypes: IMAGE_TYPES })).rejects.toMatchObject({
      reason: 'too-large',
      message: `The uploaded file is ${big.length} bytes; at most 1024 bytes are allowed.`,
    });
  });

  it('rejects a non-image under an image name, an empty object and a missing one', async () => {
    const fake = ObjectKeys.image(orderId, randomUUID(), 'original', 'jpg');
    await storage.put(fake, Buffer.from('<html>not an image</html>'), 'image/jpeg');
    await expect(storage.verifyObject(fake, { maxBytes: 8388608, allowedTypes: IMAGE_TYPES })).rejects.toMatchObject({ reason: 'wrong-type' });

    const empty = ObjectKeys.image(orderId, randomUUID(), 'original', 'jpg');
    await storage.put(empty, Buffer.alloc(0), 'image/jpeg');
    await expect(storage.verifyObject(empty, { maxBytes: 8388608, allowedTypes: IMAGE_TYPES })).rejects.toMatchObject({ reason: 'empty' });

    const missing = ObjectKeys.image(orderId, randomUUID(), 'original', 'jpg');
    const err = await storage.verifyObject(missing, { maxBytes: 8388608, allowedTypes: IMAGE_TYPES }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ObjectRejectedError);
    expect((err as ObjectRejectedError).reason).toBe('missing');
  });

  it('streams put and get, heads, and deletes single objects and prefixes', async () => {
    const prefix = `orders/${randomUUID()}/`;
    const key = `${prefix}images/${randomUUID()}/optimized.jpg`;
    expect(await storage.putStream(key, Readable.from([JPEG.subarray(0, 10), JPEG.subarray(10)]), 'image/jpeg')).toBe(JPEG.length);
    expect((await storage.head(key))?.size).toBe(JPEG.length);
    expect((await storage.getBuffer(key)).equals(JPEG)).toBe(true);

    const second = `${prefix}images/${randomUUID()}/thumb.jpg`;
    await storage.put(second, JPEG, 'image/jpeg');
    expect(await storage.deletePrefix(prefix)).toBe(2);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.head(second)).toBeNull();
  });

  it('deletes every object under a prefix of more than 1,000 (an account with many pictures): the listing goes on over its pages', async () => {
    const prefix = `orders/${randomUUID()}/`;
    const keys = Array.from({ length: 1_050 }, (_, i) => `${prefix}images/${String(i).padStart(4, '0')}/thumb.jpg`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < keys.length) await storage.put(keys[next++], JPEG, 'image/jpeg');
      }),
    );
    const kept = `orders/${randomUUID()}/images/kept.jpg`;
    await storage.put(kept, JPEG, 'image/jpeg');
    expect(await storage.deletePrefix(prefix)).toBe(1_050);
    expect(await storage.head(keys[0])).toBeNull();
    expect(await storage.head(keys[1_049])).toBeNull();
    expect(await storage.deletePrefix(prefix)).toBe(0);
    expect(await storage.head(kept)).not.toBeNull();
  }, 60_000);

  it('deletes only the objects under a prefix written before a moment', async () => {
    const prefix = `deliveries/${randomUUID()}/`;
    await storage.put(`${prefix}1.jpg`, JPEG, 'image/jpeg');
    await storage.put(`${prefix}2.jpg`, JPEG, 'image/jpeg');
    const outside = `orders/${randomUUID()}/images/${randomUUID()}/optimized.jpg`;
    await storage.put(outside, JPEG, 'image/jpeg');
    expect(await storage.deleteOlderThan(prefix, new Date(Date.now() - 60_000))).toBe(0);
    expect(await storage.deleteOlderThan(prefix, new Date(Date.now() + 60_000))).toBe(2);
    expect(await storage.head(`${prefix}1.jpg`)).toBeNull();
    expect(await storage.head(outside)).not.toBeNull();
  });

  it('streams a large body of unknown length as a multipart upload', async () => {
    const key = `downloads/${randomUUID()}.zip`;
    const part = 5 * 1024 * 1024;
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i));
    expect(await storage.putStream(key, Readable.from(chunks), 'application/zip', part)).toBe(12 * 1024 * 1024);
    const back = await storage.getBuffer(key);
    expect(back.length).toBe(12 * 1024 * 1024);
    expect(back[0]).toBe(0);
    expect(back[back.length - 1]).toBe(11);
    expect(back[6 * 1024 * 1024]).toBe(6);
  });

  it('builds keys only from safe ids', () => {
    expect(() => ObjectKeys.image('../etc', 'x', 'original', 'jpg')).toThrow('invalid order id');
    expect(() => ObjectKeys.image(orderId, 'a/b', 'original', 'jpg')).toThrow('invalid image id');
    expect(() => ObjectKeys.media('logo', 'm1', 'jp/g')).toThrow('invalid extension');
  });
});

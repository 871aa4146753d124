import { amzDate, GetUrlSigner, hmacSha256, sigV4SigningKey, sigV4StringToSign, StorageService } from '@app/storage';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { Client } from 'minio';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { waitFor } from '@app/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3';
import { PUBLIC_DEFAULT_S3_KEY } from './s3-credentials';

const BUCKET = 'media';
/** the start of a JPEG and some bytes: what a dealer's photo looks like to storage */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 3)]);
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

function clientOf(s3: EmbeddedS3, secretKey = s3.secretKey, accessKey = s3.accessKey): Client {
  const url = new URL(s3.endpoint);
  return new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey, secretKey, region: 'us-east-1', pathStyle: true });
}

/** Posts a form as a browser does: the fields in order, then the file last. */
async function postForm(url: string, fields: Record<string, string>, file: Buffer, type = 'image/jpeg'): Promise<{ status: number; code: string | null; text: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file], { type }), 'photo.jpg');
  const res = await fetch(url, { method: 'POST', body: form });
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null, text };
}

/** A PUT signed in the Authorization header for `signedBody`, sending `body`. */
function signedPut(s3: EmbeddedS3, path: string, signedBody: Buffer, body: Buffer): Promise<Response> {
  const url = new URL(path, s3.endpoint);
  const date = amzDate(new Date());
  const payloadHash = createHash('sha256').update(signedBody).digest('hex');
  const scope = `${date.slice(0, 8)}/us-east-1/s3/aws4_request`;
  const canonical = ['PUT', url.pathname, '', `host:${url.host}\nx-amz-content-sha256:${payloadHash}\nx-amz-date:${date}\n`, 'host;x-amz-content-sha256;x-amz-date', payloadHash].join('\n');
  const signature = hmacSha256(sigV4SigningKey(s3.secretKey, date.slice(0, 8), 'us-east-1'), sigV4StringToSign(date, scope, canonical)).toString('hex');
  return fetch(url, {
    method: 'PUT',
    body,
    headers: {
      'x-amz-date': date,
      'x-amz-content-sha256': payloadHash,
      Authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKey}/${scope}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${signature}`,
    },
  });
}

async function answer(res: Response): Promise<{ status: number; code: string | null }> {
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null };
}

describe('the embedded S3 enforces what S3 enforces', () => {
  let directory: string;
  let s3: EmbeddedS3;
  let storage: StorageService;
  let client: Client;
  let n = 0;
  const key = (name = 'photo.jpg') => `orders/o-${++n}/${name}`;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'embedded-s3-spec-'));
    s3 = await startEmbeddedS3({ directory, buckets: [BUCKET] });
    storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: BUCKET, region: 'us-east-1' });
    client = clientOf(s3);
  });

  afterAll(async () => {
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  describe('takes what is signed with its key', () => {
    it("serves the S3 client's own calls: put, stat, get, list, multipart, delete, also of keys with spaces and accents", async () => {
      const plain = key();
      const odd = key('Århus café (1) + ½.jpg');
      await storage.put(plain, PHOTO, 'image/jpeg');
      await storage.put(odd, PHOTO, 'image/jpeg');
      expect((await storage.head(plain))?.size).toBe(PHOTO.length);
      expect((await storage.getBuffer(odd)).equals(PHOTO)).toBe(true);

      const big = Buffer.alloc(11 * 1024 * 1024, 9);
      const zip = key('bundle.zip');
      expect(await storage.putStream(zip, Readable.from([big]), 'application/zip', 5 * 1024 * 1024)).toBe(big.length);
      expect((await storage.head(zip))?.size).toBe(big.length);

      const listed: string[] = [];
      for await (const item of client.listObjectsV2(BUCKET, plain.split('/').slice(0, 2).join('/') + '/', true)) listed.push((item as { name: string }).name);
      expect(listed).toEqual([plain]);

      await storage.delete(plain);
      expect(await storage.head(plain)).toBeNull();
    });

    it('takes a presigned POST as the web app posts it, and serves the picture back by a presigned GET with its type and download name', async () => {
      const target = key();
      const post = await storage.presignedPost({ key: target, contentType: 'image/jpeg', maxBytes: 8388608, expiresInSeconds: 900 });
      const posted = await postForm(post.url, post.fields, PHOTO);
      expect(posted.status).toBe(204);

      const res = await fetch(storage.signedGet(target, 60, 'Golf GTI.jpg'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Golf GTI.jpg"');
      expect(Buffer.from(await res.arrayBuffer()).equals(PHOTO)).toBe(true);
    });

    it("answers a browser's CORS preflight of a direct upload", async () => {
      const res = await fetch(`${s3.endpoint}/${BUCKET}`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:8080', 'Access-Control-Request-Method': 'POST' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });
  });

  describe('refuses what is not signed, or signed otherwise', () => {
    let stored: string;
    beforeAll(async () => {
      stored = key();
      await storage.put(stored, PHOTO, 'image/jpeg');
    });

    it('refuses an anonymous GET, listing and PUT, and the object stays as it was', async () => {
      expect(await answer(await fetch(`${s3.endpoint}/${BUCKET}/${stored}`))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await answer(await fetch(`${s3.endpoint}/${BUCKET}?list-type=2`))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await answer(await fetch(`${s3.endpoint}/`))).toEqual({ status: 403, code: 'AccessDenied' });
      const put = await fetch(`${s3.endpoint}/${BUCKET}/${stored}`, { method: 'PUT', body: HTML, headers: { 'Content-Type': 'text/html' } });
      expect(await answer(put)).toEqual({ status: 403, code: 'AccessDenied' });
      const del = await fetch(`${s3.endpoint}/${BUCKET}/${stored}`, { method: 'DELETE' });
      expect(await answer(del)).toEqual({ status: 403, code: 'AccessDenied' });
      expect((await storage.getBuffer(stored)).equals(PHOTO)).toBe(true);
    });

    it('takes a body only when it matches the hash the signature covers', async () => {
      const target = key();
      expect((await signedPut(s3, `/${BUCKET}/${target}`, PHOTO, PHOTO)).status).toBe(200);
      expect((await storage.getBuffer(target)).equals(PHOTO)).toBe(true);
      expect(await answer(await signedPut(s3, `/${BUCKET}/${target}`, PHOTO, HTML))).toEqual({ status: 400, code: 'XAmzContentSHA256Mismatch' });
      expect((await storage.getBuffer(target)).equals(PHOTO)).toBe(true);
    });

    it('refuses a client with a wrong secret or an unknown access key', async () => {
      await expect(clientOf(s3, 'not-the-secret').putObject(BUCKET, stored, HTML)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
      await expect(clientOf(s3, 'not-the-secret').statObject(BUCKET, stored)).rejects.toThrow();
      await expect(clientOf(s3, s3.secretKey, 'SOMEONE').getObject(BUCKET, stored)).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
      expect((await storage.getBuffer(stored)).equals(PHOTO)).toBe(true);
    });

    it('refuses an expired presigned GET, one signed with another secret and one whose key was changed', async () => {
      const signer = (secretKey: string) => new GetUrlSigner({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey, region: 'us-east-1', bucket: BUCKET });
      const expired = signer(s3.secretKey).sign(stored, 60, {}, new Date(Date.now() - 120_000));
      expect(await answer(await fetch(expired))).toEqual({ status: 403, code: 'AccessDenied' });
      const live = signer(s3.secretKey).sign(stored, 60);
      expect((await fetch(live)).status).toBe(200);
      expect(await answer(await fetch(signer('guessed').sign(stored, 60)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
      const other = key();
      await storage.put(other, PHOTO, 'image/jpeg');
      expect(await answer(await fetch(live.replace(stored, other)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
      // a header override the signature does not cover
      expect(await answer(await fetch(`${live}&response-content-type=text%2Fhtml`))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    });
  });

  describe("has this installation's own key, never s3rver's public default one", () => {
    it('refuses a client signing with S3RVER/S3RVER: InvalidAccessKeyId, nothing read or written', async () => {
      const stored = key();
      await storage.put(stored, PHOTO, 'image/jpeg');
      expect(s3.accessKey).not.toBe(PUBLIC_DEFAULT_S3_KEY.accessKey);
      const intruder = clientOf(s3, PUBLIC_DEFAULT_S3_KEY.secretKey, PUBLIC_DEFAULT_S3_KEY.accessKey);
      await expect(intruder.getObject(BUCKET, stored)).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
      await expect(intruder.putObject(BUCKET, stored, HTML)).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
      const listing = intruder.listObjectsV2(BUCKET, '', true);
      await expect(new Promise((resolve, reject) => listing.on('data', resolve).on('error', reject).on('end', resolve))).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
      expect((await storage.getBuffer(stored)).equals(PHOTO)).toBe(true);
    });

    it('does not start with the public default key', async () => {
      const other = mkdtempSync(join(tmpdir(), 'embedded-s3-spec-'));
      try {
        await expect(startEmbeddedS3({ directory: other, credentials: PUBLIC_DEFAULT_S3_KEY })).rejects.toThrow(/S3RVER/);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    });

    it('works with rclone given the generated keys, and refuses rclone with the default key', async () => {
      const stored = key('rclone.jpg');
      await storage.put(stored, PHOTO, 'image/jpeg');
      const rclone = (keys: { accessKey: string; secretKey: string }, ...args: string[]) =>
        promisify(execFile)('rclone', ['--retries', '1', '--low-level-retries', '1', ...args], {
          encoding: 'buffer',
          env: {
            // only the remote named here: no AWS_* setting of the machine (a CA bundle, a profile)
            ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_'))),
            RCLONE_CONFIG: '/dev/null',
            RCLONE_CONFIG_DEV_TYPE: 's3',
            RCLONE_CONFIG_DEV_PROVIDER: 'Other',
            RCLONE_CONFIG_DEV_ENDPOINT: s3.endpoint,
            RCLONE_CONFIG_DEV_REGION: 'us-east-1',
            RCLONE_CONFIG_DEV_ACCESS_KEY_ID: keys.accessKey,
            RCLONE_CONFIG_DEV_SECRET_ACCESS_KEY: keys.secretKey,
          },
        });
      const read = await rclone(s3, 'cat', `dev:${BUCKET}/${stored}`);
      expect(read.stdout.equals(PHOTO)).toBe(true);
      const listed = await rclone(s3, 'lsf', '-R', `dev:${BUCKET}/${stored.split('/').slice(0, 2).join('/')}`);
      expect(listed.stdout.toString()).toContain('rclone.jpg');
      const refused = await rclone(PUBLIC_DEFAULT_S3_KEY, 'cat', `dev:${BUCKET}/${stored}`).catch((err: { stderr: Buffer; stdout: Buffer }) => err);
      expect((refused as { stdout: Buffer }).stdout.length).toBe(0);
      expect((refused as { stderr: Buffer }).stderr.toString()).toMatch(/InvalidAccessKeyId|403/);
    }, 30_000);
  });

  describe('publishes an object only once it is whole', () => {
    it('answers 404 to a GET, HEAD and listing of a key whose upload is in flight, then the whole object', async () => {
      const target = key('large.jpg');
      const body = Buffer.concat([PHOTO, Buffer.alloc(2 * 1024 * 1024, 7)]);
      const url = new URL(await client.presignedPutObject(BUCKET, target, 60));
      const feed = new PassThrough();
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(url, { method: 'PUT', headers: { 'Content-Length': body.length } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        feed.pipe(req);
      });
      // a failing check below must not leave the upload's rejection unheard
      answered.catch(() => undefined);
      // the first half is sent and has reached the store's disk; the rest is held back
      feed.write(body.subarray(0, body.length / 2));
      const written = () =>
        readdirSync(directory, { recursive: true, encoding: 'utf8' }).some((name) => name.includes('large.jpg') && statSync(join(directory, name)).size >= PHOTO.length);
      try {
        await waitFor(written, 'the first half on the store disk');
        await expect(storage.getBuffer(target)).rejects.toThrow();
        await expect(client.statObject(BUCKET, target)).rejects.toMatchObject({ code: 'NotFound' });
        const listed: string[] = [];
        for await (const item of client.listObjectsV2(BUCKET, target.split('/').slice(0, 2).join('/') + '/', true)) listed.push((item as { name: string }).name);
        expect(listed).toEqual([]);
      } finally {
        feed.end(body.subarray(body.length / 2));
      }
      expect(await answered).toBe(200);
      expect((await storage.getBuffer(target)).equals(body)).toBe(true);
    });

    it('copies an object whole, with its type, and leaves no temporary file behind', async () => {
      const source = key('source.jpg');
      const copy = key('copy.jpg');
      await storage.put(source, PHOTO, 'image/jpeg');
      await storage.copy(source, copy);
      expect((await storage.getBuffer(copy)).equals(PHOTO)).toBe(true);
      expect((await storage.head(copy))?.metaData['content-type']).toBe('image/jpeg');
      // over an existing object too
      await storage.put(source, HTML, 'text/plain');
      await storage.copy(source, copy);
      expect((await storage.getBuffer(copy)).equals(HTML)).toBe(true);
      expect((await storage.head(copy))?.metaData['content-type']).toBe('text/plain');
      expect(readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.partial'))).toEqual([]);
    });
  });

  describe('takes a POST upload only as its signed policy grants', () => {
    const grant = (target: string, opts: { minBytes?: number; maxBytes?: number; expiresInSeconds?: number } = {}) =>
      storage.presignedPost({ key: target, contentType: 'image/jpeg', minBytes: opts.minBytes, maxBytes: opts.maxBytes ?? 8388608, expiresInSeconds: opts.expiresInSeconds ?? 900 });

    it('refuses a POST to a key outside the grant: nothing is written there', async () => {
      const granted = key();
      const victim = key();
      await storage.put(victim, PHOTO, 'image/jpeg');
      const post = await grant(granted);
      const res = await postForm(post.url, { ...post.fields, key: victim }, HTML);
      expect(res).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(res.text).toContain('Policy Condition failed');
      expect((await storage.getBuffer(victim)).equals(PHOTO)).toBe(true);
      expect(await storage.head(granted)).toBeNull();
    });

    it('refuses a POST without a policy, and one without a signature', async () => {
      const target = key();
      const post = await grant(target);
      expect(await postForm(post.url, { key: target, 'Content-Type': 'image/jpeg' }, PHOTO)).toMatchObject({ status: 403, code: 'AccessDenied' });
      const { 'x-amz-signature': _signature, ...unsigned } = post.fields;
      expect(await postForm(post.url, unsigned, PHOTO)).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(await storage.head(target)).toBeNull();
    });

    it('refuses a POST whose policy has expired', async () => {
      const target = key();
      const post = await grant(target, { expiresInSeconds: -1 });
      const res = await postForm(post.url, post.fields, PHOTO);
      expect(res).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(res.text).toContain('Policy expired');
      expect(await storage.head(target)).toBeNull();
    });

    it('refuses a file larger or smaller than the content-length-range, counted on the bytes that arrive', async () => {
      const target = key();
      const post = await grant(target, { minBytes: 100, maxBytes: 1000 });
      expect(await postForm(post.url, post.fields, Buffer.concat([PHOTO, Buffer.alloc(1001 - PHOTO.length)]))).toMatchObject({ status: 400, code: 'EntityTooLarge' });
      expect(await postForm(post.url, post.fields, PHOTO.subarray(0, 99))).toMatchObject({ status: 400, code: 'EntityTooSmall' });
      expect(await storage.head(target)).toBeNull();
      expect(await postForm(post.url, post.fields, Buffer.concat([PHOTO, Buffer.alloc(1000 - PHOTO.length)]))).toMatchObject({ status: 204 });
      expect((await storage.head(target))?.size).toBe(1000);
    });

    it('refuses a content type other than the granted one: HTML cannot be posted as text/html', async () => {
      const target = key();
      const post = await grant(target);
      const res = await postForm(post.url, { ...post.fields, 'Content-Type': 'text/html' }, HTML, 'text/html');
      expect(res).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(await storage.head(target)).toBeNull();
    });

    it('refuses a tampered policy and a field the policy does not name', async () => {
      const target = key();
      const post = await grant(target, { maxBytes: 1000 });
      const policy = JSON.parse(Buffer.from(post.fields.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
      policy.conditions = policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 100_000_000] : c));
      const tampered = { ...post.fields, policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
      expect(await postForm(post.url, tampered, Buffer.alloc(5000, 1))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });

      const extra = await postForm(post.url, { ...post.fields, 'x-amz-meta-owner': 'someone else' }, PHOTO);
      expect(extra).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(extra.text).toContain('Extra input fields: x-amz-meta-owner');
      expect(await storage.head(target)).toBeNull();
    });

    it('stores nothing of an upload whose uploader goes away halfway, and keeps serving', async () => {
      const target = key();
      const post = await grant(target);
      const boundary = 'cut-short';
      const fields = Object.entries(post.fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const url = new URL(post.url);
      await new Promise<void>((resolve) => {
        const req = request({ host: url.hostname, port: url.port, method: 'POST', path: url.pathname, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': 1_000_000 } });
        req.on('error', () => resolve());
        req.write(`${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n`);
        req.write(PHOTO, () => setTimeout(() => {
          req.destroy();
          resolve();
        }, 200));
      });
      expect(await storage.head(target)).toBeNull();
      const posted = await postForm(post.url, post.fields, PHOTO);
      expect(posted.status).toBe(204);
      expect((await storage.getBuffer(target)).equals(PHOTO)).toBe(true);
    });

    it('refuses a POST signed with another secret', async () => {
      const target = key();
      const forged = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: 'guessed', bucket: BUCKET, region: 'us-east-1' });
      const post = await forged.presignedPost({ key: target, contentType: 'image/jpeg', maxBytes: 8388608, expiresInSeconds: 900 });
      expect(await postForm(post.url, post.fields, HTML)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
      expect(await storage.head(target)).toBeNull();
    });
  });
});

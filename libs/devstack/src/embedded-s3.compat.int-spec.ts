import { Client } from 'minio';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3';

/**
 * The embedded S3 as ordinary S3 clients use it: the minio client of libs/storage, rclone and
 * s3cmd (Debian's; scripts/test-machine.sh installs them), each configured here on its command
 * line or in a temporary file, never from the user's home.
 */
const MEDIA = 'media';
const TREE = 'tree';
/** three pages of at most 1,000 */
const PAGED = 2_200;

interface Run {
  code: number;
  stdout: Buffer;
  stderr: string;
}

const run = (command: string, args: string[], timeout = 60_000): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      command,
      args,
      // no AWS_* or RCLONE_* setting of the machine takes part
      { encoding: 'buffer', timeout, maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir() } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.toString() }),
    );
  });

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');
const lines = (bytes: Buffer): string[] => bytes.toString().split('\n').filter(Boolean);

/** a body of `size` bytes that differ from place to place, so a mix of two would show */
const body = (size: number, seed: number): Buffer => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) bytes.writeUInt32LE((i * 2654435761 + seed) >>> 0, Math.min(i, size - 4));
  return bytes;
};

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

describe('the embedded S3 works with real S3 clients: minio, rclone, s3cmd', () => {
  const started = Date.now();
  let work: string;
  let s3: EmbeddedS3;
  let client: Client;
  let rcloneConfig: string;
  let s3cmdConfig: string;
  let wrongS3cmdConfig: string;

  const rclone = (...args: string[]) =>
    run('rclone', [
      '--config', rcloneConfig, '--retries', '1', '--low-level-retries', '1',
      '--s3-provider', 'Other', '--s3-endpoint', s3.endpoint, '--s3-region', 'us-east-1',
      '--s3-access-key-id', s3.accessKey, '--s3-secret-access-key', s3.secretKey,
      ...args,
    ]);
  const s3cmd = (...args: string[]) => run('s3cmd', ['-c', s3cmdConfig, ...args]);

  /** one signed GET of the raw answer (the minio client hides the XML) */
  const rawGet = async (bucket: string, query: Record<string, string>): Promise<string> => {
    const url = await client.presignedUrl('GET', bucket, '', 60, query);
    const res = await fetch(url);
    const text = await res.text();
    expect({ status: res.status, text }).toMatchObject({ status: 200 });
    return text;
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'embedded-s3-compat-'));
    s3 = await startEmbeddedS3({ directory: join(work, 'store'), buckets: [MEDIA, TREE] });
    const url = new URL(s3.endpoint);
    client = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', pathStyle: true });
    rcloneConfig = join(work, 'rclone.conf');
    writeFileSync(rcloneConfig, '');
    const s3cmdFile = (secret: string) =>
      [
        '[default]',
        `access_key = ${s3.accessKey}`,
        `secret_key = ${secret}`,
        `host_base = ${url.host}`,
        `host_bucket = ${url.host}`,
        'bucket_location = us-east-1',
        'use_https = False',
        'signature_v2 = False',
        'check_ssl_certificate = False',
        'multipart_chunk_size_mb = 5',
        'progress_meter = False',
        '',
      ].join('\n');
    s3cmdConfig = join(work, 's3cmd.cfg');
    writeFileSync(s3cmdConfig, s3cmdFile(s3.secretKey));
    wrongS3cmdConfig = join(work, 's3cmd-wrong.cfg');
    writeFileSync(wrongS3cmdConfig, s3cmdFile('not-the-secret-key-of-this-server-00000'));

    // the tree that the delimiter checks read: keys at the root and folders of several depths
    for (const name of ['root.txt', 'downloads/d-1.zip', 'orders/o-1/front.jpg', 'orders/o-1/rear.jpg', 'orders/o-2/front.jpg', 'media/m-1/a/b.jpg', 'orders-archive.txt', 'Århus + café (1).jpg']) {
      await client.putObject(TREE, name, Buffer.from(`content of ${name}`), undefined, { 'Content-Type': 'text/plain' });
    }
  }, 60_000);

  afterAll(async () => {
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
    // eslint-disable-next-line no-console
    console.log(`embedded-s3 compatibility tier: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  describe('pages a listing of 2,200 keys', () => {
    const names = Array.from({ length: PAGED }, (_, i) => `paging/k-${String(i).padStart(4, '0')}.txt`);

    beforeAll(async () => {
      await inParallel(names, 8, (name) => client.putObject(MEDIA, name, Buffer.from(name)));
    }, 60_000);

    it('answers ListObjectsV2 in pages of 1,000 with a continuation token, and the minio client reads all 2,200 keys in order', async () => {
      const first = await rawGet(MEDIA, { 'list-type': '2', prefix: 'paging/', 'max-keys': '1000' });
      expect(first).toContain('<IsTruncated>true</IsTruncated>');
      expect(first).toContain('<KeyCount>1000</KeyCount>');
      const token = /<NextContinuationToken>([^<]+)</.exec(first)?.[1] as string;
      expect(token).toBeTruthy();
      const second = await rawGet(MEDIA, { 'list-type': '2', prefix: 'paging/', 'continuation-token': token });
      expect(/<Key>([^<]+)</.exec(second)?.[1]).toBe(names[1000]);

      const listed: string[] = [];
      for await (const item of client.listObjectsV2(MEDIA, 'paging/', true)) listed.push((item as { name: string }).name);
      expect(listed).toEqual(names);
      // start-after, and ListObjects v1 with its marker
      const after = await rawGet(MEDIA, { 'list-type': '2', prefix: 'paging/', 'start-after': names[PAGED - 3] });
      expect([...after.matchAll(/<Key>([^<]+)</g)].map((m) => m[1])).toEqual(names.slice(PAGED - 2));
      const v1 = await rawGet(MEDIA, { prefix: 'paging/', marker: names[999], 'max-keys': '2' });
      expect([...v1.matchAll(/<Key>([^<]+)</g)].map((m) => m[1])).toEqual(names.slice(1000, 1002));
      expect(v1).toContain(`<NextMarker>${names[1001]}</NextMarker>`);
    }, 30_000);

    it('lists all 2,200 with rclone ls and s3cmd ls', async () => {
      const byRclone = await rclone('lsf', `:s3:${MEDIA}/paging`);
      expect(byRclone.stderr).toBe('');
      expect(lines(byRclone.stdout)).toHaveLength(PAGED);
      const byS3cmd = await s3cmd('ls', `s3://${MEDIA}/paging/`);
      expect(byS3cmd.code).toBe(0);
      expect(lines(byS3cmd.stdout)).toHaveLength(PAGED);
    }, 40_000);

    it('deletes them in batches (DeleteObjects) with s3cmd and the minio client', async () => {
      const byMinio = names.slice(0, 1200);
      const errors = await client.removeObjects(MEDIA, byMinio);
      expect(errors.filter((e) => e?.Error)).toEqual([]);
      const deleted = await s3cmd('del', '--recursive', `s3://${MEDIA}/paging/`);
      expect({ code: deleted.code, stderr: deleted.stderr }).toEqual({ code: 0, stderr: '' });
      const left: string[] = [];
      for await (const item of client.listObjectsV2(MEDIA, 'paging/', true)) left.push((item as { name: string }).name);
      expect(left).toEqual([]);
    }, 40_000);
  });

  describe('rolls keys up into common prefixes at a delimiter', () => {
    const entries = (xml: string) => ({
      keys: [...xml.matchAll(/<Key>([^<]+)</g)].map((m) => m[1]),
      prefixes: [...xml.matchAll(/<Prefix>([^<]+)<\/Prefix><\/CommonPrefixes>/g)].map((m) => m[1]),
    });

    it('at the root and below, in ListObjectsV2 and v1, and pages by common prefix', async () => {
      expect(entries(await rawGet(TREE, { 'list-type': '2', delimiter: '/' }))).toEqual({
        keys: ['orders-archive.txt', 'root.txt', 'Århus + café (1).jpg'],
        prefixes: ['downloads/', 'media/', 'orders/'],
      });
      expect(entries(await rawGet(TREE, { 'list-type': '2', delimiter: '/', prefix: 'orders/' }))).toEqual({ keys: [], prefixes: ['orders/o-1/', 'orders/o-2/'] });
      expect(entries(await rawGet(TREE, { 'list-type': '2', delimiter: '/', prefix: 'orders/o-1/' }))).toEqual({ keys: ['orders/o-1/front.jpg', 'orders/o-1/rear.jpg'], prefixes: [] });
      expect(entries(await rawGet(TREE, { delimiter: '/', prefix: 'media/' }))).toEqual({ keys: [], prefixes: ['media/m-1/'] });
      expect(entries(await rawGet(TREE, { 'list-type': '2', delimiter: '/', prefix: 'ord' }))).toEqual({ keys: ['orders-archive.txt'], prefixes: ['orders/'] });

      // two entries a page: a common prefix counts as one, and the next page starts after it
      const seen: string[] = [];
      let token: string | undefined;
      do {
        const xml = await rawGet(TREE, { 'list-type': '2', delimiter: '/', 'max-keys': '2', ...(token ? { 'continuation-token': token } : {}) });
        const page = entries(xml);
        expect(page.keys.length + page.prefixes.length).toBeLessThanOrEqual(2);
        seen.push(...page.prefixes, ...page.keys);
        token = /<NextContinuationToken>([^<]+)</.exec(xml)?.[1];
      } while (token);
      expect(seen.sort()).toEqual(['downloads/', 'media/', 'orders-archive.txt', 'orders/', 'root.txt', 'Århus + café (1).jpg'].sort());
    });

    it('encodes keys with encoding-type=url, which the minio client decodes: a plus stays a plus', async () => {
      const xml = await rawGet(TREE, { 'list-type': '2', 'encoding-type': 'url', prefix: '\u00c5' });
      expect(xml).toContain('<Key>%C3%85rhus%20%2B%20caf%C3%A9%20%281%29.jpg</Key>');
      const listed: string[] = [];
      for await (const item of client.listObjectsV2(TREE, '', false)) listed.push((item as { name?: string; prefix?: string }).name ?? (item as { prefix: string }).prefix);
      expect(listed.sort()).toEqual(['downloads/', 'media/', 'orders-archive.txt', 'orders/', 'root.txt', 'Århus + café (1).jpg'].sort());
    });

    it('shows the folders to rclone and s3cmd', async () => {
      const byRclone = await rclone('lsf', `:s3:${TREE}`);
      expect(lines(byRclone.stdout).sort()).toEqual(['downloads/', 'media/', 'orders-archive.txt', 'orders/', 'root.txt', 'Århus + café (1).jpg'].sort());
      expect(lines((await rclone('lsf', `:s3:${TREE}/orders`)).stdout)).toEqual(['o-1/', 'o-2/']);
      const byS3cmd = await s3cmd('ls', `s3://${TREE}/`);
      expect(byS3cmd.code).toBe(0);
      const dirs = lines(byS3cmd.stdout).filter((line) => /\bDIR\b/.test(line)).map((line) => line.trim().split(/\s+/).pop());
      expect(dirs).toEqual([`s3://${TREE}/downloads/`, `s3://${TREE}/media/`, `s3://${TREE}/orders/`]);
      const orders = lines((await s3cmd('ls', `s3://${TREE}/orders/`)).stdout).map((line) => line.trim().split(/\s+/).pop());
      expect(orders).toEqual([`s3://${TREE}/orders/o-1/`, `s3://${TREE}/orders/o-2/`]);
    }, 30_000);
  });

  describe('moves big files and copies on the server', () => {
    const big = body(20 * 1024 * 1024, 1);
    let local: string;
    beforeAll(() => {
      local = join(work, 'big.bin');
      writeFileSync(local, big);
    });

    it('takes a 20 MB multipart upload from rclone and from s3cmd, whole, with range reads', async () => {
      const up = await rclone('copyto', '--s3-upload-cutoff', '5M', '--s3-chunk-size', '5M', local, `:s3:${MEDIA}/big/by-rclone.bin`);
      expect({ code: up.code, stderr: up.stderr }).toEqual({ code: 0, stderr: '' });
      const put = await s3cmd('put', local, `s3://${MEDIA}/big/by-s3cmd.bin`);
      expect({ code: put.code, stderr: put.stderr }).toEqual({ code: 0, stderr: '' });
      for (const name of ['big/by-rclone.bin', 'big/by-s3cmd.bin']) {
        expect((await client.statObject(MEDIA, name)).size).toBe(big.length);
        const chunks: Buffer[] = [];
        for await (const chunk of await client.getObject(MEDIA, name)) chunks.push(chunk as Buffer);
        expect(md5(Buffer.concat(chunks))).toBe(md5(big));
        const part: Buffer[] = [];
        for await (const chunk of await client.getPartialObject(MEDIA, name, 7 * 1024 * 1024 + 3, 1000)) part.push(chunk as Buffer);
        expect(Buffer.concat(part).equals(big.subarray(7 * 1024 * 1024 + 3, 7 * 1024 * 1024 + 1003))).toBe(true);
      }
      const down = await rclone('cat', `:s3:${MEDIA}/big/by-s3cmd.bin`);
      expect(md5(down.stdout)).toBe(md5(big));
      const got = join(work, 'got.bin');
      expect((await s3cmd('get', '--force', `s3://${MEDIA}/big/by-rclone.bin`, got)).code).toBe(0);
      expect(md5(readFileSync(got))).toBe(md5(big));
    }, 60_000);

    it('aborts a multipart upload: its parts go, the key never appears; a second abort, a completion and a part after it are NoSuchUpload', async () => {
      const target = 'big/aborted.bin';
      const init = await fetch(await client.presignedUrl('POST', MEDIA, target, 60, { uploads: '' }), { method: 'POST' });
      const uploadId = /<UploadId>([^<]+)</.exec(await init.text())?.[1] as string;
      expect(uploadId).toBeTruthy();
      const part = await fetch(await client.presignedUrl('PUT', MEDIA, target, 60, { partNumber: '1', uploadId }), { method: 'PUT', body: big.subarray(0, 5 * 1024 * 1024) });
      expect(part.status).toBe(200);
      const abort = async () => fetch(await client.presignedUrl('DELETE', MEDIA, target, 60, { uploadId }), { method: 'DELETE' });
      expect((await abort()).status).toBe(204);
      const again = await abort();
      expect({ status: again.status, code: /<Code>([^<]+)</.exec(await again.text())?.[1] }).toEqual({ status: 404, code: 'NoSuchUpload' });
      const complete = await fetch(await client.presignedUrl('POST', MEDIA, target, 60, { uploadId }), {
        method: 'POST',
        body: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"${md5(big.subarray(0, 5 * 1024 * 1024))}"</ETag></Part></CompleteMultipartUpload>`,
      });
      expect({ status: complete.status, code: /<Code>([^<]+)</.exec(await complete.text())?.[1] }).toEqual({ status: 404, code: 'NoSuchUpload' });
      const late = await fetch(await client.presignedUrl('PUT', MEDIA, target, 60, { partNumber: '2', uploadId }), { method: 'PUT', body: 'late part' });
      expect({ status: late.status, code: /<Code>([^<]+)</.exec(await late.text())?.[1] }).toEqual({ status: 404, code: 'NoSuchUpload' });
      await expect(client.statObject(MEDIA, target)).rejects.toMatchObject({ code: 'NotFound' });
    });

    it('copies on the server with rclone and s3cmd', async () => {
      const byRclone = await rclone('copyto', `:s3:${TREE}/orders/o-1/front.jpg`, `:s3:${TREE}/copies/by-rclone.jpg`);
      expect(byRclone.code).toBe(0);
      const byS3cmd = await s3cmd('cp', `s3://${TREE}/orders/o-2/front.jpg`, `s3://${TREE}/copies/by-s3cmd.jpg`);
      expect({ code: byS3cmd.code, stderr: byS3cmd.stderr }).toEqual({ code: 0, stderr: '' });
      expect((await rclone('cat', `:s3:${TREE}/copies/by-rclone.jpg`)).stdout.toString()).toBe('content of orders/o-1/front.jpg');
      expect((await rclone('cat', `:s3:${TREE}/copies/by-s3cmd.jpg`)).stdout.toString()).toBe('content of orders/o-2/front.jpg');
      expect((await client.statObject(TREE, 'copies/by-s3cmd.jpg')).metaData['content-type']).toBe('text/plain');
    }, 30_000);
  });

  describe('answers reads of ACLs and locations as AWS documents them', () => {
    it('GetBucketAcl and GetObjectAcl: the owner with FULL_CONTROL inside its Grant; s3cmd info reads them', async () => {
      for (const xml of [await rawGet(TREE, { acl: '' }), await (await fetch(await client.presignedUrl('GET', TREE, 'root.txt', 60, { acl: '' }))).text()]) {
        expect(xml).toMatch(
          /^<\?xml[^>]*\?>\s*<AccessControlPolicy xmlns="http:\/\/s3\.amazonaws\.com\/doc\/2006-03-01\/"><Owner><ID>[0-9a-f]{64}<\/ID><DisplayName>[^<]+<\/DisplayName><\/Owner><AccessControlList><Grant><Grantee xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance" xsi:type="CanonicalUser"><ID>[0-9a-f]{64}<\/ID><DisplayName>[^<]+<\/DisplayName><\/Grantee><Permission>FULL_CONTROL<\/Permission><\/Grant><\/AccessControlList><\/AccessControlPolicy>$/,
        );
      }
      const missing = await fetch(await client.presignedUrl('GET', TREE, 'no-such-key', 60, { acl: '' }));
      expect({ status: missing.status, code: /<Code>([^<]+)</.exec(await missing.text())?.[1] }).toEqual({ status: 404, code: 'NoSuchKey' });
      const info = await s3cmd('info', `s3://${TREE}/root.txt`);
      expect({ code: info.code, stderr: info.stderr }).toEqual({ code: 0, stderr: '' });
      expect(info.stdout.toString()).toMatch(/ACL:\s+dev: FULL_CONTROL/);
      expect(info.stdout.toString()).toMatch(/File size:\s+19\b/);
    });

    it('GetBucketLocation: us-east-1, the empty constraint', async () => {
      expect(await rawGet(TREE, { location: '' })).toMatch(/<LocationConstraint xmlns="http:\/\/s3\.amazonaws\.com\/doc\/2006-03-01\/"\/>$/);
      expect(await client.getBucketPolicy(TREE).catch(() => 'refused')).toBe('refused');
    });
  });

  describe('signs and refuses as S3 does', () => {
    it('serves a presigned URL that rclone link makes', async () => {
      const link = await rclone('link', '--expire', '5m', `:s3:${TREE}/root.txt`);
      expect(link.code).toBe(0);
      const res = await fetch(link.stdout.toString().trim());
      expect({ status: res.status, text: await res.text() }).toEqual({ status: 200, text: 'content of root.txt' });
    });

    it('refuses rclone and s3cmd with a wrong secret, and anonymous calls', async () => {
      const byRclone = await run('rclone', ['--config', rcloneConfig, '--retries', '1', '--low-level-retries', '1', '--s3-provider', 'Other', '--s3-endpoint', s3.endpoint, '--s3-access-key-id', s3.accessKey, '--s3-secret-access-key', 'wrong', 'lsf', `:s3:${TREE}`]);
      expect(byRclone.code).not.toBe(0);
      expect(byRclone.stderr).toMatch(/SignatureDoesNotMatch|403/);
      const byS3cmd = await run('s3cmd', ['-c', wrongS3cmdConfig, 'ls', `s3://${TREE}/`]);
      expect(byS3cmd.code).not.toBe(0);
      expect(byS3cmd.stderr).toMatch(/SignatureDoesNotMatch|403/);
      const anonymous = await run('rclone', ['--config', rcloneConfig, '--retries', '1', '--low-level-retries', '1', '--s3-provider', 'Other', '--s3-endpoint', s3.endpoint, 'cat', `:s3:${TREE}/root.txt`]);
      expect(anonymous.code).not.toBe(0);
      expect(anonymous.stdout.length).toBe(0);
    }, 30_000);
  });

  describe('deletes an object without taking along one written beside it', () => {
    it("a key written into a folder while the folder's last other key is deleted is kept", async () => {
      for (let round = 0; round < 10; round++) {
        const folder = `beside/r-${round}/`;
        await client.putObject(MEDIA, `${folder}old.jpg`, Buffer.from('old'));
        await Promise.all([client.removeObject(MEDIA, `${folder}old.jpg`), client.putObject(MEDIA, `${folder}new.jpg`, Buffer.from('new'))]);
        expect((await client.statObject(MEDIA, `${folder}new.jpg`)).size).toBe(3);
        await expect(client.statObject(MEDIA, `${folder}old.jpg`)).rejects.toMatchObject({ code: 'NotFound' });
      }
    }, 30_000);
  });

  describe('serves one whole version of a key that two writers write at once', () => {
    it('a reader gets the one or the other version, with its own length and ETag, never a mix or part of a file', async () => {
      const a = body(2 * 1024 * 1024, 11);
      const b = body(3 * 1024 * 1024, 22);
      const versions = new Map([[md5(a), a.length], [md5(b), b.length]]);
      const target = 'race/photo.jpg';
      await client.putObject(MEDIA, target, a);
      const url = await client.presignedGetObject(MEDIA, target, 300);
      let writing = true;
      let reads = 0;
      const reader = (async () => {
        while (writing) {
          const res = await fetch(url);
          const bytes = Buffer.from(await res.arrayBuffer());
          const etag = (res.headers.get('etag') ?? '').replace(/"/g, '');
          expect(res.status).toBe(200);
          // the answer's ETag is the MD5 of the bytes it carries, and they are one version's
          expect({ md5: md5(bytes), length: bytes.length }).toEqual({ md5: etag, length: versions.get(etag) });
          reads++;
        }
      })();
      try {
        for (let round = 0; round < 4; round++) {
          await Promise.all([client.putObject(MEDIA, target, round % 2 ? a : b), client.putObject(MEDIA, target, round % 2 ? b : a)]);
        }
      } finally {
        writing = false;
      }
      await reader;
      expect(reads).toBeGreaterThan(3);
    }, 60_000);
  });
});

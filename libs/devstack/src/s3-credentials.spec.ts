import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateS3Credentials, PUBLIC_DEFAULT_S3_KEY } from './s3-credentials';

describe("the embedded S3's key pair of an installation", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 's3-credentials-spec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made on the first start, readable by its owner only, and the same on every later start', () => {
    const file = join(dir, 'data', 's3-credentials.json');
    const first = loadOrCreateS3Credentials(file);
    expect(first.created).toBe(true);
    expect(first.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(first.secretKey.length).toBeGreaterThanOrEqual(40);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ accessKey: first.accessKey, secretKey: first.secretKey });
    const again = loadOrCreateS3Credentials(file);
    expect(again).toEqual({ ...first, created: false });
    // another installation gets another pair
    expect(loadOrCreateS3Credentials(join(dir, 'other.json')).accessKey).not.toBe(first.accessKey);
  });

  it('replaces a file holding the public default key, or no usable key, with a new pair', () => {
    const file = join(dir, 's3-credentials.json');
    writeFileSync(file, JSON.stringify(PUBLIC_DEFAULT_S3_KEY), { mode: 0o644 });
    const replaced = loadOrCreateS3Credentials(file);
    expect(replaced.created).toBe(true);
    expect(replaced.accessKey).not.toBe('S3RVER');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'not json');
    expect(loadOrCreateS3Credentials(file).created).toBe(true);
  });
});

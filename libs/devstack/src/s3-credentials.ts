import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Credentials } from './s3-request-auth';

/**
 * s3rver's published default key pair. Anyone who has read its README knows it, so the
 * embedded S3 never takes it: a server started with it refuses to start, and a request
 * signed with it is `InvalidAccessKeyId`.
 */
export const PUBLIC_DEFAULT_S3_KEY: Credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

/** A new key pair in the shape S3 and MinIO use: a 20-character access key id and a 40-character secret. */
export function generateS3Credentials(): Credentials {
  return {
    accessKey: `DEV${randomBytes(16).toString('hex').toUpperCase().slice(0, 17)}`,
    secretKey: randomBytes(30).toString('base64url'),
  };
}

/** Throws when the key pair is empty or is the public default one. */
export function assertUsableS3Credentials(keys: Credentials): void {
  if (!keys.accessKey || !keys.secretKey) throw new Error('the embedded S3 needs an access key and a secret key');
  if (keys.accessKey === PUBLIC_DEFAULT_S3_KEY.accessKey || keys.secretKey === PUBLIC_DEFAULT_S3_KEY.secretKey) {
    throw new Error(`the embedded S3 does not take s3rver's public default key ${PUBLIC_DEFAULT_S3_KEY.accessKey}: anyone could read every object with it`);
  }
}

/**
 * This installation's key pair of the embedded S3: read from `file` (JSON
 * `{ "accessKey", "secretKey" }`), or generated on the first start and written there, readable
 * by its owner only (0600). A file holding the public default key, or no usable key, is
 * replaced by a new pair. `created` says whether the pair is new.
 */
export function loadOrCreateS3Credentials(file: string): Credentials & { created: boolean } {
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Credentials>;
      const keys = { accessKey: String(stored.accessKey ?? ''), secretKey: String(stored.secretKey ?? '') };
      assertUsableS3Credentials(keys);
      chmodSync(file, 0o600);
      return { ...keys, created: false };
    } catch {
      // not a usable pair: a new one replaces it
    }
  }
  const keys = generateS3Credentials();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  // the mode of writeFileSync applies to a new file only
  chmodSync(file, 0o600);
  return { ...keys, created: true };
}

import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { Client, CopyDestinationOptions, CopySourceOptions, type BucketItemStat } from 'minio';
import { detectFileType, type DetectedType } from './file-type';
import { GetUrlSigner } from './get-url-signer';
import { s3Agent } from './s3-agent';

export interface StorageOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** host that browsers use for presigned URLs, when it differs from `endpoint` */
  publicEndpoint?: string;
  /** a request whose connection stalls this long fails (`S3_STALL_TIMEOUT_MS` by default) */
  stallTimeoutMs?: number;
}

/**
 * Picture links that browsers may cache (signedCachedGet): the signing time is rounded down to
 * a window of this many seconds, so every view of the same picture in that window links the
 * same URL, and the browser's copy is used instead of a download.
 */
export const CACHED_LINK_WINDOW_SECONDS = 60 * 60;

/** The S3 variables of a service's environment (libs/config StorageConfig). */
export interface StorageEnv {
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_REGION: string;
  S3_PUBLIC_ENDPOINT?: string;
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: string;
}

export interface PresignedPostRequest {
  key: string;
  contentType: string;
  minBytes?: number;
  maxBytes: number;
  expiresInSeconds: number;
}

export interface VerifyRules {
  minBytes?: number;
  maxBytes: number;
  /** MIME types recognised from the object's first bytes */
  allowedTypes: readonly string[];
}

export interface VerifiedObject {
  size: number;
  type: DetectedType;
}

/** An uploaded object failed the server-side check; `reason` is meant for the uploader. */
export class ObjectRejectedError extends Error {
  constructor(
    readonly key: string,
    readonly reason: 'missing' | 'empty' | 'too-large' | 'too-small' | 'wrong-type',
    message: string,
  ) {
    super(message);
    this.name = 'ObjectRejectedError';
  }
}

function clientFor(endpoint: string, opts: StorageOptions): Client {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region: opts.region,
    pathStyle: true,
    transportAgent: s3Agent(useSSL, opts.stallTimeoutMs),
    // the modules themselves, read at each request: minio's own copy of them is taken when it
    // loads, before tracing can wrap `request`, and its calls would then go untraced
    transport: useSSL ? https : http,
  });
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket';
}

/**
 * A download name as a header value every S3-compatible server signs and serves alike: accents
 * dropped ("Århus" → "Arhus"), dashes as "-", and "_" for what some servers refuse in a header
 * (other non-ASCII) or sign differently from the client (`! ' ( ) *`), besides `"` and `\`.
 */
export function headerFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[^\x20-\x7e]|["\\!'()*\r\n]/g, '_');
}

/**
 * The only code that talks to S3 (MinIO in production, an embedded server in development).
 * One bucket; keys come from `ObjectKeys`.
 */
export class StorageService {
  readonly bucket: string;
  private readonly client: Client;
  private readonly signer: Client;
  private readonly getUrls: GetUrlSigner;

  constructor(opts: StorageOptions) {
    this.bucket = opts.bucket;
    this.client = clientFor(opts.endpoint, opts);
    this.signer = opts.publicEndpoint ? clientFor(opts.publicEndpoint, opts) : this.client;
    this.getUrls = new GetUrlSigner({
      endpoint: opts.publicEndpoint ?? opts.endpoint,
      accessKey: opts.accessKey,
      secretKey: opts.secretKey,
      region: opts.region,
      bucket: opts.bucket,
    });
  }

  static fromConfig(cfg: StorageEnv): StorageService {
    return new StorageService({
      endpoint: cfg.S3_ENDPOINT,
      accessKey: cfg.S3_ACCESS_KEY,
      secretKey: cfg.S3_SECRET_KEY,
      bucket: cfg.S3_BUCKET,
      region: cfg.S3_REGION,
      publicEndpoint: cfg.S3_PUBLIC_ENDPOINT,
    });
  }

  /** Readiness: a HEAD of the bucket answers and says it exists (throws with the reason otherwise). */
  async checkBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`the bucket ${this.bucket} does not exist`);
  }

  /** Creates the bucket when missing. Safe to call from every replica at boot. */
  async ensureBucket(): Promise<void> {
    const exists = await this.client.bucketExists(this.bucket).catch((err) => {
      if (isNotFound(err)) return false;
      throw err;
    });
    if (exists) return;
    try {
      await this.client.makeBucket(this.bucket);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
  }

  /**
   * A presigned POST whose policy fixes the key, the content type and the size range. The
   * browser or app posts the file straight to S3 with `fields` plus `file`. Not every
   * S3-compatible server enforces policies: call `verifyObject` before accepting the upload.
   */
  async presignedPost(req: PresignedPostRequest): Promise<PresignedPost> {
    const policy = this.signer.newPostPolicy();
    const expires = new Date(Date.now() + req.expiresInSeconds * 1000);
    policy.setBucket(this.bucket);
    policy.setKey(req.key);
    policy.setContentType(req.contentType);
    policy.setContentLengthRange(req.minBytes ?? 1, req.maxBytes);
    policy.setExpires(expires);
    const { postURL, formData } = await this.signer.presignedPostPolicy(policy);
    return { url: postURL, fields: formData as Record<string, string>, key: req.key, expiresAt: expires.toISOString() };
  }

  /** A short-lived download URL; `downloadName` makes browsers save it under that name (see `headerFileName`). */
  async presignedGet(key: string, expiresInSeconds: number, downloadName?: string): Promise<string> {
    return this.signedGet(key, expiresInSeconds, downloadName);
  }

  /** `presignedGet` without the promise: the URL is signed here, with no call to the storage. */
  signedGet(key: string, expiresInSeconds: number, downloadName?: string): string {
    const headers = downloadName ? { 'response-content-disposition': `attachment; filename="${headerFileName(downloadName)}"` } : undefined;
    return this.getUrls.sign(key, expiresInSeconds, headers);
  }

  /**
   * A link to a picture for views and lists that a browser may keep in its cache while the
   * picture stays the same. `version` names the object's current content (the row's last
   * change, a content hash): it is a signed part of the URL, so a new picture gets a new URL
   * and the browser never shows a stale copy. The signing time is rounded down to a window
   * (CACHED_LINK_WINDOW_SECONDS), so the same picture yields the same URL throughout it; the
   * link stays valid for `minValidSeconds` after now whatever the time in the window (a window
   * plus `minValidSeconds` after its start), and the object comes with
   * `Cache-Control: private, max-age` of that length (`response-cache-control`, which S3 and
   * MinIO serve).
   */
  signedCachedGet(key: string, version: string, minValidSeconds: number, now = new Date()): string {
    const windowMs = CACHED_LINK_WINDOW_SECONDS * 1000;
    const signedAt = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const lifetime = CACHED_LINK_WINDOW_SECONDS + minValidSeconds;
    return this.getUrls.sign(key, lifetime, { 'response-cache-control': `private, max-age=${lifetime}, immutable`, v: version }, signedAt);
  }

  /**
   * A short-lived link that serves the object only as `contentType` (whatever type it was
   * stored with) and with a `Content-Disposition`: `attachment` with a file name, or `inline`.
   */
  signedGetAs(key: string, expiresInSeconds: number, serve: { contentType: string; downloadName?: string; inline?: boolean }): string {
    const name = serve.downloadName ? `; filename="${headerFileName(serve.downloadName)}"` : '';
    return this.getUrls.sign(key, expiresInSeconds, {
      'response-content-type': serve.contentType,
      'response-content-disposition': `${serve.inline ? 'inline' : 'attachment'}${name}`,
    });
  }

  /** Writes a whole buffer as one object. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /**
   * Writes a stream of unknown length (a zip being built, say) with memory bounded by one
   * part: a small stream becomes one PUT, a larger one a multipart upload of `partBytes`
   * parts, aborted if the stream fails. Returns the bytes written.
   */
  async putStream(key: string, body: Readable, contentType: string, partBytes = 8 * 1024 * 1024): Promise<number> {
    const headers = { 'Content-Type': contentType };
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    let uploadId: string | null = null;
    const etags: Array<{ part: number; etag: string }> = [];
    const flushPart = async (): Promise<void> => {
      const payload = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (uploadId === null) uploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
      const part = etags.length + 1;
      const res = await this.client.uploadPart(
        { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: { 'Content-Length': payload.length } },
        payload,
      );
      etags.push({ part, etag: res.etag });
    };
    try {
      for await (const chunk of body) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(buf);
        pendingBytes += buf.length;
        total += buf.length;
        if (pendingBytes >= partBytes) await flushPart();
      }
      if (uploadId === null) {
        await this.client.putObject(this.bucket, key, Buffer.concat(pending, pendingBytes), pendingBytes, headers);
        return total;
      }
      if (pendingBytes > 0) await flushPart();
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, etags);
      return total;
    } catch (err) {
      if (uploadId !== null) await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw err;
    }
  }

  /** Copies an object inside the bucket, on the server (the bytes do not come here). */
  async copy(sourceKey: string, targetKey: string): Promise<void> {
    await this.client.copyObject(
      new CopySourceOptions({ Bucket: this.bucket, Object: sourceKey }),
      new CopyDestinationOptions({ Bucket: this.bucket, Object: targetKey }),
    );
  }

  async get(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  async getBuffer(key: string): Promise<Buffer> {
    const stream = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Size and metadata, or null when the object does not exist. */
  async head(key: string): Promise<BucketItemStat | null> {
    try {
      return await this.client.statObject(this.bucket, key);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  /**
   * Deletes every object under a prefix (an order's folder, an account's files): the listing
   * is read over all its pages, and the keys go in batch deletes (DeleteObjects, 1,000 keys a
   * request) rather than one request each. A key the store could not delete fails the call.
   */
  async deletePrefix(prefix: string): Promise<number> {
    const keys: string[] = [];
    const stream = this.client.listObjectsV2(this.bucket, prefix, true);
    for await (const item of stream) {
      if ((item as { name?: string }).name) keys.push((item as { name: string }).name);
    }
    await this.deleteKeys(keys);
    return keys.length;
  }

  /** batch deletes of `keys`; throws when the store answers an error for any of them */
  private async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const answers = await this.client.removeObjects(this.bucket, keys);
    const failed = answers.filter((answer) => answer?.Error);
    if (failed.length > 0) {
      const first = failed[0]?.Error;
      throw new Error(`The storage did not delete ${failed.length} of ${keys.length} objects (${first?.Key}: ${first?.Code} ${first?.Message ?? ''})`.trim());
    }
  }

  /** Deletes the objects under a prefix written before `before` (a sweep of files kept for a while); answers how many. */
  async deleteOlderThan(prefix: string, before: Date): Promise<number> {
    const keys: string[] = [];
    const stream = this.client.listObjectsV2(this.bucket, prefix, true);
    for await (const item of stream) {
      const { name, lastModified } = item as { name?: string; lastModified?: Date };
      if (name && lastModified && lastModified.getTime() < before.getTime()) keys.push(name);
    }
    await this.deleteKeys(keys);
    return keys.length;
  }

  /**
   * The server-side check of an uploaded object: it exists, its size is in range, and its
   * first bytes are of an allowed type. Throws ObjectRejectedError with a reason otherwise.
   */
  async verifyObject(key: string, rules: VerifyRules): Promise<VerifiedObject> {
    const stat = await this.head(key);
    if (!stat) throw new ObjectRejectedError(key, 'missing', 'The uploaded file was not found.');
    // an empty object has no first bytes to read (a range of it is refused)
    return this.judge(key, stat.size, stat.size > 0 ? await this.readHead(key, 64) : Buffer.alloc(0), rules);
  }

  /**
   * The server-side check on the bytes themselves: the object is read whole (after a `HEAD`
   * that refuses what is too large without reading it) and its size and type are judged on
   * what was read. The caller then stores exactly these bytes where no upload grant reaches,
   * so what was checked is what is kept, whatever is posted to the upload key afterwards.
   */
  async readVerified(key: string, rules: VerifyRules): Promise<VerifiedObject & { bytes: Buffer }> {
    const stat = await this.head(key);
    if (!stat) throw new ObjectRejectedError(key, 'missing', 'The uploaded file was not found.');
    if (stat.size > rules.maxBytes) {
      throw new ObjectRejectedError(key, 'too-large', `The uploaded file is ${stat.size} bytes; at most ${rules.maxBytes} bytes are allowed.`);
    }
    let bytes: Buffer;
    try {
      bytes = await this.getBuffer(key);
    } catch (err) {
      if (isNotFound(err)) throw new ObjectRejectedError(key, 'missing', 'The uploaded file was not found.');
      throw err;
    }
    return { ...this.judge(key, bytes.length, bytes.subarray(0, 64), rules), bytes };
  }

  private judge(key: string, size: number, head: Buffer, rules: VerifyRules): VerifiedObject {
    if (size === 0) throw new ObjectRejectedError(key, 'empty', 'The uploaded file is empty.');
    if (size > rules.maxBytes) {
      throw new ObjectRejectedError(key, 'too-large', `The uploaded file is ${size} bytes; at most ${rules.maxBytes} bytes are allowed.`);
    }
    if (rules.minBytes !== undefined && size < rules.minBytes) {
      throw new ObjectRejectedError(key, 'too-small', `The uploaded file is ${size} bytes; at least ${rules.minBytes} bytes are needed.`);
    }
    const type = detectFileType(head);
    if (!type || !rules.allowedTypes.includes(type.mime)) {
      throw new ObjectRejectedError(key, 'wrong-type', `The uploaded file is not of an allowed type (${rules.allowedTypes.join(', ')}).`);
    }
    return { size, type };
  }

  private async readHead(key: string, length: number): Promise<Buffer> {
    const stream = await this.client.getPartialObject(this.bucket, key, 0, length);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).subarray(0, length);
  }
}

import { createHash, createHmac } from 'node:crypto';

export interface GetUrlSignerOptions {
  /** where browsers reach the storage: `http(s)://host[:port]` */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
}

/** RFC 3986 encoding as AWS Signature V4 wants it (unreserved characters kept). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/**
 * Presigned GET URLs (AWS Signature V4, query string, path style), as the S3 client makes
 * them but without its per-call overhead: the signing key is derived once per day and each
 * URL costs one hash and one HMAC. An order's image list signs three URLs per picture, so
 * this is on the hot path of the order detail. The output is the client's, byte for byte
 * (checked in its spec against minio's `presignedGetObject`).
 */
export class GetUrlSigner {
  private readonly host: string;
  private readonly origin: string;
  private day = '';
  private signingKey: Buffer = Buffer.alloc(0);

  constructor(private readonly opts: GetUrlSignerOptions) {
    const url = new URL(opts.endpoint);
    const defaultPort = url.protocol === 'https:' ? '443' : '80';
    this.host = url.port && url.port !== defaultPort ? `${url.hostname}:${url.port}` : url.hostname;
    this.origin = `${url.protocol}//${this.host}`;
  }

  sign(key: string, expiresInSeconds: number, responseHeaders: Record<string, string> = {}, now = new Date()): string {
    const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    if (day !== this.day) {
      this.signingKey = hmac(hmac(hmac(hmac(`AWS4${this.opts.secretKey}`, day), this.opts.region), 's3'), 'aws4_request');
      this.day = day;
    }
    const scope = `${day}/${this.opts.region}/s3/aws4_request`;
    const path = `/${this.opts.bucket}/${key}`.split('/').map(encode).join('/');
    const params: Record<string, string> = {
      ...responseHeaders,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${this.opts.accessKey}/${scope}`,
      'X-Amz-Date': amzDate,
      'X-Amz-Expires': String(expiresInSeconds),
      'X-Amz-SignedHeaders': 'host',
    };
    const pairs = (keys: string[]) => keys.map((k) => `${encode(k)}=${encode(params[k])}`).join('&');
    const canonical = `GET\n${path}\n${pairs(Object.keys(params).sort())}\nhost:${this.host}\n\nhost\nUNSIGNED-PAYLOAD`;
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
    const signature = createHmac('sha256', this.signingKey).update(toSign).digest('hex');
    // in the URL the response headers come first, as the S3 client writes them (the order is free)
    return `${this.origin}${path}?${pairs(Object.keys(params))}&X-Amz-Signature=${signature}`;
  }
}

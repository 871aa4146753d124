import { createHmac } from 'node:crypto';
import { amzDate as amzDateOf, sha256Hex, sigV4SigningKey, uriEncode as encode } from './sigv4';

export interface GetUrlSignerOptions {
  /** where browsers reach the storage: `http(s)://host[:port]` */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
}

/** a path of unreserved characters and slashes needs no encoding (object keys of uuids and file names) */
const PLAIN_PATH = /^[A-Za-z0-9\-._~/]*$/;

/**
 * Presigned GET URLs (AWS Signature V4, query string, path style), as the S3 client makes
 * them but without its per-call overhead: the signing key is derived once per day, the
 * query string once per second, and each URL costs one hash and one HMAC. An order's image
 * list signs two or three URLs per picture, so this is on the hot path of the order detail.
 * The output is the client's, byte for byte (checked in its spec against minio's
 * `presignedGetObject`).
 */
export class GetUrlSigner {
  private readonly host: string;
  private readonly origin: string;
  private day = '';
  private signingKey: Buffer = Buffer.alloc(0);
  /** the second of the last `amzDate` and its text */
  private second = NaN;
  private amzDate = '';
  /** the query of a URL without response headers, for `amzDate` and one expiry */
  private plainQuery = { expires: NaN, query: '' };

  constructor(private readonly opts: GetUrlSignerOptions) {
    const url = new URL(opts.endpoint);
    const defaultPort = url.protocol === 'https:' ? '443' : '80';
    this.host = url.port && url.port !== defaultPort ? `${url.hostname}:${url.port}` : url.hostname;
    this.origin = `${url.protocol}//${this.host}`;
  }

  sign(key: string, expiresInSeconds: number, responseHeaders: Record<string, string> = {}, now = new Date()): string {
    const second = Math.floor(now.getTime() / 1000);
    if (second !== this.second) {
      this.amzDate = amzDateOf(now);
      this.second = second;
      this.plainQuery = { expires: NaN, query: '' };
    }
    const amzDate = this.amzDate;
    const day = amzDate.slice(0, 8);
    if (day !== this.day) {
      this.signingKey = sigV4SigningKey(this.opts.secretKey, day, this.opts.region);
      this.day = day;
    }
    const scope = `${day}/${this.opts.region}/s3/aws4_request`;
    const rawPath = `/${this.opts.bucket}/${key}`;
    const path = PLAIN_PATH.test(rawPath) ? rawPath : rawPath.split('/').map(encode).join('/');
    let canonicalQuery: string;
    let urlQuery: string;
    if (Object.keys(responseHeaders).length === 0) {
      // the five parameters are in sorted order already: one string serves both
      if (this.plainQuery.expires !== expiresInSeconds) {
        this.plainQuery = { expires: expiresInSeconds, query: this.query({}, scope, amzDate, expiresInSeconds).url };
      }
      canonicalQuery = urlQuery = this.plainQuery.query;
    } else {
      ({ canonical: canonicalQuery, url: urlQuery } = this.query(responseHeaders, scope, amzDate, expiresInSeconds));
    }
    const canonical = `GET\n${path}\n${canonicalQuery}\nhost:${this.host}\n\nhost\nUNSIGNED-PAYLOAD`;
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256Hex(canonical)}`;
    const signature = createHmac('sha256', this.signingKey).update(toSign).digest('hex');
    return `${this.origin}${path}?${urlQuery}&X-Amz-Signature=${signature}`;
  }

  /** the query parameters: sorted for the signature, and in the URL with the response headers first, as the S3 client writes them (the order is free) */
  private query(responseHeaders: Record<string, string>, scope: string, amzDate: string, expiresInSeconds: number): { canonical: string; url: string } {
    const params: Record<string, string> = {
      ...responseHeaders,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${this.opts.accessKey}/${scope}`,
      'X-Amz-Date': amzDate,
      'X-Amz-Expires': String(expiresInSeconds),
      'X-Amz-SignedHeaders': 'host',
    };
    const pairs = (keys: string[]) => keys.map((k) => `${encode(k)}=${encode(params[k])}`).join('&');
    return { canonical: pairs(Object.keys(params).sort()), url: pairs(Object.keys(params)) };
  }
}

import { amzDate as amzDateOf, hmacSha256, sigV4SigningKey, sigV4StringToSign, uriEncode } from '@app/storage';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A refusal in S3's terms: its error code, HTTP status and message. */
export class S3Refusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'S3Refusal';
  }
}

export const accessDenied = (message = 'Access Denied'): S3Refusal => new S3Refusal('AccessDenied', 403, message);

const signatureMismatch = (): S3Refusal =>
  new S3Refusal('SignatureDoesNotMatch', 403, 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** how far a signed request's time may be from the server's, as S3 allows */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** the longest life of a presigned URL: seven days */
const MAX_PRESIGNED_SECONDS = 604_800;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** `20261121T091530Z` as a time, or null when it is not one */
export function parseAmzDate(text: string | undefined): Date | null {
  const m = AMZ_DATE.exec(text ?? '');
  if (!m) return null;
  const at = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(at.getTime()) || amzDateOf(at) !== text ? null : at;
}

export interface Credentials {
  accessKey: string;
  secretKey: string;
}

/** `AK/20261121/us-east-1/s3/aws4_request` split and checked; the secret of a known access key. */
export function credentialScope(credential: string, keys: Credentials, malformed: (message: string) => S3Refusal) {
  const parts = credential.split('/');
  if (parts.length !== 5) throw malformed(`Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".`);
  const [accessKey, day, region, service, terminal] = parts;
  if (accessKey !== keys.accessKey) {
    throw new S3Refusal('InvalidAccessKeyId', 403, 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!/^\d{8}$/.test(day)) throw malformed(`Error parsing the X-Amz-Credential parameter; incorrect date format "${day}". This date in the credential must be in the format "yyyyMMdd".`);
  if (service !== 's3') throw malformed(`Error parsing the X-Amz-Credential parameter; incorrect service "${service}". This endpoint belongs to "s3".`);
  if (terminal !== 'aws4_request') throw malformed(`Error parsing the X-Amz-Credential parameter; incorrect terminal "${terminal}". This endpoint uses "aws4_request".`);
  return { day, region, scope: `${day}/${region}/s3/aws4_request`, signingKey: sigV4SigningKey(keys.secretKey, day, region) };
}

/** constant-time comparison of two hex signatures */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The canonical URI: each path segment as sent, decoded and encoded again the SigV4 way. */
export function canonicalPath(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decode(segment)))
    .join('/');
}

/** The query's parameters, decoded, in the order sent. */
export function queryParams(rawQuery: string): Array<[string, string]> {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });
}

function canonicalQuery(params: Array<[string, string]>): string {
  return params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

export interface SignedRequest {
  method: string;
  /** the request target as sent: path and query */
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * Checks that a request is signed with AWS Signature Version 4 by the one key pair of the
 * server, either in the `Authorization` header or as a presigned URL (`X-Amz-*` query
 * parameters, within its expiry). Throws S3Refusal with S3's code otherwise; an unsigned
 * request is AccessDenied, as on a private bucket. Answers the payload hash the signature
 * covers (`x-amz-content-sha256`), which the body must then match.
 */
export function verifySignedRequest(req: SignedRequest, keys: Credentials, now = new Date()): { payloadHash: string } {
  const q = req.url.indexOf('?');
  const rawPath = q < 0 ? req.url : req.url.slice(0, q);
  const params = queryParams(q < 0 ? '' : req.url.slice(q + 1));
  const param = (name: string) => params.find(([k]) => k === name)?.[1];
  const authorization = headerValue(req.headers, 'authorization');
  const presigned = param('X-Amz-Algorithm') !== undefined;
  if (authorization && presigned) {
    throw new S3Refusal('InvalidArgument', 400, 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified');
  }
  if (!authorization && !presigned) {
    if (param('Signature') !== undefined || param('AWSAccessKeyId') !== undefined) {
      throw new S3Refusal('InvalidRequest', 400, 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
    }
    throw accessDenied();
  }

  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let requestTime: string;
  let payloadHash: string;
  let signedParams = params;
  if (authorization) {
    const malformed = (message: string) => new S3Refusal('AuthorizationHeaderMalformed', 400, message);
    const space = authorization.indexOf(' ');
    const algorithm = space < 0 ? authorization : authorization.slice(0, space);
    if (algorithm !== ALGORITHM) {
      throw new S3Refusal('InvalidRequest', 400, 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
    }
    const parts = new Map(
      authorization
        .slice(space + 1)
        .split(',')
        .map((part) => part.trim())
        .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
    );
    for (const name of ['Credential', 'SignedHeaders', 'Signature']) {
      if (!parts.get(name)) throw malformed(`The authorization header is malformed; missing ${name}.`);
    }
    credential = parts.get('Credential')!;
    signedHeaders = parts.get('SignedHeaders')!.split(';');
    signature = parts.get('Signature')!;
    const date = headerValue(req.headers, 'x-amz-date');
    const at = parseAmzDate(date);
    if (!at) throw accessDenied('AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(now.getTime() - at.getTime()) > MAX_SKEW_MS) {
      throw new S3Refusal('RequestTimeTooSkewed', 403, 'The difference between the request time and the current time is too large.');
    }
    requestTime = date!;
    const hash = headerValue(req.headers, 'x-amz-content-sha256');
    if (!hash) throw new S3Refusal('InvalidRequest', 400, 'Missing required header for this request: x-amz-content-sha256');
    if (!/^(UNSIGNED-PAYLOAD|STREAMING-AWS4-HMAC-SHA256-PAYLOAD|STREAMING-UNSIGNED-PAYLOAD-TRAILER|[0-9a-f]{64})$/.test(hash)) {
      throw new S3Refusal('InvalidArgument', 400, 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, or a valid sha256 value.');
    }
    payloadHash = hash;
  } else {
    const malformed = (message: string) => new S3Refusal('AuthorizationQueryParametersError', 400, message);
    if (param('X-Amz-Algorithm') !== ALGORITHM) throw malformed('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    for (const name of ['X-Amz-Credential', 'X-Amz-Signature', 'X-Amz-Date', 'X-Amz-SignedHeaders', 'X-Amz-Expires']) {
      if (!param(name)) {
        throw malformed('Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
      }
    }
    credential = param('X-Amz-Credential')!;
    signedHeaders = param('X-Amz-SignedHeaders')!.split(';');
    signature = param('X-Amz-Signature')!;
    requestTime = param('X-Amz-Date')!;
    const at = parseAmzDate(requestTime);
    if (!at) throw malformed(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'"`);
    const expiresText = param('X-Amz-Expires')!;
    if (!/^\d+$/.test(expiresText)) throw malformed('X-Amz-Expires should be a number');
    const expires = Number(expiresText);
    if (expires > MAX_PRESIGNED_SECONDS) throw malformed('X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds');
    if (at.getTime() - now.getTime() > MAX_SKEW_MS) throw accessDenied('Request is not valid yet');
    if (now.getTime() > at.getTime() + expires * 1000) throw accessDenied('Request has expired');
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    signedParams = params.filter(([k]) => k !== 'X-Amz-Signature');
  }

  const malformedScope = (message: string) =>
    authorization ? new S3Refusal('AuthorizationHeaderMalformed', 400, message) : new S3Refusal('AuthorizationQueryParametersError', 400, message);
  const scope = credentialScope(credential, keys, malformedScope);
  if (scope.day !== requestTime.slice(0, 8)) throw malformedScope(`Invalid credential date "${scope.day}". This date is not the same as X-Amz-Date: "${requestTime.slice(0, 8)}".`);
  if (!signedHeaders.includes('host')) throw accessDenied('Host header is not signed.');
  // S3 refuses x-amz-* headers that the signature does not cover
  const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !signedHeaders.includes(h));
  if (unsigned.length) throw accessDenied(`There were headers present in the request which were not signed: ${unsigned.join(', ')}`);

  const canonicalHeaders = signedHeaders.map((h) => `${h}:${headerValue(req.headers, h) ?? ''}\n`).join('');
  const canonical = [req.method.toUpperCase(), canonicalPath(rawPath), canonicalQuery(signedParams), canonicalHeaders, signedHeaders.join(';'), payloadHash].join('\n');
  const expected = hmacSha256(scope.signingKey, sigV4StringToSign(requestTime, scope.scope, canonical)).toString('hex');
  if (!sameSignature(signature, expected)) throw signatureMismatch();
  return { payloadHash };
}

/** The signature of a POST policy (the base64 text as sent) with the signing key of its credential's day. */
export function policySignature(signingKey: Buffer, policyBase64: string): string {
  return hmacSha256(signingKey, policyBase64).toString('hex');
}

export { signatureMismatch };

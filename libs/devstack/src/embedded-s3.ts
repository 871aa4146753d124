import S3rver from '@20minutes/s3rver';
import { DUMMY_ACCOUNT } from '@20minutes/s3rver/lib/models/account';
import busboy from 'busboy';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { publishObjectsWhole, type FilesystemStoreLike } from './atomic-object-store';
import { abortMultipartUpload, accessControlPolicy, bucketLocation, listObjects, uploadFolder } from './s3-bucket-reads';
import { verifyPostPolicy, type PolicyGrant } from './s3-post-policy';
import { assertUsableS3Credentials, generateS3Credentials, PUBLIC_DEFAULT_S3_KEY } from './s3-credentials';
import { S3Refusal, verifySignedRequest, type Credentials } from './s3-request-auth';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** how long closing waits for requests in flight before it cuts their connections */
const CLOSE_GRACE_MS = 5_000;


/** the header by which the store behind the front knows a request came through the front */
const FRONT_HEADER = 'x-embedded-s3-front';

/** the largest form field taken in a POST upload (a policy is a few hundred bytes) */
const MAX_FIELD_BYTES = 64 * 1024;

/** a signed body up to this size waits in memory while it is hashed, a larger one in a temporary file */
const SMALL_BODY_BYTES = 256 * 1024;

/** form fields of a POST upload that the store keeps with the object or uses for its answer */
const STORED_FIELDS = new Set(['key', 'content-type', 'cache-control', 'content-disposition', 'content-encoding', 'expires', 'success_action_status', 'success_action_redirect', 'redirect']);

/**
 * CORS rule of the buckets created by `buckets`: browsers on any origin may upload with a
 * presigned POST and read with a presigned GET, as they can against a configured MinIO.
 */
const DEV_CORS_CONFIGURATION = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const xmlEscape = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** S3's error answer: its XML document, status and code header; readable by browsers of any origin. */
function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: S3Refusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const resource = (req.url ?? '/').split('?')[0];
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
  );
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/xml',
    'Content-Length': body.length,
    'x-amz-request-id': requestId,
  };
  if (req.headers.origin) {
    headers['Access-Control-Allow-Origin'] = '*';
    headers['Access-Control-Expose-Headers'] = 'x-amz-request-id';
  }
  res.writeHead(refusal.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** a read answered by the front itself: S3's XML document */
function sendXml(req: IncomingMessage, res: ServerResponse, xml: string): void {
  const body = Buffer.from(xml);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/xml',
    'Content-Length': body.length,
    'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(),
  };
  if (req.headers.origin) headers['Access-Control-Allow-Origin'] = '*';
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** query parameters of a bucket listing (ListObjects v1 and v2) and of a presigned URL */
const LISTING_PARAMETERS = new Set(['list-type', 'prefix', 'delimiter', 'max-keys', 'marker', 'continuation-token', 'start-after', 'fetch-owner', 'encoding-type']);

const internalError = (): S3Refusal => new S3Refusal('InternalError', 500, 'We encountered an internal error. Please try again.');

/** `/bucket/key…` → the bucket and key (raw, as in the path), or nulls for the service root */
function target(url: string): { bucket: string | null; key: string | null } {
  const path = url.split('?')[0];
  const slash = path.indexOf('/', 1);
  const bucket = slash < 0 ? path.slice(1) : path.slice(1, slash);
  const key = slash < 0 ? '' : path.slice(slash + 1);
  return { bucket: bucket || null, key: key || null };
}

/**
 * An S3-compatible server on local disk for development and tests that enforces what S3 and
 * MinIO enforce: every request is signed with the server's key (SigV4 `Authorization` header,
 * or a presigned URL within its expiry), or is a browser POST upload whose signed policy's
 * conditions all hold (expiry, bucket, key, content type, size range on the file's actual
 * bytes, no field the policy does not name). Anything else is refused with S3's error
 * document and status (AccessDenied, SignatureDoesNotMatch, EntityTooLarge, …). CORS
 * preflights are answered for browsers, which upload straight to storage.
 *
 * It is a small HTTP front on the public port that checks each request and then passes it
 * on, streaming, to s3rver on a private loopback port, which stores the objects. The file
 * of a POST upload is held in a temporary file until its size is known to fit the policy.
 *
 * `buckets` are created at start (kept when they exist) with a permissive CORS rule.
 *
 * The one key pair is `credentials` (`make dev` keeps its installation's pair in .data/), or a
 * new random pair when none is given (the tests: each server its own). s3rver's public
 * default key `S3RVER` is never taken: starting with it throws, and a request signed with it
 * is `InvalidAccessKeyId`.
 */
export async function startEmbeddedS3(opts: { directory: string; port?: number; host?: string; buckets?: string[]; credentials?: Credentials }): Promise<EmbeddedS3> {
  const keys: Credentials = opts.credentials ? { accessKey: opts.credentials.accessKey, secretKey: opts.credentials.secretKey } : generateS3Credentials();
  assertUsableS3Credentials(keys);
  mkdirSync(opts.directory, { recursive: true });
  const frontToken = randomBytes(24).toString('hex');
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: opts.directory,
    silent: true,
    // the front has checked the signature; s3rver's own check differs from S3 in details
    allowMismatchedSignatures: true,
    configureBuckets: (opts.buckets ?? []).map((name) => ({ name, configs: [DEV_CORS_CONFIGURATION] })),
  });
  const objects = (store as unknown as { store: FilesystemStoreLike }).store;
  publishObjectsWhole(objects);
  // the store answers only the front: another process on this machine cannot go around it
  store.middleware.unshift(async (ctx, next) => {
    if (ctx.get(FRONT_HEADER) !== frontToken) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
      return;
    }
    await next();
  });
  // the store behind the front knows this server's key, and never s3rver's public default one
  DUMMY_ACCOUNT.revokeAccessKey(PUBLIC_DEFAULT_S3_KEY.accessKey);
  DUMMY_ACCOUNT.createKeyPair(keys.accessKey, keys.secretKey);
  const storeAddress = await store.run();
  const storeHttp = (store as unknown as { httpServer: { keepAliveTimeout: number; headersTimeout: number; closeAllConnections(): void } }).httpServer;
  storeHttp.keepAliveTimeout = 65_000;
  storeHttp.headersTimeout = 66_000;
  // idle connections to the store are dropped well before the store would close them
  const agent = new Agent({ keepAlive: true, timeout: 30_000 });
  const incoming = mkdtempSync(join(tmpdir(), 'dealer-s3-incoming-'));

  /** passes a checked request on to the store and its answer back */
  const forward = (req: IncomingMessage, res: ServerResponse, headers: IncomingHttpHeaders, body: Readable, path = req.url ?? '/'): Promise<void> =>
    new Promise((resolve) => {
      const upstream = request(
        { host: '127.0.0.1', port: storeAddress.port, method: req.method, path, headers: { ...headers, [FRONT_HEADER]: frontToken }, agent },
        (answer) => {
          const out = { ...answer.headers };
          delete out.connection;
          delete out['keep-alive'];
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          answer.on('end', resolve);
          // the store broke off its answer (a read failing halfway): so does the front
          answer.on('close', () => {
            if (!answer.complete) res.destroy();
            resolve();
          });
          answer.on('error', () => {
            res.destroy();
            resolve();
          });
        },
      );
      upstream.on('error', () => {
        sendRefusal(req, res, internalError());
        resolve();
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
        resolve();
      });
      body.pipe(upstream);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    delete req.headers[FRONT_HEADER];
    const url = req.url ?? '/';
    if (req.method === 'OPTIONS') return forward(req, res, req.headers, req);
    const { bucket, key } = target(url);
    if (req.method === 'POST' && bucket && !key && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
      return postUpload(req, res, bucket);
    }
    const { payloadHash } = verifySignedRequest({ method: req.method ?? 'GET', url, headers: req.headers }, keys);
    if ((req.method === 'GET' || req.method === 'HEAD') && bucket) {
      const read = bucketRead(url, bucket, key);
      if (read) return sendXml(req, res, await read);
    }
    const uploadId = bucket && key ? new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '').get('uploadId') : null;
    if (uploadId !== null && bucket) {
      // a part or a completion of an upload that is not there (aborted, completed, never made)
      // is NoSuchUpload, as on S3; s3rver answered 500, or made the upload's folder for a part
      if (req.method === 'DELETE') {
        await abortMultipartUpload(objects, bucket, uploadId);
        res.writeHead(204, { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase() });
        res.end();
        return;
      }
      await uploadFolder(objects, bucket, uploadId);
    }
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && /^[0-9a-f]{64}$/.test(payloadHash)) return hashedBody(req, res, payloadHash);
    return forward(req, res, req.headers, req);
  };

  /**
   * The reads the front answers itself, as S3 does (s3rver answers a truncated ListObjectsV2
   * page with a 500, drops common prefixes, has no `encoding-type=url`, and writes ACLs and
   * locations in another XML): listings, GetBucketLocation, GetBucketAcl, GetObjectAcl.
   * Anything else (null) goes on to the store.
   */
  const bucketRead = (url: string, bucket: string, rawKey: string | null): Promise<string> | null => {
    const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
    const names = [...query.keys()].filter((name) => !/^x-amz-/i.test(name));
    if (rawKey === null) {
      if (names.length === 1 && names[0] === 'acl') return accessControlPolicy(objects, bucket, null);
      if (names.length === 1 && names[0] === 'location') return bucketLocation(objects, bucket);
      if (names.every((name) => LISTING_PARAMETERS.has(name))) return listObjects(objects, bucket, query);
      return null;
    }
    if (names.length === 1 && names[0] === 'acl') {
      let key: string;
      try {
        key = decodeURIComponent(rawKey);
      } catch {
        throw new S3Refusal('InvalidURI', 400, "Couldn't parse the specified URI.");
      }
      return accessControlPolicy(objects, bucket, key);
    }
    return null;
  };

  /**
   * A body whose SHA-256 the signature covers: held in a temporary file while it is hashed,
   * and passed on only when it matches (XAmzContentSHA256Mismatch otherwise), as S3 does.
   */
  const hashedBody = async (req: IncomingMessage, res: ServerResponse, expected: string): Promise<void> => {
    // a small body (most are: a thumbnail, a JSON document, an XML request) is held in memory
    if (Number(req.headers['content-length'] ?? Infinity) <= SMALL_BODY_BYTES) {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of req) chunks.push(chunk as Buffer);
      } catch {
        throw new S3Refusal('IncompleteBody', 400, 'The request body terminated unexpectedly');
      }
      const bytes = Buffer.concat(chunks);
      if (createHash('sha256').update(bytes).digest('hex') !== expected) {
        throw new S3Refusal('XAmzContentSHA256Mismatch', 400, "The provided 'x-amz-content-sha256' header does not match what was computed.");
      }
      return forward(req, res, req.headers, Readable.from([bytes]));
    }
    const path = join(incoming, randomUUID());
    try {
      const hash = createHash('sha256');
      const out = createWriteStream(path);
      try {
        for await (const chunk of req) {
          hash.update(chunk as Buffer);
          if (!out.write(chunk)) await once(out, 'drain');
        }
      } catch {
        out.destroy();
        throw new S3Refusal('IncompleteBody', 400, 'The request body terminated unexpectedly');
      }
      out.end();
      await once(out, 'close');
      if (hash.digest('hex') !== expected) {
        throw new S3Refusal('XAmzContentSHA256Mismatch', 400, "The provided 'x-amz-content-sha256' header does not match what was computed.");
      }
      await forward(req, res, req.headers, createReadStream(path));
    } finally {
      await unlink(path).catch(() => undefined);
    }
  };

  /**
   * A browser POST upload: the fields are read and the policy checked when the file starts;
   * the file goes to a temporary file while its bytes are counted; when it fits, the upload
   * goes on to the store with the fields it keeps.
   */
  const postUpload = async (req: IncomingMessage, res: ServerResponse, bucket: string): Promise<void> => {
    const fields = new Map<string, string>();
    let refusal: S3Refusal | null = null;
    let grant: PolicyGrant | null = null;
    let file: { path: string; size: number } | null = null;
    let spooling: Promise<void> = Promise.resolve();
    let reading: Readable | null = null;
    const refuse = (err: unknown) => {
      refusal ??= err instanceof S3Refusal ? err : internalError();
    };

    const takeFile = (stream: Readable) => {
      try {
        grant = verifyPostPolicy(fields, bucket, keys);
      } catch (err) {
        refuse(err);
        stream.resume();
        return;
      }
      const limit = grant.maxBytes;
      reading = stream;
      const path = join(incoming, randomUUID());
      file = { path, size: 0 };
      const spooled = file;
      spooling = (async () => {
        const out = createWriteStream(path);
        try {
          for await (const chunk of stream) {
            spooled.size += (chunk as Buffer).length;
            // past the limit the rest is read and dropped, so the uploader gets the answer
            if (spooled.size > limit) continue;
            if (!out.write(chunk)) await once(out, 'drain');
          }
        } catch (err) {
          refuse(err);
        } finally {
          out.end();
          await once(out, 'close').catch(() => undefined);
        }
      })();
    };

    let files = 0;
    await new Promise<void>((resolve) => {
      let parser;
      try {
        parser = busboy({ headers: req.headers, limits: { fieldSize: MAX_FIELD_BYTES, fields: 100 } });
      } catch {
        refuse(new S3Refusal('MalformedPOSTRequest', 400, 'The body of your POST request is not well-formed multipart/form-data.'));
        req.resume();
        req.on('end', resolve);
        return;
      }
      parser.on('field', (name, value, info) => {
        if (files > 0) return; // S3 ignores what follows the file
        const lower = name.toLowerCase();
        if (lower === 'file') {
          files++;
          takeFile(Readable.from([Buffer.from(value)]));
          return;
        }
        if (info.valueTruncated) refuse(new S3Refusal('MaxPostPreDataLengthExceeded', 400, 'Your POST request fields preceeding the upload file was too large.'));
        fields.set(lower, value);
      });
      parser.on('file', (name, stream) => {
        if (name.toLowerCase() !== 'file' || files++ > 0 || refusal) {
          stream.resume();
          return;
        }
        takeFile(stream);
      });
      parser.on('close', resolve);
      // an uploader that goes away mid-body: nothing is stored, the temporary file goes
      req.on('close', () => {
        if (req.complete) return;
        refuse(new S3Refusal('IncompleteBody', 400, 'The request body terminated unexpectedly'));
        reading?.destroy();
        req.unpipe(parser);
        resolve();
      });
      parser.on('error', () => {
        refuse(new S3Refusal('MalformedPOSTRequest', 400, 'The body of your POST request is not well-formed multipart/form-data.'));
        req.unpipe(parser);
        req.resume();
        if (req.readableEnded) resolve();
        else req.on('end', resolve);
      });
      req.pipe(parser);
    });
    await spooling;

    const spooled = file as { path: string; size: number } | null;
    try {
      if (refusal) throw refusal;
      if (!spooled || !grant) {
        // the policy is judged first, as S3 does, then the missing file
        verifyPostPolicy(fields, bucket, keys);
        throw new S3Refusal('InvalidArgument', 400, 'POST requires exactly one file upload per request.');
      }
      const { minBytes, maxBytes } = grant as PolicyGrant;
      if (spooled.size > maxBytes) throw new S3Refusal('EntityTooLarge', 400, `Your proposed upload exceeds the maximum allowed size (${maxBytes} bytes).`);
      if (spooled.size < minBytes) throw new S3Refusal('EntityTooSmall', 400, `Your proposed upload is smaller than the minimum allowed size (${minBytes} bytes).`);
      const boundary = `embedded-s3-${randomBytes(12).toString('hex')}`;
      const parts = [...fields]
        .filter(([name]) => STORED_FIELDS.has(name) || name.startsWith('x-amz-meta-'))
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('');
      const head = Buffer.from(`${parts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="file"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const body = Readable.from(
        (async function* () {
          yield head;
          yield* createReadStream(spooled.path);
          yield tail;
        })(),
      );
      const headers: IncomingHttpHeaders = {
        host: req.headers.host,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + spooled.size + tail.length),
      };
      if (req.headers.origin) headers.origin = req.headers.origin;
      await forward(req, res, headers, body);
    } catch (err) {
      sendRefusal(req, res, err instanceof S3Refusal ? err : internalError());
    } finally {
      if (spooled) await unlink(spooled.path).catch(() => undefined);
    }
  };

  const front = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendRefusal(req, res, err instanceof S3Refusal ? err : internalError()));
  });
  // Node's default keeps an idle connection 5 s, then closes it: a client that reuses it in
  // that instant gets "socket hang up". A zip of many pictures reads them one after another
  // while its parts upload, and on a busy machine a read connection idles that long. S3 and
  // MinIO keep idle connections far longer; so does this server.
  front.keepAliveTimeout = 65_000;
  front.headersTimeout = 66_000;
  const host = opts.host ?? '127.0.0.1';
  try {
    front.listen(opts.port ?? 0, host);
    await once(front, 'listening');
  } catch (err) {
    await store.close();
    DUMMY_ACCOUNT.revokeAccessKey(keys.accessKey);
    rmSync(incoming, { recursive: true, force: true });
    throw err;
  }
  const port = (front.address() as AddressInfo).port;

  return {
    endpoint: `http://${host}:${port}`,
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    close: async () => {
      const closing = new Promise<void>((resolve) => front.close(() => resolve()));
      front.closeIdleConnections();
      // a connection still busy after a moment (a client that stopped reading) is cut, so
      // closing always ends
      const cut = setTimeout(() => {
        front.closeAllConnections();
        storeHttp.closeAllConnections();
      }, CLOSE_GRACE_MS);
      try {
        await closing;
        agent.destroy();
        await store.close();
      } finally {
        clearTimeout(cut);
        DUMMY_ACCOUNT.revokeAccessKey(keys.accessKey);
        rmSync(incoming, { recursive: true, force: true });
      }
    },
  };
}

import { mkdirSync } from 'node:fs';
import S3rver from '@20minutes/s3rver';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** how long closing waits for requests in flight before it cuts their connections */
const CLOSE_GRACE_MS = 5_000;

/** The fixed credentials of the embedded S3-compatible server. */
export const EMBEDDED_S3_ACCESS_KEY = 'S3RVER';
export const EMBEDDED_S3_SECRET_KEY = 'S3RVER';

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

/**
 * An S3-compatible server on local disk (s3rver) for development and tests. It checks
 * signatures but does not enforce POST policies (size, key, expiry, type): the services
 * verify every uploaded object themselves (StorageService.verifyObject).
 *
 * `buckets` are created at start (kept when they exist) with a permissive CORS rule, without
 * which s3rver refuses the browser's preflight of a direct upload.
 */
export async function startEmbeddedS3(opts: { directory: string; port?: number; host?: string; buckets?: string[] }): Promise<EmbeddedS3> {
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    address: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    directory: opts.directory,
    silent: true,
    configureBuckets: (opts.buckets ?? []).map((name) => ({ name, configs: [DEV_CORS_CONFIGURATION] })),
  });
  const address = await server.run();
  // Node's default keeps an idle connection 5 s, then closes it: a client that reuses it in
  // that instant gets "socket hang up". A zip of many pictures reads them one after another
  // while its parts upload, and on a busy machine a read connection idles that long. S3 and
  // MinIO keep idle connections far longer; so does this server.
  const http = (server as unknown as { httpServer: { keepAliveTimeout: number; headersTimeout: number; closeAllConnections(): void } }).httpServer;
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  return {
    endpoint: `http://${opts.host ?? '127.0.0.1'}:${address.port}`,
    accessKey: EMBEDDED_S3_ACCESS_KEY,
    secretKey: EMBEDDED_S3_SECRET_KEY,
    close: async () => {
      const closing = server.close();
      // a connection still busy after a moment (a client that stopped reading) is cut, so
      // closing always ends
      const cut = setTimeout(() => http.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await closing;
      } finally {
        clearTimeout(cut);
      }
    },
  };
}

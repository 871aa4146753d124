import { mkdirSync } from 'node:fs';
import S3rver from '@20minutes/s3rver';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** The fixed credentials of the embedded S3-compatible server. */
export const EMBEDDED_S3_ACCESS_KEY = 'S3RVER';
export const EMBEDDED_S3_SECRET_KEY = 'S3RVER';

/**
 * An S3-compatible server on local disk (s3rver) for development and tests. It checks
 * signatures but does not enforce POST policies (size, key, expiry, type): the services
 * verify every uploaded object themselves (StorageService.verifyObject).
 */
export async function startEmbeddedS3(opts: { directory: string; port?: number; host?: string }): Promise<EmbeddedS3> {
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    address: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    directory: opts.directory,
    silent: true,
  });
  const address = await server.run();
  return {
    endpoint: `http://${opts.host ?? '127.0.0.1'}:${address.port}`,
    accessKey: EMBEDDED_S3_ACCESS_KEY,
    secretKey: EMBEDDED_S3_SECRET_KEY,
    close: () => server.close(),
  };
}

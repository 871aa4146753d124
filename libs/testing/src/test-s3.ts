import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedS3 } from '@app/devstack';

export interface TestS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  close(): Promise<void>;
}

const BUCKET = 'test-media';

/**
 * An S3-compatible server on a free port and a temporary folder, removed on close. The bucket
 * is created at start with the dev CORS rule, so a browser (the browser tests) can upload to
 * it with a presigned POST.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'dealer-s3-'));
  const s3 = await startEmbeddedS3({ directory, port: 0, buckets: [BUCKET] });
  return {
    endpoint: s3.endpoint,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: BUCKET,
    close: async () => {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

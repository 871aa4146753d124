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

/** An S3-compatible server on a free port and a temporary folder, removed on close. */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'dealer-s3-'));
  const s3 = await startEmbeddedS3({ directory, port: 0 });
  return {
    endpoint: s3.endpoint,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: 'test-media',
    close: async () => {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

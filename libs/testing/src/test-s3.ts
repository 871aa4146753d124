import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from 'node:fs';
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

/** free space a memory-backed folder must have to hold a test's objects (the zip test writes about 400 MB) */
const MEMORY_FOLDER_MIN_FREE = 2 * 1024 ** 3;

/**
 * Where test objects are written: the machine's shared-memory folder (a tmpfs on Linux) when it
 * is there, writable and roomy, else the temporary folder. Tests write hundreds of megabytes of
 * pictures and zips; in memory they do not wait on a disk that PostgreSQL is syncing at the
 * same time (the 120 MB zip test takes about 10 s, and once ran past its 3 minutes in a full
 * run on disk).
 */
function testFilesRoot(): string {
  const shm = '/dev/shm';
  try {
    accessSync(shm, constants.W_OK);
    const fs = statfsSync(shm);
    if (fs.bavail * fs.bsize >= MEMORY_FOLDER_MIN_FREE) return shm;
  } catch {
    // no shared-memory folder here
  }
  return tmpdir();
}

/**
 * An S3-compatible server on a free port and a temporary folder, removed on close. The bucket
 * is created at start with the dev CORS rule, so a browser (the browser tests) can upload to
 * it with a presigned POST.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(testFilesRoot(), 'dealer-s3-'));
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

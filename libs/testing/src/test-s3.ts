import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedS3 } from '@app/devstack';

export interface TestS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** the server's folder, removed on close */
  directory: string;
  close(): Promise<void>;
}

const BUCKET = 'test-media';

const FOLDER_PREFIX = 'dealer-s3-';
/** a test S3 folder older than this was left by a run that was killed: it is removed */
const STALE_FOLDER_MS = 6 * 60 * 60 * 1000;

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
 * Removes the test S3 folders that a killed run left behind (in memory, they would hold RAM
 * until the machine restarts).
 */
function removeStaleFolders(root: string): void {
  const now = Date.now();
  for (const name of readdirSync(root)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const path = join(root, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_FOLDER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // gone already, or another run's
    }
  }
}

/**
 * An S3-compatible server on a free port and a temporary folder, removed on close: the
 * embedded server of `make dev`, which enforces signatures and POST policies as S3 does, so
 * every test runs the product's calls against the refusals of production. The bucket is
 * created at start with the dev CORS rule, so a browser (the browser tests) can upload to it
 * with a presigned POST.
 */
export async function startTestS3(): Promise<TestS3> {
  const root = testFilesRoot();
  removeStaleFolders(root);
  const directory = mkdtempSync(join(root, FOLDER_PREFIX));
  const s3 = await startEmbeddedS3({ directory, port: 0, buckets: [BUCKET] });
  return {
    endpoint: s3.endpoint,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: BUCKET,
    directory,
    close: async () => {
      try {
        await s3.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}

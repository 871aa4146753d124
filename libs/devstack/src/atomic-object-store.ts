import S3Object from '@20minutes/s3rver/lib/models/object';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** s3rver's object as its store answers it */
export interface StoredObjectAnswer {
  metadata: Record<string, string>;
  content: NodeJS.ReadableStream | null;
  range?: { start: number; end: number };
}

/** the part of s3rver's FilesystemStore that storing, reading and deleting an object use */
export interface FilesystemStoreLike {
  rootDirectory: string;
  getBucketPath(bucket: string): string;
  getBucket(bucket: string): Promise<unknown>;
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
  getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<StoredObjectAnswer | null>;
  deleteObject(bucket: string, key: string): Promise<void>;
  copyObject(srcBucket: string, srcKey: string, destBucket: string, destKey: string, replacementMetadata?: Record<string, string>): Promise<Record<string, string>>;
}

/** s3rver's object as its controllers hand it to the store */
interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | NodeJS.ReadableStream;
  metadata: Record<string, string>;
}

/** the end of the temporary name an object is written under until it is whole */
export const PARTIAL_SUFFIX = '.partial';

/** one holder at a time per name: a publication and a read of one object never interleave */
class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.tails.set(name, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    }
  }
}

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Opens a new temporary file in the object's folder. A delete of the folder's last object
 * may remove the (empty) folder between its creation and the open: then it is made again.
 */
async function openPartial(objectPath: string): Promise<{ path: string; handle: FileHandle }> {
  const path = `${objectPath}.${randomUUID()}${PARTIAL_SUFFIX}`;
  for (let attempt = 0; ; attempt++) {
    await mkdir(dirname(objectPath), { recursive: true, mode: 0o755 });
    try {
      return { path, handle: await open(path, 'wx') };
    } catch (err) {
      if (!isMissing(err) || attempt >= 5) throw err;
    }
  }
}

/**
 * Makes s3rver's store publish an object only once it is whole, and serve one version of it
 * whole, as S3 and MinIO do:
 * - the content is written under a temporary name beside the object's file (`…<uuid>.partial`,
 *   which no key maps to and no listing shows); only then, holding the key's lock, are its
 *   checksum and metadata written and the file renamed to the object's name. PutObject,
 *   CompleteMultipartUpload (the parts are joined into the temporary file) and CopyObject
 *   publish this way;
 * - a GET or HEAD takes the same lock while it reads the metadata and opens the file, so it
 *   sees one version's bytes with that version's length, ETag and type: of two writers of one
 *   key a reader gets the one or the other, never a mix, never part of a file;
 * - a delete removes the object's files under the lock and then only folders that are empty
 *   (s3rver removed the folder recursively, taking along an object being written into it).
 * (s3rver itself writes the object's file in place, and answers a PUT of a buffered body
 * before the file is written.)
 */
export function publishObjectsWhole(store: FilesystemStoreLike): void {
  const locks = new KeyLocks();
  const readMetadata = store.getMetadata.bind(store);
  const lockOf = (bucket: string, key: string) => store.getResourcePath(bucket, key, 'object');

  /** renames a whole temporary file into place with its checksum and metadata, under the key's lock */
  const publish = (bucket: string, key: string, partial: string, metadata: Record<string, string>, md5: string) =>
    locks.run(lockOf(bucket, key), async () => {
      await store.putMetadata(bucket, key, metadata, md5);
      await rename(partial, store.getResourcePath(bucket, key, 'object'));
    });

  store.getMetadata = (bucket, key) => locks.run(lockOf(bucket, key), () => readMetadata(bucket, key));

  store.getObject = (bucket, key, options) =>
    locks.run(lockOf(bucket, key), async () => {
      try {
        const metadata = await readMetadata(bucket, key);
        const lastByte = Math.max(0, Number(metadata['content-length']) - 1);
        const range = { start: options?.start || 0, end: Math.min(options?.end || Infinity, lastByte) };
        const ranged = options !== undefined && (options.start !== undefined || Boolean(options.end));
        let content: NodeJS.ReadableStream | null = null;
        if (!(range.start < 0 || range.end < range.start)) {
          // the file is open before the lock is let go: a later rename does not change what is read
          content = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
            const stream = createReadStream(store.getResourcePath(bucket, key, 'object'), range)
              .on('error', reject)
              .on('open', () => resolve(stream));
          });
        }
        // s3rver's own object model gives the controller its size, ETag and dates
        const object: StoredObjectAnswer = new S3Object(bucket, key, content, metadata);
        if (ranged) object.range = range;
        return object;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    });

  store.putObject = async function putObjectWhole(this: FilesystemStoreLike, object: StoredObject) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    const { path: partial, handle } = await openPartial(objectPath);
    const md5 = createHash('md5');
    let size = 0;
    try {
      const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
      await pipeline(
        content,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            md5.update(chunk);
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        handle.createWriteStream(),
      );
      const digest = md5.digest('hex');
      await publish(object.bucket, object.key, partial, object.metadata, digest);
      return { size, md5: digest };
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(partial).catch(() => undefined);
      throw err;
    }
  };

  store.copyObject = async function copyObjectWhole(this: FilesystemStoreLike, srcBucket, srcKey, destBucket, destKey, replacementMetadata) {
    const source = this.getResourcePath(srcBucket, srcKey, 'object');
    const objectPath = this.getResourcePath(destBucket, destKey, 'object');
    // a copy onto itself changes only the metadata
    if (source === objectPath) {
      if (replacementMetadata) await locks.run(lockOf(destBucket, destKey), () => this.putMetadata(destBucket, destKey, replacementMetadata));
      return this.getMetadata(destBucket, destKey);
    }
    const { path: partial, handle } = await openPartial(objectPath);
    await handle.close();
    try {
      // the source's bytes and metadata of one version
      const sourceMetadata = await locks.run(lockOf(srcBucket, srcKey), async () => {
        const metadata = await readMetadata(srcBucket, srcKey);
        await copyFile(source, partial);
        return metadata;
      });
      const md5 = createHash('md5');
      for await (const chunk of createReadStream(partial)) md5.update(chunk as Buffer);
      await publish(destBucket, destKey, partial, replacementMetadata ?? sourceMetadata, md5.digest('hex'));
    } catch (err) {
      await unlink(partial).catch(() => undefined);
      throw err;
    }
    return this.getMetadata(destBucket, destKey);
  };

  store.deleteObject = async function deleteObjectSafely(this: FilesystemStoreLike, bucket, key) {
    await locks.run(lockOf(bucket, key), async () => {
      for (const resource of ['object', 'object.md5', 'metadata.json']) {
        await unlink(this.getResourcePath(bucket, key, resource)).catch((err: unknown) => {
          if (!isMissing(err)) throw err;
        });
      }
    });
    // folders left empty go; one that is not empty (another object, one being written) stays
    const parts = key.split('/').slice(0, -1);
    while (parts.length) {
      try {
        await rmdir(join(this.getBucketPath(bucket), ...parts));
      } catch {
        break;
      }
      parts.pop();
    }
  };
}

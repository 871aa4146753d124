import { StorageService } from '@app/storage';
import { Injectable } from '@nestjs/common';
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** name inside the zip */
  name: string;
  /** object to read */
  key: string;
}

/** S3 multipart part size of a zip being written: memory of one bundle is about one part. */
const PART_BYTES = 5 * 1024 * 1024;
/** objects asked for their size at once */
const HEAD_BATCH = 16;

/** An object the zip should hold is not in storage. */
export class MissingFileError extends Error {
  constructor(readonly key: string) {
    super(`The file ${key} is missing from storage`);
    this.name = 'MissingFileError';
  }
}

/**
 * Builds a zip from S3 objects straight into S3: each object is read only when the zip
 * reaches it (one open download at a time), its bytes flow through yazl (stored, not
 * compressed: JPEGs do not shrink) into a multipart upload. Memory stays at about one part
 * however many images the order has.
 */
@Injectable()
export class ZipBundleFiles {
  constructor(private readonly storage: StorageService) {}

  /** Writes the zip to `key`; returns its size in bytes. Throws when an object is missing. */
  async build(key: string, entries: ZipEntry[], mtime = new Date()): Promise<number> {
    // sizes first: a missing object fails before anything is written, and the sizes go in the headers
    const sizes: number[] = [];
    for (let i = 0; i < entries.length; i += HEAD_BATCH) {
      const batch = entries.slice(i, i + HEAD_BATCH);
      const stats = await Promise.all(batch.map((e) => this.storage.head(e.key)));
      stats.forEach((stat, j) => {
        if (!stat) throw new MissingFileError(batch[j].key);
        sizes.push(stat.size);
      });
    }
    const zip = new ZipFile();
    const output = new PassThrough();
    const fail = (err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err)));
    zip.on('error', fail);
    entries.forEach((e, i) => {
      zip.addReadStreamLazy(e.name, { compress: false, mtime, size: sizes[i] }, (cb) => {
        this.storage.get(e.key).then(
          (stream: Readable) => {
            stream.on('error', fail);
            cb(null, stream);
          },
          (err: unknown) => fail(err),
        );
      });
    });
    zip.end();
    (zip.outputStream as Readable).on('error', fail).pipe(output);
    return this.storage.putStream(key, output, 'application/zip', PART_BYTES);
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  presignedGet(key: string, expiresInSeconds: number, downloadName: string): Promise<string> {
    return this.storage.presignedGet(key, expiresInSeconds, downloadName);
  }
}

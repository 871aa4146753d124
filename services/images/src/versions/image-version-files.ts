import { ObjectKeys, StorageService } from '@app/storage';
import { Injectable } from '@nestjs/common';

export interface VersionKeys {
  fileKey: string;
  thumbKey: string;
}

/**
 * The files of kept versions: each written once under its own key, copied on the storage
 * server from the image's optimized picture and thumbnail (the bytes do not come here).
 */
@Injectable()
export class ImageVersionFiles {
  constructor(private readonly storage: StorageService) {}

  keys(orderId: string, imageId: string, versionId: string): VersionKeys {
    return {
      fileKey: ObjectKeys.imageVersion(orderId, imageId, versionId, 'picture'),
      thumbKey: ObjectKeys.imageVersion(orderId, imageId, versionId, 'thumb'),
    };
  }

  /** Keeps the image's current picture and thumbnail as the version's own files. */
  async keep(orderId: string, imageId: string, versionId: string, current: { optimizedKey: string; thumbKey: string | null }): Promise<{ fileKey: string; thumbKey: string | null }> {
    const keys = this.keys(orderId, imageId, versionId);
    await this.storage.copy(current.optimizedKey, keys.fileKey);
    if (!current.thumbKey) return { fileKey: keys.fileKey, thumbKey: null };
    await this.storage.copy(current.thumbKey, keys.thumbKey);
    return keys;
  }

  read(key: string): Promise<Buffer> {
    return this.storage.getBuffer(key);
  }

  /** A short-lived GET link, signed locally. */
  signedGet(key: string, expiresInSeconds: number): string {
    return this.storage.signedGet(key, expiresInSeconds);
  }

  /** A GET link the browser may cache: a kept version's files never change under their key. */
  signedCachedGet(key: string, version: string, minValidSeconds: number): string {
    return this.storage.signedCachedGet(key, version, minValidSeconds);
  }
}

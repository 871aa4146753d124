import { IMAGE_CONTENT_TYPES, IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, LIST_THUMB_HEIGHT, LIST_THUMB_WIDTH } from '@app/contracts';
import {
  bufferSource,
  DIGITAL_SOURCE_TYPES,
  editDisclosureXmp,
  fileEnd,
  ObjectKeys,
  ObjectRejectedError,
  StorageService,
  withoutPrivateMetadata,
  withXmpSegment,
  type EditDisclosure,
  type PresignedPost,
} from '@app/storage';
import { METRICS, METRICS_REGISTRY, type Metrics } from '@app/ops';
import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';

/** What QA's own finished pictures (a replacement, an inserted finished picture) say in their XMP. */
export const QA_EDIT_DISCLOSURE: EditDisclosure = { digitalSourceType: DIGITAL_SOURCE_TYPES.humanEdits, edits: ['edited by hand'] };

/** width of the thumbnails this service makes itself (the pipeline's default thumbnail width) */
export const THUMB_WIDTH = 400;
const JPEG_QUALITY = 90;

/** The uploaded file is not there (yet): not a refusal, the client may still be posting it. */
export class PictureMissingError extends Error {
  constructor() {
    super(IMAGE_MESSAGES.notUploaded);
    this.name = 'PictureMissingError';
  }
}

/** Why the server's check refused a picture (the `reason` label of `dealer_upload_checks_total`). */
export type PictureRefusal = 'empty' | 'too-large' | 'wrong-type' | 'not-an-image' | 'too-many-pixels' | 'incomplete';

/** The uploaded file failed the server's check; the message is for the uploader. */
export class PictureRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: PictureRefusal,
  ) {
    super(message);
    this.name = 'PictureRejectedError';
  }
}

export interface VerifiedPicture {
  /** the bytes that were checked: what is kept, never the upload key's later content */
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
  mime: string;
  ext: string;
}

export interface FinishedPicture {
  width: number;
  height: number;
  fileSize: number;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The extension of the object key for an upload of this content type. */
export function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'jpg';
}

/**
 * The key of an original's shared copy: the same file without its private metadata, beside
 * it (`original.jpg` → `original-shared.jpg`).
 */
export function sharedOriginalKey(originalKey: string): string {
  const at = originalKey.lastIndexOf('/original.');
  if (at < 0) throw new Error(`not the key of an original: ${originalKey}`);
  return `${originalKey.slice(0, at)}/original-shared.${originalKey.slice(at + '/original.'.length)}`;
}

/** Folder of an image's files (ids checked by ObjectKeys). */
export function imageFolder(orderId: string, imageId: string): string {
  return ObjectKeys.image(orderId, imageId, 'original', 'jpg').replace(/original\.jpg$/, '');
}

/** Folder of an order's files. */
export function orderFolder(orderId: string): string {
  return `${imageFolder(orderId, 'x').replace(/images\/x\/$/, '')}`;
}

/**
 * The image files of orders in S3, and the only code here that uses sharp on them: presigned
 * uploads and downloads, the server's check of an uploaded picture, finished pictures and
 * thumbnails.
 */
@Injectable()
export class ImageFiles {
  private readonly checks;

  constructor(
    private readonly storage: StorageService,
    @Inject(METRICS_REGISTRY) metrics: Metrics,
  ) {
    this.checks = metrics.counter(METRICS.uploadChecksTotal);
  }

  presignedPost(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<PresignedPost> {
    return this.storage.presignedPost({ key, contentType, maxBytes, expiresInSeconds });
  }

  /** A short-lived GET link, signed locally (no call to the storage). */
  signedGet(key: string, expiresInSeconds: number): string {
    return this.storage.signedGet(key, expiresInSeconds);
  }

  /** A GET link the browser may cache while `version` (the image's last change) stays: StorageService.signedCachedGet. */
  signedCachedGet(key: string, version: string, minValidSeconds: number): string {
    return this.storage.signedCachedGet(key, version, minValidSeconds);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.storage.head(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    return (await this.storage.head(key))?.size ?? null;
  }

  /**
   * The server's check of an uploaded picture, whatever S3 let through: it exists, is not
   * empty, at most 8388608 bytes, a JPEG, PNG or WebP by its first bytes, whole (a JPEG's
   * end-of-image marker after its last scan, a PNG's IEND chunk, a WebP's announced size:
   * `fileEnd`), and at most 4032x3024 pixels either way round.
   *
   * A file that is not whole is refused with that reason; with `incompleteIsFinal: false` (the
   * sweeper, while the upload link is live and a post may still replace it) it counts as not
   * arrived yet (PictureMissingError).
   */
  async verifyPicture(key: string, opts: { incompleteIsFinal?: boolean } = {}): Promise<VerifiedPicture> {
    try {
      const picture = await this.checkPicture(key);
      this.checks.inc({ kind: 'picture', outcome: 'accepted', reason: 'none' });
      return picture;
    } catch (err) {
      if (err instanceof PictureRejectedError && err.reason === 'incomplete' && opts.incompleteIsFinal === false) throw new PictureMissingError();
      if (err instanceof PictureRejectedError) this.checks.inc({ kind: 'picture', outcome: 'refused', reason: err.reason });
      throw err;
    }
  }

  private async checkPicture(key: string): Promise<VerifiedPicture> {
    let verified;
    try {
      verified = await this.storage.readVerified(key, { maxBytes: IMAGE_UPLOAD_MAX_BYTES, allowedTypes: IMAGE_CONTENT_TYPES });
    } catch (err) {
      if (!(err instanceof ObjectRejectedError)) throw err;
      if (err.reason === 'missing') throw new PictureMissingError();
      if (err.reason === 'empty') throw new PictureRejectedError(IMAGE_MESSAGES.emptyFile, 'empty');
      if (err.reason === 'too-large') throw new PictureRejectedError(IMAGE_MESSAGES.tooLarge, 'too-large');
      throw new PictureRejectedError(IMAGE_MESSAGES.notAnImage, err.reason === 'wrong-type' ? 'wrong-type' : 'not-an-image');
    }
    const bytes = verified.bytes;
    if ((await fileEnd(bufferSource(bytes), verified.type.mime)) === 'truncated') throw new PictureRejectedError(IMAGE_MESSAGES.incomplete, 'incomplete');
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new PictureRejectedError(IMAGE_MESSAGES.notAnImage, 'not-an-image');
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new PictureRejectedError(IMAGE_MESSAGES.notAnImage, 'not-an-image');
    const long = Math.max(width, height);
    const short = Math.min(width, height);
    if (long > IMAGE_MAX_WIDTH || short > IMAGE_MAX_HEIGHT) throw new PictureRejectedError(IMAGE_MESSAGES.tooManyPixels, 'too-many-pixels');
    return { bytes, size: verified.size, width, height, mime: verified.type.mime, ext: verified.type.ext };
  }

  /**
   * Stores a checked original under its final key (`original.{ext}` of the checked type), which
   * no upload grant names, with the checked type, as it arrived; and, when it carries private
   * metadata, its shared copy beside it without that metadata, which downloads serve. A clean
   * original (most are: the web app's prepared pictures carry none) is its own shared copy,
   * written once. Answers both keys.
   */
  async keepOriginal(orderId: string, imageId: string, picture: VerifiedPicture): Promise<{ originalKey: string; sharedOriginalKey: string }> {
    const originalKey = ObjectKeys.image(orderId, imageId, 'original', picture.ext);
    await this.storage.put(originalKey, picture.bytes, picture.mime);
    return { originalKey, sharedOriginalKey: await this.keepShared(originalKey, picture.bytes, picture.mime) };
  }

  /**
   * The key of an original's shared copy (without private metadata), made now from the kept
   * original when it has none yet (an original accepted before shared copies were written).
   * Null when the original itself is missing.
   */
  async sharedOriginal(originalKey: string): Promise<string | null> {
    const key = sharedOriginalKey(originalKey);
    if (await this.storage.head(key)) return key;
    const stat = await this.storage.head(originalKey);
    if (!stat) return null;
    return this.keepShared(originalKey, await this.storage.getBuffer(originalKey), stat.metaData?.['content-type'] ?? 'application/octet-stream');
  }

  /** Writes the shared copy of an original when stripping changes it; answers the key that serves it. */
  private async keepShared(originalKey: string, bytes: Buffer, contentType: string): Promise<string> {
    const shared = await this.withoutPrivateMetadata(bytes);
    if (shared === bytes) return originalKey;
    const key = sharedOriginalKey(originalKey);
    await this.storage.put(key, shared, contentType);
    return key;
  }

  /**
   * A picture without its private metadata, its compressed picture as it is; one whose
   * metadata cannot be walked (a segment cut short, which decoders may still forgive) is
   * decoded and encoded again in its own format, which writes no metadata at all.
   */
  private async withoutPrivateMetadata(bytes: Buffer): Promise<Buffer> {
    try {
      return withoutPrivateMetadata(bytes);
    } catch {
      return sharp(bytes).rotate().toBuffer();
    }
  }

  /**
   * Makes a picture the image's optimized one: a JPEG keeps its compressed picture as it is
   * (QA's own export, or a kept version being restored), without its private metadata (GPS,
   * serial numbers, owner names: private-metadata.ts), keeping its orientation and colour
   * profile; another format is converted (sharp writes no metadata but the disclosure); then
   * the thumbnail. With a `disclosure` (QA's replacement and inserted finished pictures) the
   * file says in its XMP that it was digitally edited: spliced into a kept JPEG without
   * re-encoding it, written by sharp into a converted one. Without, a kept JPEG keeps the
   * rest of its metadata.
   */
  async finishPicture(
    picture: Pick<VerifiedPicture, 'bytes'>,
    optimizedKey: string,
    thumbKey: string,
    disclosure: EditDisclosure | null,
    listThumbKey: string | null = null,
  ): Promise<FinishedPicture> {
    const bytes = picture.bytes;
    const meta = await sharp(bytes).metadata();
    const keep = meta.format === 'jpeg';
    const xmp = disclosure ? editDisclosureXmp(disclosure) : null;
    let optimized: Buffer;
    if (keep) {
      const shared = await this.withoutPrivateMetadata(bytes);
      optimized = xmp ? withXmpSegment(shared, xmp) : shared;
    } else {
      const converted = sharp(bytes).rotate().jpeg({ quality: JPEG_QUALITY });
      optimized = await (xmp ? converted.withXmp(xmp) : converted).toBuffer();
    }
    const out = keep ? meta : await sharp(optimized).metadata();
    await this.storage.put(optimizedKey, optimized, 'image/jpeg');
    await this.writeThumbnail(optimized, thumbKey);
    if (listThumbKey) await this.writeListThumbnail(optimized, listThumbKey);
    // the size as shown: turned upright by its orientation
    return { width: out.autoOrient?.width ?? out.width ?? 0, height: out.autoOrient?.height ?? out.height ?? 0, fileSize: optimized.length };
  }

  /** The orders list's picture: LIST_THUMB_WIDTH x LIST_THUMB_HEIGHT, the centre of the picture (turned upright) filling it, as the pipeline makes it. */
  async writeListThumbnail(picture: Buffer, key: string): Promise<void> {
    const thumb = await sharp(picture).rotate().resize(LIST_THUMB_WIDTH, LIST_THUMB_HEIGHT, { fit: 'cover', position: 'centre' }).jpeg({ quality: 75, optimiseCoding: true }).toBuffer();
    await this.storage.put(key, thumb, 'image/jpeg');
  }

  /** A thumbnail of a picture (turned upright), `THUMB_WIDTH` wide at most: the optimized picture's, or an original version's. */
  async writeThumbnail(picture: Buffer, thumbKey: string): Promise<void> {
    const thumb = await sharp(picture).rotate().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    await this.storage.put(thumbKey, thumb, 'image/jpeg');
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete(key);
  }

  /** Removes a staging object once its upload is settled; one left (a failure, or the grant posted again) goes once its grant has expired. */
  async dropUpload(key: string | null): Promise<void> {
    if (key) await this.storage.delete(key).catch(() => undefined);
  }

  /** Removes every file of an image. */
  deleteImageFiles(orderId: string, imageId: string): Promise<number> {
    return this.storage.deletePrefix(imageFolder(orderId, imageId));
  }

  /** Removes every file of an order: its images and videos. */
  deleteOrderFiles(orderId: string): Promise<number> {
    return this.storage.deletePrefix(orderFolder(orderId));
  }

  /** Puts a file the service made itself (demo data). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    return this.storage.put(key, bytes, contentType);
  }
}

import {
  EXTERIOR360_FRAME_MAX_BYTES,
  EXTERIOR360_FRAME_MAX_SIDE,
  INTERIOR360_MAX_BYTES,
  INTERIOR360_MAX_WIDTH,
  INTERIOR360_MIN_WIDTH,
  INTERIOR360_RATIO_TOLERANCE,
  MEDIA360_CONTENT_TYPES,
  MEDIA360_MESSAGES,
  type Media360Kind,
} from '@app/contracts';
import { bufferSource, fileEnd, ObjectRejectedError, StorageService, withoutPrivateMetadata, type PresignedPost } from '@app/storage';
import { Injectable } from '@nestjs/common';
import sharp from 'sharp';

/** A frame that is not there (yet): the uploader may still be posting it. */
export class FrameMissingError extends Error {
  constructor(readonly index: number) {
    super(MEDIA360_MESSAGES.notUploaded);
    this.name = 'FrameMissingError';
  }
}

/** A frame failed the check; the message names the frame and is for the uploader. */
export class FrameRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameRejectedError';
  }
}

/** A frame that passed the check, without its private metadata, ready to be kept. */
export interface CheckedFrame {
  bytes: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

/** the most bytes one file of this kind may be */
export function maxFrameBytes(kind: Media360Kind): number {
  return kind === 'interior360' ? INTERIOR360_MAX_BYTES : EXTERIOR360_FRAME_MAX_BYTES;
}

/** "Frame 3" of an exterior, "The panorama" of an interior: how a refusal names the file. */
export function frameLabel(kind: Media360Kind, index: number): string {
  return kind === 'interior360' ? 'The panorama' : `Frame ${index + 1}`;
}

/**
 * The frames of 360s in S3: presigned uploads and links, and the server's check of each
 * uploaded frame on the bytes that are then kept (type by its first bytes, size, whole,
 * pixels; a panorama 2:1), with its private metadata removed as for photos
 * (`withoutPrivateMetadata`: GPS, serial numbers, owner names).
 */
@Injectable()
export class Media360Files {
  constructor(private readonly storage: StorageService) {}

  presignedPost(key: string, contentType: string, kind: Media360Kind, expiresInSeconds: number): Promise<PresignedPost> {
    return this.storage.presignedPost({ key, contentType, maxBytes: maxFrameBytes(kind), expiresInSeconds });
  }

  /** A short-lived GET link, signed locally. */
  signedGet(key: string, expiresInSeconds: number): string {
    return this.storage.signedGet(key, expiresInSeconds);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.storage.head(key)) !== null;
  }

  /** Checks frame `index` of a 360 at `key`; throws FrameMissingError or FrameRejectedError. */
  async check(kind: Media360Kind, index: number, key: string): Promise<CheckedFrame> {
    const label = frameLabel(kind, index);
    let verified;
    try {
      verified = await this.storage.readVerified(key, { maxBytes: maxFrameBytes(kind), allowedTypes: MEDIA360_CONTENT_TYPES });
    } catch (err) {
      if (!(err instanceof ObjectRejectedError)) throw err;
      if (err.reason === 'missing') throw new FrameMissingError(index);
      if (err.reason === 'empty') throw new FrameRejectedError(`${label} ${MEDIA360_MESSAGES.emptyFile}`);
      if (err.reason === 'too-large') throw new FrameRejectedError(kind === 'interior360' ? MEDIA360_MESSAGES.panoramaTooLarge : `${MEDIA360_MESSAGES.frameTooLarge} (frame ${index + 1})`);
      throw new FrameRejectedError(`${label} ${MEDIA360_MESSAGES.notAPicture}`);
    }
    const bytes = verified.bytes;
    if ((await fileEnd(bufferSource(bytes), verified.type.mime)) === 'truncated') throw new FrameRejectedError(`${label} ${MEDIA360_MESSAGES.incomplete}`);
    let width: number | undefined;
    let height: number | undefined;
    try {
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      width = meta.autoOrient?.width ?? meta.width;
      height = meta.autoOrient?.height ?? meta.height;
    } catch {
      throw new FrameRejectedError(`${label} ${MEDIA360_MESSAGES.notAPicture}`);
    }
    if (!width || !height) throw new FrameRejectedError(`${label} ${MEDIA360_MESSAGES.notAPicture}`);
    if (kind === 'interior360') {
      if (Math.abs(width - 2 * height) > INTERIOR360_RATIO_TOLERANCE * 2 * height) {
        throw new FrameRejectedError(`${label} (${width} × ${height}) ${MEDIA360_MESSAGES.notPanorama}`);
      }
      if (width < INTERIOR360_MIN_WIDTH || width > INTERIOR360_MAX_WIDTH) throw new FrameRejectedError(`${label} (${width} × ${height}) ${MEDIA360_MESSAGES.panoramaPixels}`);
    } else if (Math.max(width, height) > EXTERIOR360_FRAME_MAX_SIDE) {
      throw new FrameRejectedError(`${label} ${MEDIA360_MESSAGES.tooManyPixels}`);
    }
    return { bytes: await this.withoutPrivateMetadata(bytes), mime: verified.type.mime, ext: verified.type.ext, width, height };
  }

  /**
   * The frame without its private metadata, its compressed picture as it is; one whose
   * metadata cannot be walked is decoded and encoded again (sharp writes no metadata).
   */
  private async withoutPrivateMetadata(bytes: Buffer): Promise<Buffer> {
    try {
      return withoutPrivateMetadata(bytes);
    } catch {
      return sharp(bytes).rotate().toBuffer();
    }
  }

  put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    return this.storage.put(key, bytes, contentType);
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }
}

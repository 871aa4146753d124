import { VIDEO_CONTENT_TYPES, VIDEO_MESSAGES, VIDEO_THUMB_WIDTH, VIDEO_UPLOAD_MAX_BYTES, type VideoContentType } from '@app/contracts';
import { METRICS, METRICS_REGISTRY, type Metrics } from '@app/ops';
import { SERVICE_CONFIG } from '@app/service-kit';
import { detectFileType, fileEnd, ObjectRejectedError, StorageService, type FileEnd, type PresignedPost, type VerifiedObject } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImagesConfig } from '../images.config';

/** The uploaded video is not there (yet). */
/** The file extension of each kind of video the product keeps. */
export const VIDEO_EXTENSIONS: Record<VideoContentType, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };

export class VideoMissingError extends Error {
  constructor() {
    super(VIDEO_MESSAGES.notUploaded);
    this.name = 'VideoMissingError';
  }
}

/** Why the check refused a video (the `reason` label of `dealer_upload_checks_total`). */
export type VideoRefusal = 'empty' | 'too-large' | 'wrong-type' | 'unreadable' | 'incomplete';

/** The uploaded file failed the check (or ffmpeg cannot read it as a video); the message is for the uploader. */
export class VideoRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: VideoRefusal,
  ) {
    super(message);
    this.name = 'VideoRejectedError';
  }
}

/**
 * ffmpeg could not be run: a reason that is the server's, not the file's (the service checks
 * at start that `FFMPEG_PATH` runs, so this is a machine changed under a running service). A
 * video is then not checked, and so not accepted, until ffmpeg runs again.
 */
export class FfmpegUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegUnavailableError';
  }
}

export interface VideoThumbnail {
  jpeg: Buffer;
  durationSeconds: number | null;
}

/** A video that passed the check, stored under its final key. */
export interface KeptVideo {
  key: string;
  size: number;
  mime: string;
  thumbnail: VideoThumbnail;
}

/** how long ffmpeg may take for one thumbnail */
const FFMPEG_TIMEOUT_MS = 60_000;
/** stderr kept for the failure reason */
const STDERR_LIMIT = 64 * 1024;

/**
 * Video files in S3 and their thumbnails. The thumbnail is the first frame, 225 px wide,
 * made by ffmpeg (spawned) from a temporary copy on disk: a phone's MP4 often has its index
 * at the end, which a pipe cannot seek to, and disk keeps memory flat for large videos.
 */
@Injectable()
export class VideoFiles {
  private readonly checks;

  constructor(
    private readonly storage: StorageService,
    @Inject(SERVICE_CONFIG) private readonly config: ImagesConfig,
    @Inject(METRICS_REGISTRY) metrics: Metrics,
  ) {
    this.checks = metrics.counter(METRICS.uploadChecksTotal);
  }

  presignedPost(key: string, contentType: string, expiresInSeconds: number): Promise<PresignedPost> {
    return this.storage.presignedPost({ key, contentType, maxBytes: VIDEO_UPLOAD_MAX_BYTES, expiresInSeconds });
  }

  presignedGet(key: string, expiresInSeconds: number, downloadName?: string): Promise<string> {
    return this.storage.presignedGet(key, expiresInSeconds, downloadName);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.storage.head(key)) !== null;
  }

  /** Size, and an MP4, QuickTime or WebM container by its first bytes. */
  async verify(key: string): Promise<VerifiedObject> {
    try {
      return await this.storage.verifyObject(key, { maxBytes: VIDEO_UPLOAD_MAX_BYTES, allowedTypes: VIDEO_CONTENT_TYPES });
    } catch (err) {
      if (!(err instanceof ObjectRejectedError)) throw err;
      if (err.reason === 'missing') throw new VideoMissingError();
      if (err.reason === 'too-large') throw new VideoRejectedError(VIDEO_MESSAGES.tooLarge, 'too-large');
      if (err.reason === 'empty') throw new VideoRejectedError('The video file is empty', 'empty');
      throw new VideoRejectedError(VIDEO_MESSAGES.notAVideo, 'wrong-type');
    }
  }

  /**
   * The server's check of an uploaded video, on the bytes that are then kept: the staging
   * object is copied to a temporary file (refused past the size limit), judged there (size,
   * container by its first bytes, readable by ffmpeg, which makes the thumbnail), and that
   * same file is stored under the final key `finalKey(ext of the checked type)`, which no
   * upload grant names. A file whose container ends past the file's end (an MP4's boxes, a
   * WebM's Segment: `fileEnd`) is refused as incomplete, before ffmpeg (which reads the first
   * frame of a cut-off film); with `incompleteIsFinal: false` it counts as not arrived yet.
   */
  async keepChecked(stagingKey: string, finalKey: (ext: string) => string, opts: { incompleteIsFinal?: boolean } = {}): Promise<KeptVideo> {
    try {
      const kept = await this.checkAndKeep(stagingKey, finalKey);
      this.checks.inc({ kind: 'video', outcome: 'accepted', reason: 'none' });
      return kept;
    } catch (err) {
      if (err instanceof VideoRejectedError && err.reason === 'incomplete' && opts.incompleteIsFinal === false) throw new VideoMissingError();
      if (err instanceof VideoRejectedError) this.checks.inc({ kind: 'video', outcome: 'refused', reason: err.reason });
      throw err;
    }
  }

  private async checkAndKeep(stagingKey: string, finalKey: (ext: string) => string): Promise<KeptVideo> {
    // refuses what is missing, too large or not a video container without reading it whole
    await this.verify(stagingKey);
    const file = join(tmpdir(), `video-${randomUUID()}`);
    try {
      try {
        await pipeline(await this.storage.get(stagingKey), capped(VIDEO_UPLOAD_MAX_BYTES), createWriteStream(file));
      } catch (err) {
        if (err instanceof VideoRejectedError) throw err;
        if (isNotFound(err)) throw new VideoMissingError();
        throw err;
      }
      const size = (await stat(file)).size;
      if (size === 0) throw new VideoRejectedError('The video file is empty', 'empty');
      const type = detectFileType(await firstBytes(file, 64));
      if (!type || !(VIDEO_CONTENT_TYPES as readonly string[]).includes(type.mime)) throw new VideoRejectedError(VIDEO_MESSAGES.notAVideo, 'wrong-type');
      if ((await containerEnd(file, size, type.mime)) === 'truncated') throw new VideoRejectedError(VIDEO_MESSAGES.incomplete, 'incomplete');
      const thumbnail = await this.runFfmpeg(file);
      const key = finalKey(type.ext);
      await this.storage.putStream(key, createReadStream(file), type.mime);
      return { key, size, mime: type.mime, thumbnail };
    } finally {
      await rm(file, { force: true });
    }
  }

  /** The first frame as a JPEG 225 px wide, and the duration ffmpeg reports. */
  private runFfmpeg(file: string): Promise<VideoThumbnail> {
    const args = ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-vf', `scale=${VIDEO_THUMB_WIDTH}:-2`, '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', 'pipe:1'];
    return new Promise((resolve, reject) => {
      const child = spawn(this.config.FFMPEG_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c: Buffer) => {
        if (err.length < STDERR_LIMIT) err += c.toString('utf8');
      });
      child.on('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (e.code === 'ENOENT') {
          reject(new FfmpegUnavailableError(`Videos cannot be checked: ffmpeg is not installed on the server (${this.config.FFMPEG_PATH} was not found)`));
        } else {
          reject(new FfmpegUnavailableError(`Videos cannot be checked: ffmpeg could not be started (${e.message})`));
        }
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const jpeg = Buffer.concat(out);
        if (code === 0 && jpeg.length > 0) {
          resolve({ jpeg, durationSeconds: parseDuration(err) });
          return;
        }
        if (signal === 'SIGKILL') {
          reject(new VideoRejectedError(`The video could not be read in ${FFMPEG_TIMEOUT_MS / 1000} s`, 'unreadable'));
          return;
        }
        reject(new VideoRejectedError(`The file could not be read as a video: ${lastProblem(err)}`, 'unreadable'));
      });
    });
  }

  putThumbnail(key: string, jpeg: Buffer): Promise<void> {
    return this.storage.put(key, jpeg, 'image/jpeg');
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey';
}

/** Passes bytes through and fails with the size refusal past `limit`. */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) done(new VideoRejectedError(VIDEO_MESSAGES.tooLarge, 'too-large'));
      else done(null, chunk);
    },
  });
}

/** `fileEnd` of a file on disk, read box by box */
async function containerEnd(file: string, size: number, mime: string): Promise<FileEnd> {
  const handle = await open(file, 'r');
  try {
    return await fileEnd(
      {
        size,
        read: async (offset, length) => {
          const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
          const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
          return buf.subarray(0, bytesRead);
        },
      },
      mime,
    );
  } finally {
    await handle.close();
  }
}

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** `Duration: 00:01:02.50` in ffmpeg's report. */
export function parseDuration(stderr: string): number | null {
  const m = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 100) / 100;
}

/** The last line of ffmpeg's report that says what went wrong, without the temporary file's path. */
export function lastProblem(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('built with') && !l.startsWith('configuration:') && !/^lib\w+\s/.test(l));
  const line = lines.reverse().find((l) => /error|invalid|not|could|failed|unknown/i.test(l)) ?? lines[0] ?? 'ffmpeg failed';
  return line.replace(/\S*video-[0-9a-f-]{36}:?\s*/g, '').slice(0, 300) || 'ffmpeg failed';
}

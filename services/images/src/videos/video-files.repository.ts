import { VIDEO_CONTENT_TYPES, VIDEO_MESSAGES, VIDEO_THUMB_WIDTH, VIDEO_UPLOAD_MAX_BYTES } from '@app/contracts';
import { SERVICE_CONFIG } from '@app/service-kit';
import { ObjectRejectedError, StorageService, type PresignedPost, type VerifiedObject } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ImagesConfig } from '../images.config';

/** The uploaded video is not there (yet). */
export class VideoMissingError extends Error {
  constructor() {
    super(VIDEO_MESSAGES.notUploaded);
    this.name = 'VideoMissingError';
  }
}

/** The uploaded file failed the check (or ffmpeg cannot read it as a video); the message is for the uploader. */
export class VideoRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoRejectedError';
  }
}

/** No thumbnail could be made for a reason that is the server's, not the file's (ffmpeg is not installed). */
export class ThumbnailUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThumbnailUnavailableError';
  }
}

export interface VideoThumbnail {
  jpeg: Buffer;
  durationSeconds: number | null;
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
export class VideoFilesRepository {
  constructor(
    private readonly storage: StorageService,
    @Inject(SERVICE_CONFIG) private readonly config: ImagesConfig,
  ) {}

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
      if (err.reason === 'too-large') throw new VideoRejectedError(VIDEO_MESSAGES.tooLarge);
      if (err.reason === 'empty') throw new VideoRejectedError('The video file is empty');
      throw new VideoRejectedError(VIDEO_MESSAGES.notAVideo);
    }
  }

  /** The first frame as a JPEG 225 px wide, and the duration ffmpeg reports. */
  async thumbnail(key: string): Promise<VideoThumbnail> {
    const file = join(tmpdir(), `video-${randomUUID()}`);
    try {
      await pipeline(await this.storage.get(key), createWriteStream(file));
      return await this.runFfmpeg(file);
    } finally {
      await rm(file, { force: true });
    }
  }

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
          reject(new ThumbnailUnavailableError(`No thumbnail: ffmpeg is not installed on the server (${this.config.FFMPEG_PATH} was not found)`));
        } else {
          reject(new ThumbnailUnavailableError(`No thumbnail: ffmpeg could not be started (${e.message})`));
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
          reject(new VideoRejectedError(`The video could not be read in ${FFMPEG_TIMEOUT_MS / 1000} s`));
          return;
        }
        reject(new VideoRejectedError(`The file could not be read as a video: ${lastProblem(err)}`));
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

import type { ImageVersionKind, ImageVersionReason, PipelineImageProcessed } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Image } from '../images/image.entity';
import { ImageVersionFiles } from './image-version-files';
import type { ImageVersion } from './image-version.entity';
import { ImageVersionsRepository } from './image-versions.repository';
import type { VersionAuthor } from './version-authors';

/** What a pipeline job's version remembers from the moment it was queued. */
export interface QueuedVersion {
  kind: Extract<ImageVersionKind, 'pipeline' | 'test'>;
  reason: ImageVersionReason;
  author: VersionAuthor | null;
}

/**
 * Writes the versions of an image as its picture changes, always in the transaction of the
 * change: the accepted original, a pipeline job when it is queued and its output when it is
 * applied, QA's finished pictures. A picture that becomes the optimized one becomes the
 * current version.
 */
@Injectable()
export class VersionRecorder {
  constructor(
    private readonly versions: ImageVersionsRepository,
    private readonly files: ImageVersionFiles,
  ) {}

  /**
   * The accepted original, under its own key (never overwritten), with the thumbnail made for
   * it (`thumb`: its version id and key; none when it could not be made); it comes before the
   * job queued with it.
   */
  async original(
    m: EntityManager,
    image: Image,
    reason: Extract<ImageVersionReason, 'upload' | 'insert'>,
    author: VersionAuthor | null,
    thumb: { id: string; thumbKey: string | null },
  ): Promise<void> {
    await this.versions.insert(m, {
      ...this.blank(image, author),
      id: thumb.id,
      kind: 'original',
      reason,
      fileKey: image.originalKey,
      thumbKey: thumb.thumbKey,
      width: image.width,
      height: image.height,
      fileSize: image.fileSize,
      readyAt: new Date(),
    });
  }

  /**
   * A queued pipeline job: who asked, why, the route and settings. `id` is the version's id
   * (a test job writes its output under the version's own keys).
   */
  async queued(
    m: EntityManager,
    image: Pick<Image, 'id' | 'orderId'>,
    job: { jobId: string; route: ImageVersion['route']; settings: Record<string, unknown> },
    queued: QueuedVersion,
    id: string = randomUUID(),
  ): Promise<void> {
    await this.versions.insert(m, {
      ...this.blank(image, queued.author),
      id,
      kind: queued.kind,
      reason: queued.reason,
      route: job.route,
      settings: job.settings,
      jobId: job.jobId,
    });
  }

  /**
   * A pipeline result. A test output is kept beside the current picture; the output of the
   * image's latest job (`applied`) is kept under the version's own keys and becomes current;
   * the output of an older job is not the image's picture and leaves no version. Answers the
   * settings the job was queued with (null when none were kept).
   */
  async processed(m: EntityManager, image: Image, e: PipelineImageProcessed, applied: boolean): Promise<Record<string, unknown> | null> {
    const queued = await this.versions.byJob(m, e.jobId);
    if (queued?.kind === 'test') {
      Object.assign(queued, { fileKey: e.keys.optimized, thumbKey: e.keys.thumb, width: e.width, height: e.height, fileSize: e.fileSize, readyAt: new Date() });
      await this.versions.save(m, queued);
      return queued.settings;
    }
    if (!applied) {
      if (queued) await this.versions.delete(m, queued.id);
      return queued?.settings ?? null;
    }
    // a job queued without a version (before versions were kept) gets one now, from the system
    const version =
      queued ??
      (await this.versions.insert(m, { ...this.blank(image, null), kind: 'pipeline', reason: 'processing', route: e.route, jobId: e.jobId }));
    const keys = await this.files.keep(image.orderId, image.id, version.id, { optimizedKey: e.keys.optimized, thumbKey: e.keys.thumb });
    Object.assign(version, { ...keys, width: e.width, height: e.height, fileSize: e.fileSize, readyAt: new Date() });
    await this.versions.save(m, version);
    await this.versions.makeCurrent(m, image.id, version.id);
    return version.settings;
  }

  /**
   * A failed job leaves no version (its image keeps the picture it had, if any); a failed test
   * run is kept, without files, with the pipeline's sentence, so the admin sees it failed.
   */
  async failed(m: EntityManager, jobId: string, reason: string, failedAt: Date): Promise<void> {
    const queued = await this.versions.byJob(m, jobId);
    if (!queued) return;
    if (queued.kind === 'test') {
      Object.assign(queued, { failureReason: reason, failedAt });
      await this.versions.save(m, queued);
      return;
    }
    await this.versions.delete(m, queued.id);
  }

  /** QA's finished picture, just made the optimized one: kept under its own keys, current. */
  async finished(m: EntityManager, image: Image, kind: Extract<ImageVersionKind, 'replacement' | 'insert'>, author: VersionAuthor | null): Promise<void> {
    if (!image.optimizedKey) return;
    const id = randomUUID();
    const keys = await this.files.keep(image.orderId, image.id, id, { optimizedKey: image.optimizedKey, thumbKey: image.thumbKey });
    await this.versions.insert(m, {
      ...this.blank(image, author),
      id,
      kind,
      reason: kind === 'replacement' ? 'replace' : 'insert',
      ...keys,
      width: image.width,
      height: image.height,
      fileSize: image.fileSize,
      readyAt: new Date(),
      current: true,
    });
  }

  private blank(image: Pick<Image, 'id' | 'orderId'>, author: VersionAuthor | null): Omit<ImageVersion, 'createdAt' | 'current' | 'kind' | 'reason' | 'failureReason' | 'failedAt'> {
    return {
      id: randomUUID(),
      imageId: image.id,
      orderId: image.orderId,
      route: null,
      settings: null,
      jobId: null,
      fileKey: null,
      thumbKey: null,
      width: null,
      height: null,
      fileSize: null,
      createdBy: author?.id ?? null,
      createdByName: author?.name ?? null,
      restoredFromId: null,
      readyAt: null,
    };
  }
}

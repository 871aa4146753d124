import {
  IMAGE_MESSAGES,
  IMAGE_VERSION_MESSAGES,
  ORDER_MESSAGES,
  pipelineOutputKeys,
  RpcError,
  VIEW_URL_TTL_SECONDS,
  type Actor,
  type ImageVersionView,
  type RestoreImageVersionPayload,
  type TestPipelineBody,
  type TestPipelineResult,
  type TestPipelineRunView,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { UPLOADED_STATUSES, type Image } from '../images/image.entity';
import { ImageFiles } from '../images/image-files';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import { PipelineJobsService, StyleGuideGoneError, type PreparedJob } from '../pipeline-results/pipeline-jobs.service';
import { processedTypes } from '../pipeline-results/pipeline-results.consumer';
import { ImageVersionFiles } from './image-version-files';
import type { ImageVersion } from './image-version.entity';
import { ImageVersionsRepository } from './image-versions.repository';
import { VersionAuthors } from './version-authors';

const NOT_FOUND = IMAGE_MESSAGES.notFound;

/**
 * What the history shows the caller: staff see every version with its links. A dealership,
 * its sales people and management do not see test-pipeline outputs (QA's experiments, not
 * their pictures); they see the picture they uploaded when it has its shared copy (without
 * private metadata: what their downloads of originals serve too) and no other original (an
 * entry they could not open would be an empty box in their history).
 */
export function visibleVersions(
  actor: Actor,
  versions: ImageVersion[],
  image: Pick<Image, 'originalKey' | 'sharedOriginalKey'>,
): ImageVersion[] {
  const staff = OrderAccessService.seesQaDetails(actor);
  const shareable = (v: ImageVersion) => v.kind !== 'original' || (image.sharedOriginalKey !== null && v.fileKey === image.originalKey);
  return versions.filter((v) => staff || (v.kind !== 'test' && shareable(v)));
}

/** What the image shows once a version is restored: the route's type labels for a pipeline output, else a finished picture's. */
export function restoredLabels(image: Pick<Image, 'types' | 'optimisedVia'>, version: Pick<ImageVersion, 'kind' | 'route'>): Pick<Image, 'types' | 'optimisedVia'> {
  if ((version.kind === 'pipeline' || version.kind === 'test') && version.route) return { types: processedTypes(version.route), optimisedVia: version.route };
  return { types: [...new Set([...image.types.filter((t) => t !== 'original'), 'optimized' as const])], optimisedVia: image.optimisedVia };
}

/**
 * A version is restored only while no pipeline job of the image is in flight: the job would
 * write the image's optimized picture after the restore (409 until its result is in).
 */
export function assertRestorable(image: Pick<Image, 'optimisationStatus'>): void {
  if (image.optimisationStatus === 'queued') throw new RpcError(409, IMAGE_VERSION_MESSAGES.processing);
}

/**
 * The history of an image's picture: every version with who made it and why, a restore of
 * any of them (admin, QA), and the test pipeline (admin): pictures processed again with the
 * current pipeline, kept as versions beside the current picture.
 */
@Injectable()
export class ImageVersionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly images: ImagesRepository,
    private readonly versions: ImageVersionsRepository,
    private readonly versionFiles: ImageVersionFiles,
    private readonly files: ImageFiles,
    private readonly access: OrderAccessService,
    private readonly events: OrderEventsWriter,
    private readonly jobs: PipelineJobsService,
    private readonly authors: VersionAuthors,
  ) {}

  private async find(id: string): Promise<Image> {
    const image = await this.images.findById(this.ds.manager, id);
    if (!image) throw RpcError.notFound(NOT_FOUND);
    return image;
  }

  /** `GET /images/{id}/versions`: for whoever sees the order; another tenant's image is not found. */
  async list(actor: Actor, id: string): Promise<ImageVersionView[]> {
    const image = await this.find(id);
    await this.access.readFor(actor, image.orderId, NOT_FOUND);
    return this.views(actor, image, await this.versions.readyOfImage(this.ds.manager, image.id));
  }

  /**
   * `POST /images/{id}/versions/{versionId}/restore` (admin, QA): the version becomes the
   * optimized picture again (its bytes as they were, a new thumbnail, the image's sizes), as
   * a new version of kind `restore`; a pipeline result still in flight is ignored from then on.
   * IMAGE_VERSION_RESTORED goes on the timeline. Answers the history.
   */
  async restore(actor: Actor, p: RestoreImageVersionPayload): Promise<ImageVersionView[]> {
    OrderAccessService.assertStaff(actor);
    const image = await this.find(p.id);
    await this.access.readFor(actor, image.orderId, NOT_FOUND, true);
    const source = await this.versions.readyOf(this.ds.manager, image.id, p.versionId);
    if (!source?.fileKey) throw RpcError.notFound(IMAGE_VERSION_MESSAGES.notFound);
    assertRestorable(image);
    const author = await this.authors.of(actor);
    const keys = pipelineOutputKeys(image.orderId, image.id);
    const finished = await this.files.finishPicture({ bytes: await this.versionFiles.read(source.fileKey) }, keys.optimized, keys.thumb, null, keys.listThumb ?? null);
    await inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, image.id);
      if (!current) throw RpcError.notFound(NOT_FOUND);
      // a repush queued since it was read
      assertRestorable(current);
      Object.assign(current, {
        optimisationStatus: 'completed',
        failureReason: null,
        optimizedKey: keys.optimized,
        thumbKey: keys.thumb,
        listThumbKey: keys.listThumb ?? null,
        width: finished.width,
        height: finished.height,
        fileSize: finished.fileSize,
        ...restoredLabels(current, source),
        latestJobId: null,
        processedAt: new Date(),
      } satisfies Partial<Image>);
      await this.images.save(m, current);
      const restored = await this.versions.insert(m, {
        id: randomUUID(),
        imageId: current.id,
        orderId: current.orderId,
        kind: 'restore',
        reason: 'restore',
        route: source.route,
        settings: source.settings,
        jobId: null,
        fileKey: source.fileKey,
        thumbKey: source.thumbKey,
        width: finished.width,
        height: finished.height,
        fileSize: finished.fileSize,
        createdBy: author?.id ?? null,
        createdByName: author?.name ?? null,
        restoredFromId: source.id,
        readyAt: new Date(),
        current: true,
      });
      await this.events.timeline(m, current.orderId, 'IMAGE_VERSION_RESTORED', userOf(actor), {
        imageId: current.id,
        position: current.position,
        versionId: restored.id,
        restoredFromId: source.id,
        kind: source.kind,
      });
      await this.events.progress(m, current.orderId);
    });
    return this.views(actor, image, await this.versions.readyOfImage(this.ds.manager, image.id));
  }

  /**
   * `POST /appSettings/sendImagesToTestPipeline` (admin): each picture's original through the
   * current pipeline again, on the bulk lane; each output is kept as a `test` version and
   * does not become the current picture. All the ids must be images (404 otherwise); pictures
   * with no original (an inserted finished picture) or whose style guide is gone are left out.
   */
  async testPipeline(actor: Actor, body: TestPipelineBody): Promise<TestPipelineResult> {
    OrderAccessService.assertCanRunTestPipeline(actor);
    const ids = [...new Set(body.imageIds)];
    const images = await this.images.byIds(this.ds.manager, ids);
    if (images.length !== ids.length) throw RpcError.notFound(NOT_FOUND);
    const author = await this.authors.of(actor);
    const prepared = new Map<string, PreparedJob>();
    for (const image of images) {
      if (!image.originalKey || !UPLOADED_STATUSES.includes(image.optimisationStatus)) continue;
      try {
        prepared.set(image.id, await this.jobs.prepare(image));
      } catch (err) {
        if (!(err instanceof StyleGuideGoneError)) throw err;
      }
    }
    await inTransaction(this.ds, async (m) => {
      for (const image of images) {
        const job = prepared.get(image.id);
        if (!job || !image.originalKey) continue;
        await this.jobs.queue(m, { ...image, originalKey: image.originalKey }, job, {
          lane: 'bulk',
          version: { kind: 'test', reason: 'test-pipeline', author },
        });
      }
    });
    return { queued: prepared.size };
  }

  /**
   * `GET /appSettings/testPipelineResults/{orderId}` (admin): the latest test run of each of the
   * order's pictures that went through the test pipeline: queued (no result yet), completed
   * (with its picture) or failed (with the pipeline's sentence). Another order id is 404.
   */
  async testResults(actor: Actor, orderId: string): Promise<TestPipelineRunView[]> {
    OrderAccessService.assertCanRunTestPipeline(actor);
    await this.access.readFor(actor, orderId, ORDER_MESSAGES.notFound);
    const runs = await this.versions.latestTestRuns(this.ds.manager, orderId);
    const link = (key: string | null, v: ImageVersion) => (key ? this.versionFiles.signedCachedGet(key, v.id, VIEW_URL_TTL_SECONDS) : null);
    return runs.map((v) => {
      const state = v.readyAt && v.fileKey ? 'completed' : v.failedAt ? 'failed' : 'queued';
      return {
        imageId: v.imageId,
        versionId: v.id,
        state,
        route: v.route,
        failureReason: state === 'failed' ? v.failureReason : null,
        url: state === 'completed' ? link(v.fileKey, v) : null,
        thumbnailUrl: state === 'completed' ? link(v.thumbKey, v) : null,
        width: v.width,
        height: v.height,
        fileSize: v.fileSize,
        requestedAt: v.createdAt.toISOString(),
        finishedAt: (v.readyAt ?? v.failedAt)?.toISOString() ?? null,
      };
    });
  }

  private views(actor: Actor, image: Pick<Image, 'originalKey' | 'sharedOriginalKey'>, versions: ImageVersion[]): ImageVersionView[] {
    // a kept version's files never change under their key: links the browser may cache
    const link = (key: string | null, v: ImageVersion) => (key ? this.versionFiles.signedCachedGet(key, v.id, VIEW_URL_TTL_SECONDS) : null);
    // the original's version links its shared copy, without private metadata, once there is one
    const fileOf = (v: ImageVersion) => (v.kind === 'original' && v.fileKey === image.originalKey && image.sharedOriginalKey ? image.sharedOriginalKey : v.fileKey);
    return visibleVersions(actor, versions, image).map((v) => ({
      id: v.id,
      imageId: v.imageId,
      kind: v.kind,
      reason: v.reason,
      route: v.route,
      settings: v.settings,
      createdBy: v.createdBy ? { id: v.createdBy, displayName: v.createdByName ?? '' } : null,
      restoredFromId: v.restoredFromId,
      current: v.current,
      url: link(fileOf(v), v),
      thumbnailUrl: link(v.thumbKey, v),
      width: v.width,
      height: v.height,
      fileSize: v.fileSize,
      // when it became a picture (a job's output: when it arrived, not when it was asked for)
      createdAt: (v.readyAt ?? v.createdAt).toISOString(),
    }));
  }
}

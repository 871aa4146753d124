import { IMAGE_MESSAGES, pipelineOutputKeys, RpcError, type Actor, type ImageView, type UploadCompleteBody } from '@app/contracts';
import { faultPoint } from '@app/config';
import { currentRequestId } from '@app/logging';
import { inTransaction, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import type { Image } from '../images/image.entity';
import { ImageFiles, PictureMissingError, PictureRejectedError, QA_EDIT_DISCLOSURE, type VerifiedPicture } from '../images/image-files';
import { ImageViews } from '../images/image-views';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import { PipelineJobsService, StyleGuideGoneError, type PreparedJob } from '../pipeline-results/pipeline-jobs.service';
import { VersionAuthors, type VersionAuthor } from '../versions/version-authors';
import { VersionRecorder } from '../versions/version-recorder';

const NOT_FOUND = IMAGE_MESSAGES.notFound;

/**
 * Completing an upload: the server's check of what arrived at the staging key (asked by the
 * client, or found by the sweeper), and on acceptance, in one transaction, the image queued,
 * its pipeline job and the order's progress; a finished picture QA inserted is shown as it
 * is. A refused file marks the image with the reason.
 */
@Injectable()
export class CompleteUploadService {
  /** completions running in this process, so the sweeper and a client's call share one */
  private readonly running = new Map<string, Promise<Image | null>>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly images: ImagesRepository,
    private readonly files: ImageFiles,
    private readonly access: OrderAccessService,
    private readonly jobs: PipelineJobsService,
    private readonly events: OrderEventsWriter,
    private readonly views: ImageViews,
    private readonly authors: VersionAuthors,
    private readonly versions: VersionRecorder,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Who uploaded: the caller, or for a file the sweeper found, the account that asked for the upload. */
  private author(image: Image, actor: Actor | null): Promise<VersionAuthor | null> {
    if (actor && !OrderAccessService.isSystem(actor)) return this.authors.of(actor);
    return image.createdBy ? this.authors.account(image.createdBy, actor?.requestId ?? currentRequestId()) : Promise.resolve(null);
  }

  /**
   * `POST /images/upload-complete`: the client says the file is posted. Answers the image
   * once accepted; 400 with the reason when the file was refused; 409 when nothing arrived.
   */
  async uploadComplete(actor: Actor, body: UploadCompleteBody): Promise<ImageView> {
    const image = await this.images.findById(this.ds.manager, body.imageId);
    if (!image) throw RpcError.notFound(NOT_FOUND);
    const order = await this.access.readFor(actor, image.orderId, NOT_FOUND, true);
    const done = (await this.complete(image.id, actor)) ?? image;
    if (done.optimisationStatus === 'upload-rejected') throw RpcError.badRequest(done.failureReason ?? IMAGE_MESSAGES.notAnImage);
    if (done.optimisationStatus === 'awaiting-upload') throw new RpcError(409, IMAGE_MESSAGES.notUploaded);
    return this.views.view(actor, done, order);
  }

  /**
   * Checks an awaited upload and accepts or refuses it. Safe to call any number of times,
   * from any replica: only the first acceptance queues a job. Returns the image as it ends
   * up (still awaiting when the file has not arrived).
   *
   * A file that is not whole (cut off) is refused with that reason when a client says it is
   * posted; the sweeper (no actor) takes it as not arrived yet while the upload link lives (a
   * post may still replace it) and refuses it at its `lastCheck`, once the link has expired.
   */
  complete(imageId: string, actor: Actor | null, opts: { lastCheck?: boolean } = {}): Promise<Image | null> {
    const running = this.running.get(imageId);
    if (running) return running;
    const work = this.doComplete(imageId, actor, actor !== null || opts.lastCheck === true).finally(() => this.running.delete(imageId));
    this.running.set(imageId, work);
    return work;
  }

  /** An upload whose link expired with nothing posted: refused, so the position can be uploaded again. */
  async expire(imageId: string): Promise<void> {
    const image = await this.images.findById(this.ds.manager, imageId);
    if (!image || image.optimisationStatus !== 'awaiting-upload') return;
    await this.refuse(image, IMAGE_MESSAGES.uploadExpired);
  }

  private async doComplete(imageId: string, actor: Actor | null, incompleteIsFinal: boolean): Promise<Image | null> {
    const image = await this.images.findById(this.ds.manager, imageId);
    if (!image || image.optimisationStatus !== 'awaiting-upload' || !image.uploadKey) return image;
    let picture: VerifiedPicture;
    try {
      picture = await this.files.verifyPicture(image.uploadKey, { incompleteIsFinal });
    } catch (err) {
      if (err instanceof PictureMissingError) return image;
      if (err instanceof PictureRejectedError) return this.refuse(image, err.message);
      throw err;
    }
    const author = await this.author(image, actor);
    if (image.mediaOrigin === 'optimized') return this.acceptFinished(image, picture, actor, author);
    let prepared: PreparedJob;
    try {
      prepared = await this.jobs.prepare(image);
    } catch (err) {
      if (err instanceof StyleGuideGoneError) return this.acceptUnprocessable(image, picture, err.message);
      throw err;
    }
    const uploadKey = image.uploadKey;
    const { originalKey, sharedOriginalKey } = await this.files.keepOriginal(image.orderId, image.id, picture);
    const originalVersion = await this.originalThumbnail(image, picture);
    await faultPoint('images.upload-checked', { imageId });
    const accepted = await this.whileAwaited(imageId, async (m, current) => {
      current.optimisationStatus = 'queued';
      current.failureReason = null;
      current.originalKey = originalKey;
      current.sharedOriginalKey = sharedOriginalKey;
      current.contentType = picture.mime;
      current.width = picture.width;
      current.height = picture.height;
      current.fileSize = picture.size;
      current.types = ['original'];
      current.uploadedAt = new Date();
      current.latestJobId = await this.jobs.queue(m, { ...current, originalKey }, prepared);
      await this.images.save(m, current);
      await this.versions.original(m, current, current.source === 'insert' ? 'insert' : 'upload', author, originalVersion);
      if (current.source === 'insert') {
        await this.events.timeline(m, current.orderId, 'QA_UPLOADED_PICTURE', userOf(actor) ?? current.createdBy, {
          imageId: current.id,
          position: current.position,
          mediaOrigin: current.mediaOrigin,
        });
      }
      await this.events.progress(m, current.orderId);
    });
    await this.files.dropUpload(uploadKey);
    return accepted;
  }

  /**
   * The id of the original's version and its thumbnail (the history shows it; the original
   * itself may be 8 MB). The thumbnail only decorates the history: when it cannot be made the
   * version has none.
   */
  private async originalThumbnail(image: Image, picture: VerifiedPicture): Promise<{ id: string; thumbKey: string | null }> {
    const id = randomUUID();
    const key = ObjectKeys.imageVersion(image.orderId, image.id, id, 'thumb');
    try {
      await this.files.writeThumbnail(picture.bytes, key);
      return { id, thumbKey: key };
    } catch (err) {
      this.logger.warn({ err, imageId: image.id }, "could not make the thumbnail of an original's version");
      return { id, thumbKey: null };
    }
  }

  /** A finished picture QA inserted: shown as it is, counted as processed. */
  private async acceptFinished(image: Image, picture: VerifiedPicture, actor: Actor | null, author: VersionAuthor | null): Promise<Image | null> {
    const keys = pipelineOutputKeys(image.orderId, image.id);
    const finished = await this.files.finishPicture(picture, keys.optimized, keys.thumb, QA_EDIT_DISCLOSURE, keys.listThumb ?? null);
    const accepted = await this.whileAwaited(image.id, async (m, current) => {
      Object.assign(current, {
        optimisationStatus: 'completed',
        failureReason: null,
        contentType: picture.mime,
        optimizedKey: keys.optimized,
        thumbKey: keys.thumb,
        listThumbKey: keys.listThumb ?? null,
        uploadKey: null,
        width: finished.width,
        height: finished.height,
        fileSize: finished.fileSize,
        types: ['optimized'],
        uploadedAt: new Date(),
        processedAt: new Date(),
      } satisfies Partial<Image>);
      await this.images.save(m, current);
      await this.versions.finished(m, current, 'insert', author);
      await this.events.timeline(m, current.orderId, 'QA_UPLOADED_PICTURE', userOf(actor) ?? current.createdBy, {
        imageId: current.id,
        position: current.position,
        mediaOrigin: current.mediaOrigin,
      });
      await this.events.progress(m, current.orderId);
    });
    await this.files.dropUpload(image.uploadKey);
    return accepted;
  }

  /** Accepted, but its style guide is gone: it counts as processed, with the reason, for QA. */
  private async acceptUnprocessable(image: Image, picture: VerifiedPicture, reason: string): Promise<Image | null> {
    const { originalKey, sharedOriginalKey } = await this.files.keepOriginal(image.orderId, image.id, picture);
    const accepted = await this.whileAwaited(image.id, async (m, current) => {
      Object.assign(current, {
        optimisationStatus: 'rejected',
        failureReason: reason,
        originalKey,
        sharedOriginalKey,
        contentType: picture.mime,
        width: picture.width,
        height: picture.height,
        fileSize: picture.size,
        types: ['original'],
        uploadedAt: new Date(),
        processedAt: new Date(),
      } satisfies Partial<Image>);
      await this.images.save(m, current);
      await this.events.timeline(m, current.orderId, 'PIPELINE_ERROR', null, { imageId: current.id, position: current.position, reason });
      await this.events.progress(m, current.orderId);
    });
    await this.files.dropUpload(image.uploadKey);
    return accepted;
  }

  /** The file failed the check: the image is marked with the reason and the file removed. */
  private async refuse(image: Image, reason: string): Promise<Image | null> {
    const refused = await this.whileAwaited(image.id, async (m, current) => {
      current.optimisationStatus = 'upload-rejected';
      current.failureReason = reason;
      await this.images.save(m, current);
      await this.events.timeline(m, current.orderId, 'IMAGE_REJECTED', null, { imageId: current.id, position: current.position, reason });
    });
    if (refused?.optimisationStatus === 'upload-rejected' && image.uploadKey) {
      await this.files.delete(image.uploadKey).catch((err: unknown) => this.logger.warn({ err, key: image.uploadKey }, 'could not remove a refused upload'));
    }
    return refused;
  }

  /**
   * Runs `change` in one transaction on the image, locked, if it still awaits its upload: an
   * upload that another call or replica settled first is left as it is, so it is accepted or
   * refused once. Answers the image as it ends up (null when it is gone).
   */
  private whileAwaited(imageId: string, change: (m: EntityManager, current: Image) => Promise<void>): Promise<Image | null> {
    return inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, imageId);
      if (!current || current.optimisationStatus !== 'awaiting-upload') return current;
      await change(m, current);
      return current;
    });
  }
}

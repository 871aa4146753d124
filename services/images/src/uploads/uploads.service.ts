import {
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  ORDER_IMAGES_MAX,
  pipelineOutputKeys,
  RpcError,
  UPLOAD_URL_TTL_SECONDS,
  type Actor,
  type ImageContentType,
  type ImageIdPayload,
  type ImageView,
  type InsertImageBody,
  type MediaOrigin,
  type OrderAccess,
  type ReplaceImagePayload,
  type SignedUploadBody,
  type SignedUploadResult,
  type UploadCompleteBody,
} from '@app/contracts';
import { faultPoint } from '@app/config';
import { inTransaction, isUniqueViolation, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { REPLACEABLE_STATUSES, UPLOADED_STATUSES, type Image, type ImageSource } from '../images/image.entity';
import {
  extensionOf,
  ImageFiles,
  PictureMissingError,
  PictureRejectedError,
  type VerifiedPicture,
} from '../images/image-files';
import { ImageViews } from '../images/image-views';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import { PipelineJobsService, StyleGuideGoneError, type PreparedJob } from '../pipeline-results/pipeline-jobs.service';

interface SlotSpec {
  position: number;
  source: ImageSource;
  mediaOrigin: MediaOrigin;
  contentType: ImageContentType;
  declaredWidth: number | null;
  declaredHeight: number | null;
  declaredSize: number | null;
  sensorData: Record<string, unknown> | null;
  expectedAngle: string | null;
}

const NOT_FOUND = IMAGE_MESSAGES.notFound;

/**
 * Uploads of pictures straight to S3: the image row and its presigned POST, the server's
 * check of what arrived (asked by the client, or found by the sweeper), and on acceptance,
 * in one transaction, the image queued, its pipeline job and the order's progress. Also
 * QA's inserted pictures and the replace-image flow.
 */
@Injectable()
export class UploadsService {
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
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  // ---------------------------------------------------------------------------------------
  // starting an upload

  /** `POST /images/get-signed-url-for-upload`: the creator's picture for one position. */
  async signedUpload(actor: Actor, body: SignedUploadBody): Promise<SignedUploadResult> {
    const order = await this.access.write(actor, body.order);
    if (!OrderAccessService.isStaff(actor) && order.status !== 'Uploading') throw new RpcError(409, IMAGE_MESSAGES.orderNotUploading);
    const guide = await this.guideOrConflict(order.styleGuideId);
    const configured = guide.positions.find((p) => p.position === body.position);
    // a guide without configurations takes free-form uploads at any position
    if (guide.positions.length && !configured) throw RpcError.badRequest(IMAGE_MESSAGES.positionUnknown(body.position));
    return this.createSlot(actor, order, {
      position: body.position,
      source: 'upload',
      mediaOrigin: 'original',
      contentType: body.contentType ?? 'image/jpeg',
      declaredWidth: body.width,
      declaredHeight: body.height,
      declaredSize: body.fileSize,
      sensorData: body.sensorData ?? null,
      expectedAngle: configured?.angleName ?? null,
    });
  }

  /** `POST /images/insert-image-on-order` (admin, QA): a picture added to any order at any position. */
  async insert(actor: Actor, body: InsertImageBody): Promise<SignedUploadResult> {
    OrderAccessService.assertStaff(actor);
    const order = await this.access.write(actor, body.order);
    const guide = await this.guideOrConflict(order.styleGuideId);
    return this.createSlot(actor, order, {
      position: body.position,
      source: 'insert',
      mediaOrigin: body.mediaOrigin,
      contentType: body.contentType ?? 'image/jpeg',
      declaredWidth: null,
      declaredHeight: null,
      declaredSize: body.fileSize ?? null,
      sensorData: null,
      expectedAngle: guide.positions.find((p) => p.position === body.position)?.angleName ?? null,
    });
  }

  private async guideOrConflict(styleGuideId: string) {
    try {
      return await this.jobs.guideSettings(styleGuideId);
    } catch (err) {
      if (err instanceof StyleGuideGoneError) throw new RpcError(409, err.message);
      throw err;
    }
  }

  /**
   * The image row and its presigned POST. A position whose picture is still awaited or was
   * refused is taken over by the new row (the old row and file go); an accepted picture
   * keeps its position (409).
   */
  private async createSlot(actor: Actor, order: OrderAccess, spec: SlotSpec): Promise<SignedUploadResult> {
    const id = randomUUID();
    // the grant names a one-time staging key; the checked picture is kept under a final key
    // (the original, or the optimized one for a finished picture) that no grant names
    const uploadKey = ObjectKeys.imageUpload(order.id, id, randomUUID(), extensionOf(spec.contentType));
    let replaced: Image | null = null;
    try {
      await inTransaction(this.ds, async (m) => {
        replaced = null;
        await this.events.lock(m, order.id);
        const existing = await this.images.lockAtPosition(m, order.id, spec.position);
        if (existing) {
          if (!REPLACEABLE_STATUSES.includes(existing.optimisationStatus)) throw new RpcError(409, IMAGE_MESSAGES.positionTaken(spec.position));
          await this.images.delete(m, existing.id);
          replaced = existing;
        }
        const count = await this.images.countOfOrder(m, order.id);
        if (count >= ORDER_IMAGES_MAX) throw new RpcError(409, IMAGE_MESSAGES.tooManyImages(ORDER_IMAGES_MAX));
        await this.images.insert(m, {
            id,
            orderId: order.id,
            accountId: order.accountId,
            styleGuideId: order.styleGuideId,
            position: spec.position,
            source: spec.source,
            mediaOrigin: spec.mediaOrigin,
            optimisationStatus: 'awaiting-upload',
            failureReason: null,
            approved: false,
            needsEdition: false,
            optimisedVia: null,
            types: [],
            contentType: spec.contentType,
            uploadKey,
            originalKey: null,
            optimizedKey: null,
            thumbKey: null,
            replacementKey: null,
            replacementContentType: null,
            replacementExpiresAt: null,
            declaredWidth: spec.declaredWidth,
            declaredHeight: spec.declaredHeight,
            declaredSize: spec.declaredSize,
            width: null,
            height: null,
            fileSize: null,
            sensorData: spec.sensorData,
            expectedAngle: spec.expectedAngle,
            detectedAngle: null,
            latestJobId: null,
            createdBy: userOf(actor),
            uploadExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
            uploadCheckedAt: null,
            uploadedAt: null,
            processedAt: null,
        });
        await this.events.progress(m, order.id);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new RpcError(409, IMAGE_MESSAGES.positionTaken(spec.position));
      throw err;
    }
    const old = replaced as Image | null;
    if (old) this.removeFiles(old);
    const post = await this.files.presignedPost(uploadKey, spec.contentType, IMAGE_UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS);
    return { url: post.url, fields: JSON.stringify(post.fields), imageId: id, expiresAt: post.expiresAt };
  }

  // ---------------------------------------------------------------------------------------
  // completing an upload

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
   */
  complete(imageId: string, actor: Actor | null): Promise<Image | null> {
    const running = this.running.get(imageId);
    if (running) return running;
    const work = this.doComplete(imageId, actor).finally(() => this.running.delete(imageId));
    this.running.set(imageId, work);
    return work;
  }

  private async doComplete(imageId: string, actor: Actor | null): Promise<Image | null> {
    const image = await this.images.findById(this.ds.manager, imageId);
    if (!image || image.optimisationStatus !== 'awaiting-upload' || !image.uploadKey) return image;
    let picture: VerifiedPicture;
    try {
      picture = await this.files.verifyPicture(image.uploadKey);
    } catch (err) {
      if (err instanceof PictureMissingError) return image;
      if (err instanceof PictureRejectedError) return this.refuse(image, err.message);
      throw err;
    }
    if (image.mediaOrigin === 'optimized') return this.acceptFinished(image, picture, actor);
    let prepared: PreparedJob;
    try {
      prepared = await this.jobs.prepare(image);
    } catch (err) {
      if (err instanceof StyleGuideGoneError) return this.acceptUnprocessable(image, picture, err.message);
      throw err;
    }
    const uploadKey = image.uploadKey;
    const originalKey = await this.files.keepOriginal(image.orderId, image.id, picture);
    await faultPoint('images.upload-checked', { imageId });
    const accepted = await this.whileAwaited(imageId, async (m, current) => {
      current.optimisationStatus = 'queued';
      current.failureReason = null;
      current.originalKey = originalKey;
      current.contentType = picture.mime;
      current.width = picture.width;
      current.height = picture.height;
      current.fileSize = picture.size;
      current.types = ['original'];
      current.uploadedAt = new Date();
      current.latestJobId = await this.jobs.queue(m, { ...current, originalKey }, prepared);
      await this.images.save(m, current);
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

  /** A finished picture QA inserted: shown as it is, counted as processed. */
  private async acceptFinished(image: Image, picture: VerifiedPicture, actor: Actor | null): Promise<Image | null> {
    const keys = pipelineOutputKeys(image.orderId, image.id);
    const finished = await this.files.finishPicture(picture, keys.optimized, keys.thumb);
    const accepted = await this.whileAwaited(image.id, async (m, current) => {
      Object.assign(current, {
        optimisationStatus: 'completed',
        failureReason: null,
        contentType: picture.mime,
        optimizedKey: keys.optimized,
        thumbKey: keys.thumb,
        uploadKey: null,
        width: finished.width,
        height: finished.height,
        fileSize: finished.fileSize,
        types: ['optimized'],
        uploadedAt: new Date(),
        processedAt: new Date(),
      } satisfies Partial<Image>);
      await this.images.save(m, current);
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
    const originalKey = await this.files.keepOriginal(image.orderId, image.id, picture);
    const accepted = await this.whileAwaited(image.id, async (m, current) => {
      Object.assign(current, {
        optimisationStatus: 'rejected',
        failureReason: reason,
        originalKey,
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

  /** An upload whose link expired with nothing posted: refused, so the position can be uploaded again. */
  async expire(imageId: string): Promise<void> {
    const image = await this.images.findById(this.ds.manager, imageId);
    if (!image || image.optimisationStatus !== 'awaiting-upload') return;
    await this.refuse(image, IMAGE_MESSAGES.uploadExpired);
  }

  // ---------------------------------------------------------------------------------------
  // the replace-image flow (admin, QA)

  /** `POST /images/replace-image/{id}`: a presigned POST for a finished picture that will replace the optimized one. */
  async replaceUpload(actor: Actor, p: ReplaceImagePayload): Promise<SignedUploadResult> {
    OrderAccessService.assertStaff(actor);
    const image = await this.images.findById(this.ds.manager, p.id);
    if (!image) throw RpcError.notFound(NOT_FOUND);
    await this.access.readFor(actor, image.orderId, NOT_FOUND, true);
    if (!UPLOADED_STATUSES.includes(image.optimisationStatus)) throw new RpcError(409, IMAGE_MESSAGES.notUploaded);
    const contentType = p.contentType ?? 'image/jpeg';
    // a one-time staging key; the checked picture becomes the optimized one, which no grant names
    const key = ObjectKeys.imageUpload(image.orderId, image.id, randomUUID(), extensionOf(contentType));
    // a grant asked for before is forgotten here; its staging key is removed once that grant has expired
    await this.images.update(this.ds.manager, image.id, {
      replacementKey: key,
      replacementContentType: contentType,
      replacementExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
    });
    const post = await this.files.presignedPost(key, contentType, IMAGE_UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS);
    return { url: post.url, fields: JSON.stringify(post.fields), imageId: image.id, expiresAt: post.expiresAt };
  }

  /**
   * `POST /images/replace-image/{id}/complete`: the new picture is checked, becomes the
   * optimized one with a new thumbnail, and the image counts as processed; a pipeline result
   * still in flight for it is ignored from now on.
   */
  async replaceComplete(actor: Actor, p: ImageIdPayload): Promise<ImageView> {
    OrderAccessService.assertStaff(actor);
    const image = await this.images.findById(this.ds.manager, p.id);
    if (!image) throw RpcError.notFound(NOT_FOUND);
    const order = await this.access.readFor(actor, image.orderId, NOT_FOUND, true);
    const staging = image.replacementKey;
    if (!staging) throw new RpcError(409, IMAGE_MESSAGES.noReplacement);
    let picture: VerifiedPicture;
    try {
      picture = await this.files.verifyPicture(staging);
    } catch (err) {
      if (err instanceof PictureMissingError) throw new RpcError(409, IMAGE_MESSAGES.notUploaded);
      if (err instanceof PictureRejectedError) {
        await this.images.update(this.ds.manager, image.id, { replacementKey: null, replacementContentType: null, replacementExpiresAt: null });
        await this.files.delete(staging).catch(() => undefined);
        throw RpcError.badRequest(err.message);
      }
      throw err;
    }
    const keys = pipelineOutputKeys(image.orderId, image.id);
    const finished = await this.files.finishPicture(picture, keys.optimized, keys.thumb);
    const saved = await inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, image.id);
      if (!current) throw RpcError.notFound(NOT_FOUND);
      Object.assign(current, {
        optimisationStatus: 'completed',
        failureReason: null,
        needsEdition: false,
        optimizedKey: keys.optimized,
        thumbKey: keys.thumb,
        replacementKey: null,
        replacementContentType: null,
        replacementExpiresAt: null,
        width: finished.width,
        height: finished.height,
        fileSize: finished.fileSize,
        types: [...new Set([...current.types.filter((t) => t !== 'original'), 'optimized'])] as Image['types'],
        latestJobId: null,
        processedAt: new Date(),
      } satisfies Partial<Image>);
      await this.images.save(m, current);
      await this.events.timeline(m, current.orderId, 'QA_UPLOADED_PICTURE', userOf(actor), {
        imageId: current.id,
        position: current.position,
        replaced: true,
      });
      await this.events.progress(m, current.orderId);
      return current;
    });
    await this.files.dropUpload(staging);
    return this.views.view(actor, saved, order);
  }

  private removeFiles(image: Image): void {
    this.files
      .deleteImageFiles(image.orderId, image.id)
      .catch((err: unknown) => this.logger.warn({ err, imageId: image.id }, 'could not remove the files of a replaced upload'));
  }
}

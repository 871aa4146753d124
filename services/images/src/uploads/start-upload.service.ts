import {
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  ORDER_IMAGES_MAX,
  RpcError,
  UPLOAD_URL_TTL_SECONDS,
  type Actor,
  type ImageContentType,
  type InsertImageBody,
  type MediaOrigin,
  type OrderAccess,
  type SignedUploadBody,
  type SignedUploadResult,
} from '@app/contracts';
import { inTransaction, isUniqueViolation, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { REPLACEABLE_STATUSES, type Image, type ImageSource } from '../images/image.entity';
import { extensionOf, ImageFiles } from '../images/image-files';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import { PipelineJobsService, StyleGuideGoneError } from '../pipeline-results/pipeline-jobs.service';

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

/**
 * Starting an upload of a picture straight to S3: the image row at its position and the
 * presigned POST to a one-time staging key, for the creator's pictures and QA's inserted
 * ones. The file is checked when the upload completes (`CompleteUploadService`).
 */
@Injectable()
export class StartUploadService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly images: ImagesRepository,
    private readonly files: ImageFiles,
    private readonly access: OrderAccessService,
    private readonly jobs: PipelineJobsService,
    private readonly events: OrderEventsWriter,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** `POST /images/get-signed-url-for-upload`: the creator's picture for one position. */
  async signedUpload(actor: Actor, body: SignedUploadBody): Promise<SignedUploadResult> {
    const order = await this.access.write(actor, body.order);
    if (!OrderAccessService.addsToClosedOrders(actor) && order.status !== 'Uploading') throw new RpcError(409, IMAGE_MESSAGES.orderNotUploading);
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

  private removeFiles(image: Image): void {
    this.files
      .deleteImageFiles(image.orderId, image.id)
      .catch((err: unknown) => this.logger.warn({ err, imageId: image.id }, 'could not remove the files of a replaced upload'));
  }
}

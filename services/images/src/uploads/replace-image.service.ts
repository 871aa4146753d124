import {
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  pipelineOutputKeys,
  RpcError,
  UPLOAD_URL_TTL_SECONDS,
  type Actor,
  type ImageIdPayload,
  type ImageView,
  type ReplaceImagePayload,
  type SignedUploadResult,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { UPLOADED_STATUSES, type Image } from '../images/image.entity';
import { extensionOf, ImageFiles, PictureMissingError, PictureRejectedError, QA_EDIT_DISCLOSURE, type VerifiedPicture } from '../images/image-files';
import { ImageViews } from '../images/image-views';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import { VersionAuthors } from '../versions/version-authors';
import { VersionRecorder } from '../versions/version-recorder';

const NOT_FOUND = IMAGE_MESSAGES.notFound;

/**
 * The replace-image flow (admin, QA): a presigned POST for a finished picture, then its check;
 * it becomes the optimized picture with a new thumbnail.
 */
@Injectable()
export class ReplaceImageService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly images: ImagesRepository,
    private readonly files: ImageFiles,
    private readonly access: OrderAccessService,
    private readonly events: OrderEventsWriter,
    private readonly views: ImageViews,
    private readonly authors: VersionAuthors,
    private readonly versions: VersionRecorder,
  ) {}

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
    const author = await this.authors.of(actor);
    const finished = await this.files.finishPicture(picture, keys.optimized, keys.thumb, QA_EDIT_DISCLOSURE, keys.listThumb ?? null);
    const saved = await inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, image.id);
      if (!current) throw RpcError.notFound(NOT_FOUND);
      Object.assign(current, {
        optimisationStatus: 'completed',
        failureReason: null,
        needsEdition: false,
        optimizedKey: keys.optimized,
        thumbKey: keys.thumb,
        listThumbKey: keys.listThumb ?? null,
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
      await this.versions.finished(m, current, 'replacement', author);
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
}

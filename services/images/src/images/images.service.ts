import {
  IMAGE_MESSAGES,
  RpcError,
  type Actor,
  type DeleteImagesBody,
  type ImageApprovalPayload,
  type ImageIdBody,
  type ImageView,
} from '@app/contracts';
import { inTransaction, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { PipelineJobsService, StyleGuideGoneError } from '../pipeline-results/pipeline-jobs.service';
import { UPLOADED_STATUSES, type Image } from './image.entity';
import { ImageFiles } from './image-files';
import { ImagesRepository } from './images.repository';
import { ImageViews } from './image-views';
import { OrderEventsWriter, userOf } from './order-events.writer';
import { VersionAuthors } from '../versions/version-authors';

const NOT_FOUND = IMAGE_MESSAGES.notFound;
/** another repush of the same picture got there first (two clicks, two editors) */
const JUST_REQUEUED = 'This picture has just been sent to processing again';

/** Reading images, QA's approval, deleting and processing again. */
@Injectable()
export class ImagesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly images: ImagesRepository,
    private readonly access: OrderAccessService,
    private readonly views: ImageViews,
    private readonly files: ImageFiles,
    private readonly events: OrderEventsWriter,
    private readonly jobs: PipelineJobsService,
    private readonly authors: VersionAuthors,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  private async find(id: string): Promise<Image> {
    const image = await this.images.findById(this.ds.manager, id);
    if (!image) throw RpcError.notFound(NOT_FOUND);
    return image;
  }

  /** `GET /images/data/{id}` */
  async get(actor: Actor, id: string): Promise<ImageView> {
    const image = await this.find(id);
    const order = await this.access.readFor(actor, image.orderId, NOT_FOUND);
    return this.views.view(actor, image, order);
  }

  /** `GET /images/order/{id}`: every image of the order by position, with short-lived links. */
  async ofOrder(actor: Actor, orderId: string): Promise<ImageView[]> {
    // the rows are read while the orders service answers; they are used only if it says yes
    const [order, images] = await Promise.all([
      this.access.read(actor, orderId),
      this.images.ofOrder(this.ds.manager, orderId),
    ]);
    return this.views.views(actor, images, order);
  }

  /**
   * QA's verdict on one image: approved, or declined (marked as needing edition). Only a
   * processed picture can be approved; any accepted one can be sent to edition.
   */
  async approval(actor: Actor, p: ImageApprovalPayload): Promise<ImageView> {
    OrderAccessService.assertStaff(actor);
    const image = await this.find(p.id);
    const order = await this.access.readFor(actor, image.orderId, NOT_FOUND, true);
    if (!UPLOADED_STATUSES.includes(image.optimisationStatus)) throw new RpcError(409, IMAGE_MESSAGES.notUploaded);
    if (p.approved && image.optimisationStatus !== 'completed') throw new RpcError(409, IMAGE_MESSAGES.notProcessed);
    const saved = await inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, image.id);
      if (!current) throw RpcError.notFound(NOT_FOUND);
      // the same verdict again (two clicks, two editors at once) changes nothing and writes no line
      if (current.approved === p.approved && current.needsEdition === !p.approved) return current;
      current.approved = p.approved;
      current.needsEdition = !p.approved;
      await this.images.save(m, current);
      await this.events.timeline(m, current.orderId, p.approved ? 'IMAGE_APPROVED' : 'IMAGE_DECLINED', userOf(actor), {
        imageId: current.id,
        position: current.position,
      });
      return current;
    });
    return this.views.view(actor, saved, order);
  }

  /** `DELETE /images/`: the images and their files; DELETED on each order's timeline. */
  async delete(actor: Actor, body: DeleteImagesBody): Promise<{ deleted: number }> {
    OrderAccessService.assertStaff(actor);
    const ids = [...new Set(body.ids)];
    const images = await this.images.byIds(this.ds.manager, ids);
    if (images.length !== ids.length) throw RpcError.notFound(NOT_FOUND);
    const byOrder = new Map<string, Image[]>();
    for (const image of images) byOrder.set(image.orderId, [...(byOrder.get(image.orderId) ?? []), image]);
    for (const orderId of byOrder.keys()) await this.access.readFor(actor, orderId, NOT_FOUND, true);
    const deleted = await inTransaction(this.ds, async (m) => {
      let n = 0;
      for (const [orderId, list] of byOrder) {
        const removed = await this.images.deleteByIds(m, list.map((i) => i.id));
        // a delete of the same images at the same moment got there first: nothing changes (404)
        if (removed !== list.length) throw RpcError.notFound(NOT_FOUND);
        n += removed;
        await this.events.timeline(m, orderId, 'DELETED', userOf(actor), {
          imageIds: list.map((i) => i.id),
          positions: list.map((i) => i.position).sort((a, b) => a - b),
        });
        await this.events.progress(m, orderId);
      }
      return n;
    });
    for (const image of images) {
      await this.files
        .deleteImageFiles(image.orderId, image.id)
        .catch((err: unknown) => this.logger.warn({ err, imageId: image.id }, 'could not remove the files of a deleted image'));
    }
    return { deleted };
  }

  /** A repush (`POST /images/invoke-image-optimization`): the original goes through the pipeline again (a new job). */
  async repush(actor: Actor, body: ImageIdBody): Promise<ImageView> {
    OrderAccessService.assertStaff(actor);
    const image = await this.find(body.imageId);
    const order = await this.access.readFor(actor, image.orderId, NOT_FOUND, true);
    if (!UPLOADED_STATUSES.includes(image.optimisationStatus)) throw new RpcError(409, IMAGE_MESSAGES.notUploaded);
    if (!image.originalKey) throw new RpcError(409, IMAGE_MESSAGES.noOriginal);
    let prepared;
    const author = await this.authors.of(actor);
    try {
      prepared = await this.jobs.prepare(image);
    } catch (err) {
      if (err instanceof StyleGuideGoneError) throw new RpcError(409, err.message);
      throw err;
    }
    const saved = await inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, image.id);
      if (!current || !current.originalKey) throw RpcError.notFound(NOT_FOUND);
      // queued again since it was read: that request won, this one would only queue a duplicate
      if (current.latestJobId !== image.latestJobId) throw new RpcError(409, JUST_REQUEUED);
      current.optimisationStatus = 'queued';
      current.failureReason = null;
      current.latestJobId = await this.jobs.queue(m, { ...current, originalKey: current.originalKey }, prepared, {
        version: { kind: 'pipeline', reason: 'repush', author },
      });
      await this.images.save(m, current);
      await this.events.timeline(m, current.orderId, 'IMAGE_REPUSHED', userOf(actor), {
        imageIds: [current.id],
        method: prepared.position.route,
        jobId: current.latestJobId,
      });
      await this.events.progress(m, current.orderId);
      return current;
    });
    return this.views.view(actor, saved, order);
  }
}

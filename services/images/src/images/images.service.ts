import {
  IMAGE_MESSAGES,
  INTERIOR_REPUSH_METHOD,
  RpcError,
  TagsRpc,
  type Actor,
  type DeclineReason,
  type DeleteImagesBody,
  type ImageApprovalPayload,
  type ImageIdBody,
  type ImageView,
  type TagView,
  plainPlate,
  type PipelineRepushSettings,
  type RepushBody,
} from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { inTransaction, MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { PipelineJobsService, StyleGuideGoneError, type JobOverrides, type PreparedJob } from '../pipeline-results/pipeline-jobs.service';
import { ReEditRequestsService } from '../re-edit-requests/re-edit-requests.service';
import { UPLOADED_STATUSES, type Image } from './image.entity';
import { ImageFiles } from './image-files';
import { ImagesRepository } from './images.repository';
import { ImageViews } from './image-views';
import { OrderEventsWriter, userOf } from './order-events.writer';
import { VersionAuthors } from '../versions/version-authors';
import { ImagesExportRepository } from '../statistics-export/images-export.repository';

const NOT_FOUND = IMAGE_MESSAGES.notFound;
const ZERO_MARGINS = { top: 0, right: 0, bottom: 0, left: 0 };

/** What a repush asks besides the pictures: nothing (the guide's settings), or the dialog's method, category and settings. */
type RepushChoice = ((prepared: PreparedJob) => JobOverrides) | null;

/** Every switch of the repush settings on Auto: what the pipeline does by default. */
const AUTO_SWITCHES = { crop: 'auto', forceLogo: 'auto', rotationFix: 'auto', yellowFix: 'auto', forceBackgroundRemoval: 'auto', numberPlates: 'auto' } as const;

/**
 * The job overrides of a repush request: the method and category; with settings, the six
 * switches, the colour, margins and horizon line. An interior picture always takes
 * ai_no_enh with zero margins on the colour given, else the guide's interior colour.
 * QA's number plates count with or without the settings: without them, the job's repush
 * settings are every switch on Auto and the plates.
 */
export function repushOverrides(body: RepushBody, prepared: PreparedJob): JobOverrides {
  const interior = body.imageCategory === 'interior';
  const overrides: JobOverrides = { route: interior ? INTERIOR_REPUSH_METHOD : body.method, category: body.imageCategory ?? 'exterior' };
  const plates = body.numberPlates ? { plates: body.numberPlates.map(plainPlate) } : {};
  if (!body.isImageRepushedWithSettings) return body.numberPlates ? { ...overrides, repush: { ...AUTO_SWITCHES, ...plates } } : overrides;
  const repush: PipelineRepushSettings = {
    crop: body.userControlCropEnabled ?? 'auto',
    forceLogo: body.userControlForceAddLogo ?? 'auto',
    rotationFix: body.userControlRotationFixEnabled ?? 'auto',
    yellowFix: body.userControlYellowFixEnabled ?? 'auto',
    forceBackgroundRemoval: body.userControlForceBGRemove ?? 'auto',
    numberPlates: body.userControlNumberPlates ?? 'auto',
    ...plates,
  };
  const colour = body.backgroundColor ?? (interior ? prepared.position.settings.interiorColor : undefined);
  if (colour) repush.backgroundColor = colour;
  const margins = interior ? ZERO_MARGINS : body.margins;
  if (margins) repush.margins = { top: margins.top, right: margins.right, bottom: margins.bottom, left: margins.left };
  if (body.horizonLineHeight !== undefined) repush.horizonLineHeight = body.horizonLineHeight;
  return { ...overrides, repush };
}

/** The views with the tags on each picture (`tags`, by image id; a picture without any has an empty list). */
function withTags(views: ImageView[], tags: Record<string, TagView[]>): ImageView[] {
  return views.map((v) => ({ ...v, tags: tags[v.id] ?? [] }));
}

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
    private readonly reEdits: ReEditRequestsService,
    private readonly host: MessagingHost,
    private readonly authors: VersionAuthors,
    private readonly statisticsHistory: ImagesExportRepository,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  private async find(id: string): Promise<Image> {
    const image = await this.images.findById(this.ds.manager, id);
    if (!image) throw RpcError.notFound(NOT_FOUND);
    return image;
  }

  /** `GET /images/data/{id}` */
  async get(actor: Actor, id: string): Promise<ImageView> {
    // the picture and its latest re-edit request in one statement, shown only if the orders service says yes
    const row = await this.images.viewRowById(this.ds.manager, id);
    if (!row) throw RpcError.notFound(NOT_FOUND);
    const [order, tags] = await Promise.all([this.access.readFor(actor, row.orderId, NOT_FOUND), this.tagsOfPictures(actor, row.orderId)]);
    return withTags(this.views.viewsOfRows(actor, [row], order), tags)[0];
  }

  /**
   * `GET /images/order/{id}`: every image of the order by position, with short-lived links.
   * The orders service decides who sees the order (and its state gives the labels); the rows,
   * pictures and latest re-edit requests in one statement, are read while it answers and
   * used only if it says yes.
   */
  async ofOrder(actor: Actor, orderId: string): Promise<ImageView[]> {
    // the tags only for admin and QA, who see every order: asked alongside, they tell nothing
    const [order, rows, tags] = await Promise.all([
      this.access.read(actor, orderId),
      this.images.viewRowsOfOrder(this.ds.manager, orderId),
      this.tagsOfPictures(actor, orderId),
    ]);
    return withTags(this.views.viewsOfRows(actor, rows, order), tags);
  }

  /** The tags on the order's pictures, by image id: admin and QA ask the orders service, which keeps them; nobody else sees image tags. */
  private async tagsOfPictures(actor: Actor, orderId: string): Promise<Record<string, TagView[]>> {
    if (!OrderAccessService.seesQaDetails(actor)) return {};
    return this.host.rpc.send(TagsRpc.ofOrderImages, { orderId }, actor);
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
    const reason = p.errorTagId ? await this.declineReason(actor, p.approved, p.errorTagId) : null;
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
        // the orders service puts this tag on the image as it writes the line; the statistics count declines by tag
        ...(reason ? { reason: { tagId: reason.tagId, name: reason.name }, tagId: reason.tagId, tagName: reason.name, tagCategory: reason.category } : {}),
      });
      // approved again: the picture's open re-edit request is done
      if (p.approved) await this.reEdits.closeOnApproval(m, current, actor);
      await this.events.progress(m, current.orderId);
      return current;
    });
    return this.views.view(actor, saved, order);
  }

  /** The reason of a decline: an IMAGE_ERROR tag made for images (400 otherwise). */
  private async declineReason(actor: Actor, approved: boolean, tagId: string): Promise<DeclineReason & { category: string }> {
    if (approved) throw RpcError.badRequest(IMAGE_MESSAGES.reasonOnlyWhenDeclined);
    let tag;
    try {
      tag = await this.host.rpc.send(TagsRpc.get, { id: tagId }, actor);
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) throw RpcError.badRequest(IMAGE_MESSAGES.reasonTagUnknown);
      throw err;
    }
    if (tag.category !== 'IMAGE_ERROR' || tag.entity !== 'image') throw RpcError.badRequest(IMAGE_MESSAGES.reasonTagNotImageError(tag.name));
    return { tagId: tag.id, name: tag.name, category: tag.category };
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
        // the statistics count deleted pictures' processing: their jobs stay for the export
        await this.statisticsHistory.keepProcessed(m, list[0].accountId, { imageIds: list.map((i) => i.id) });
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

  /** A repush (`POST /images/invoke-image-optimization`): the original goes through the pipeline again (a new job) with the guide's settings, or with another method (route). */
  async repush(actor: Actor, body: ImageIdBody): Promise<ImageView> {
    OrderAccessService.assertStaff(actor);
    const image = await this.find(body.imageId);
    // another method: the route only; the position's category and settings stay
    const method = body.method;
    const [view] = await this.repushOf(actor, image.orderId, [image.id], method ? () => ({ route: method }) : null);
    return view;
  }

  /** `POST /images/repush`: pictures of one order again, with the dialog's method, category and settings. */
  async repushWithSettings(actor: Actor, body: RepushBody): Promise<ImageView[]> {
    OrderAccessService.assertStaff(actor);
    return this.repushOf(actor, body.orderId, [...new Set(body.imageArray)], (prepared) => repushOverrides(body, prepared), body.styleGuideId);
  }

  /**
   * Both repushes: each picture (of `orderId`, else 404) gets a new job and `IMAGE_REPUSHED` on
   * the timeline, all in one transaction. The old optimized picture stays until the new one
   * replaces it. When another repush of one of them was queued between reading it and
   * queuing (two clicks at once), nothing is queued and the answer is 409.
   */
  private async repushOf(actor: Actor, orderId: string, ids: string[], choice: RepushChoice, styleGuideId?: string): Promise<ImageView[]> {
    const order = await this.access.readFor(actor, orderId, NOT_FOUND, true);
    const images = (await this.images.byIds(this.ds.manager, ids)).filter((i) => i.orderId === orderId);
    if (images.length !== ids.length) throw RpcError.notFound(NOT_FOUND);
    images.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
    for (const image of images) {
      if (!UPLOADED_STATUSES.includes(image.optimisationStatus)) throw new RpcError(409, IMAGE_MESSAGES.notUploaded);
      if (!image.originalKey) throw new RpcError(409, IMAGE_MESSAGES.noOriginal);
      if (styleGuideId && image.styleGuideId !== styleGuideId) throw RpcError.badRequest(IMAGE_MESSAGES.repushOtherGuide);
    }
    let prepared: PreparedJob[];
    const author = await this.authors.of(actor);
    try {
      prepared = await this.jobs.prepareMany(images);
    } catch (err) {
      if (err instanceof StyleGuideGoneError) throw new RpcError(409, err.message);
      throw err;
    }
    const saved = await inTransaction(this.ds, async (m) => {
      const out: Image[] = [];
      for (const [i, image] of images.entries()) {
        const current = await this.images.lockForUpdate(m, image.id);
        if (!current || !current.originalKey) throw RpcError.notFound(NOT_FOUND);
        // queued again since it was read: that request won, this one would only queue a duplicate
        if (current.latestJobId !== image.latestJobId) throw new RpcError(409, IMAGE_MESSAGES.justRequeued);
        const overrides = choice ? choice(prepared[i]) : {};
        current.optimisationStatus = 'queued';
        current.failureReason = null;
        current.latestJobId = await this.jobs.queue(m, { ...current, originalKey: current.originalKey }, prepared[i], {
          overrides,
          version: { kind: 'pipeline', reason: 'repush', author },
        });
        await this.images.save(m, current);
        await this.events.timeline(m, current.orderId, 'IMAGE_REPUSHED', userOf(actor), {
          imageId: current.id,
          imageIds: [current.id],
          position: current.position,
          method: overrides.route ?? prepared[i].position.route,
          category: overrides.category ?? prepared[i].position.category,
          jobId: current.latestJobId,
          settings: overrides.repush ?? null,
        });
        out.push(current);
      }
      await this.events.progress(m, orderId);
      return out;
    });
    return this.views.views(actor, saved, order);
  }
}

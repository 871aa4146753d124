import {
  APP_SETTING_NAMES,
  AppSettingsRpc,
  IMAGE_MESSAGES,
  RE_EDIT_DUE_HOURS_DEFAULT,
  RE_EDIT_MESSAGES,
  RpcError,
  systemActor,
  type Actor,
  type ReEditDeclinePayload,
  type ReEditRequestPayload,
  type ReEditRequestView,
} from '@app/contracts';
import { DisplayNames, inTransaction, MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import type { Image } from '../images/image.entity';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import type { ReEditRequest } from './re-edit-request.entity';
import { reEditView } from './re-edit-request-views';
import { ReEditRequestsRepository } from './re-edit-requests.repository';

const HOUR_MS = 3_600_000;

/** The hours of the app setting `RE_EDIT_DUE_HOURS`; the default when it is missing or not a positive number. */
export function dueHoursOf(value: string | undefined): number {
  const hours = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(hours) && hours > 0 ? hours : RE_EDIT_DUE_HOURS_DEFAULT;
}

/**
 * Re-edit requests. The order's owner account (a dealership, its signed-in sales person, or a
 * management account on its own orders) asks on a processed picture: the picture is marked as
 * needing edition and the request is due after `RE_EDIT_DUE_HOURS`. QA approving the picture
 * again closes it (`done`, `closeOnApproval`, whatever happened in between: a replacement, a
 * repush); QA may also decline it with an answer, which gives the picture back the approval it
 * had. Every change writes its timeline event and the order's progress in its transaction.
 */
@Injectable()
export class ReEditRequestsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly host: MessagingHost,
    private readonly images: ImagesRepository,
    private readonly requests: ReEditRequestsRepository,
    private readonly access: OrderAccessService,
    private readonly events: OrderEventsWriter,
    private readonly names: DisplayNames,
  ) {}

  /** `POST /images/{imageId}/re-edit-requests` */
  async create(actor: Actor, p: ReEditRequestPayload): Promise<ReEditRequestView> {
    OrderAccessService.assertAccount(actor);
    const image = await this.images.findById(this.ds.manager, p.imageId);
    if (!image) throw RpcError.notFound(IMAGE_MESSAGES.notFound);
    // another tenant's picture is 404; a child account's, which management only reads, 403
    await this.access.readFor(actor, image.orderId, IMAGE_MESSAGES.notFound, true);
    if (image.optimisationStatus !== 'completed') throw RpcError.conflict(RE_EDIT_MESSAGES.notProcessed);
    const [hours, name] = await Promise.all([this.dueHours(actor), this.nameOf(actor)]);
    const saved = await inTransaction(this.ds, async (m) => {
      const current = await this.images.lockForUpdate(m, image.id);
      if (!current) throw RpcError.notFound(IMAGE_MESSAGES.notFound);
      if (current.optimisationStatus !== 'completed') throw RpcError.conflict(RE_EDIT_MESSAGES.notProcessed);
      if (await this.requests.openOfImage(m, current.id)) throw RpcError.conflict(RE_EDIT_MESSAGES.alreadyOpen);
      const request = await this.requests.insert(m, {
        imageId: current.id,
        orderId: current.orderId,
        accountId: current.accountId,
        position: current.position,
        requestedByUserId: actor.userId ?? null,
        requestedBySalesPersonId: actor.salesPersonId ?? null,
        requestedByName: name,
        reason: p.reason,
        text: p.text ? p.text : null,
        state: 'open',
        priorApproved: current.approved,
        dueAt: new Date(Date.now() + hours * HOUR_MS),
      });
      current.approved = false;
      current.needsEdition = true;
      await this.images.save(m, current);
      await this.events.timeline(m, current.orderId, 'RE_EDIT_REQUESTED', userOf(actor), {
        imageId: current.id,
        position: current.position,
        reason: request.reason,
        text: request.text,
        dueAt: request.dueAt.toISOString(),
        requestId: request.id,
        requestedBy: name,
      });
      await this.events.progress(m, current.orderId);
      return request;
    });
    return reEditView(saved);
  }

  /** `POST /images/re-edit-requests/{id}/decline` (admin, QA): declined with QA's answer. */
  async decline(actor: Actor, p: ReEditDeclinePayload): Promise<ReEditRequestView> {
    OrderAccessService.assertStaff(actor);
    const request = await this.requests.findById(this.ds.manager, p.id);
    if (!request) throw RpcError.notFound(RE_EDIT_MESSAGES.notFound);
    await this.access.readFor(actor, request.orderId, RE_EDIT_MESSAGES.notFound, true);
    const saved = await inTransaction(this.ds, async (m) => {
      // the picture first, as every change of a picture locks it (an approval at the same moment)
      const image = await this.images.lockForUpdate(m, request.imageId);
      const current = await this.requests.lockForUpdate(m, request.id);
      if (!image || !current) throw RpcError.notFound(RE_EDIT_MESSAGES.notFound);
      if (current.state !== 'open') throw RpcError.conflict(RE_EDIT_MESSAGES.notOpen);
      current.state = 'declined';
      current.answer = p.text;
      current.answeredByUserId = userOf(actor);
      current.answeredAt = new Date();
      await this.requests.save(m, current);
      // the request marked the picture: declined, it is as QA left it before
      image.needsEdition = false;
      image.approved = current.priorApproved;
      await this.images.save(m, image);
      await this.answered(m, image, current, actor);
      return current;
    });
    return reEditView(saved);
  }

  /** `GET /images/re-edit-requests/order/{orderId}`: whoever sees the order; newest first. */
  async ofOrder(actor: Actor, orderId: string): Promise<ReEditRequestView[]> {
    await this.access.read(actor, orderId);
    const rows = await this.requests.ofOrder(this.ds.manager, orderId);
    const now = Date.now();
    return rows.map((r) => reEditView(r, now));
  }

  /**
   * QA approved the picture (in the caller's transaction, the picture locked): its open
   * request, if any, is done. The caller publishes the order's progress.
   */
  async closeOnApproval(m: EntityManager, image: Image, actor: Actor): Promise<void> {
    const open = await this.requests.openOfImage(m, image.id);
    if (!open) return;
    open.state = 'done';
    open.answeredByUserId = userOf(actor);
    open.answeredAt = new Date();
    await this.requests.save(m, open);
    await this.events.timeline(m, image.orderId, 'RE_EDIT_ANSWERED', userOf(actor), {
      imageId: image.id,
      position: image.position,
      requestId: open.id,
      state: open.state,
    });
  }

  private async answered(m: EntityManager, image: Image, request: ReEditRequest, actor: Actor): Promise<void> {
    await this.events.timeline(m, image.orderId, 'RE_EDIT_ANSWERED', userOf(actor), {
      imageId: image.id,
      position: image.position,
      requestId: request.id,
      state: request.state,
      answer: request.answer,
    });
    await this.events.progress(m, image.orderId);
  }

  /** The hours QA has for a request: the app setting `RE_EDIT_DUE_HOURS` (users service). */
  private async dueHours(actor: Actor): Promise<number> {
    const settings = await this.host.rpc.send(AppSettingsRpc.list, {}, systemActor(actor.requestId));
    return dueHoursOf(settings.find((s) => s.name === APP_SETTING_NAMES.reEditDueHours)?.value);
  }

  /** Who asks, by name: the signed-in sales person, else the account. */
  private async nameOf(actor: Actor): Promise<string | null> {
    try {
      return (await this.names.of(actor))?.displayName ?? null;
    } catch (err) {
      if (!DisplayNames.isUnknown(err)) throw err;
      return null;
    }
  }
}

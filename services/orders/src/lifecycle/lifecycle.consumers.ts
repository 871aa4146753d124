import { ImagesEvents, ORDERS_DURABLES, type ImageTimelineEvent, type OrderEventLine, type OrderImagesProgress } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventsRepository } from '../events/events.repository';
import { OrderTransitions } from '../orders/order-transitions';
import { OrdersRepository } from '../orders/orders.repository';
import { TagAssignmentsRepository } from '../tags/tag-assignments.repository';
import { QaTaskChanges } from '../qa-workspace/qa-task-changes';
import { TagsRepository } from '../tags/tags.repository';
import { ActorNames } from '../shared/actor-names';
import { lifecycleSteps, reEditStep } from './lifecycle.rules';

/**
 * The order lifecycle, driven by the images service:
 * - `ImagesEvents.orderProgress` (the order's image counts and its picture for lists, with a
 *   version): they are kept
 *   on the order (an older version than the one kept is ignored) and the order moves forward
 *   out of Uploading and In Progress (lifecycle.rules.ts), each step on the timeline and
 *   published as `OrdersEvents.statusChanged`; the QA counts are kept too, and a new re-edit
 *   request on a finished order sends it back to QA stage / Waiting For Edition, unassigned;
 * - `ImagesEvents.timeline`: what happened to an image, written on the order's timeline (an
 *   `IMAGE_DECLINED` with a reason also puts the reason's tag on the image).
 * Both are durable consumers: each message is applied once, in one transaction.
 */
@Injectable()
export class LifecycleConsumers implements OnModuleInit {
  constructor(
    private readonly messaging: MessagingHost,
    private readonly orders: OrdersRepository,
    private readonly events: EventsRepository,
    private readonly transitions: OrderTransitions,
    private readonly tags: TagAssignmentsRepository,
    private readonly tagList: TagsRepository,
    private readonly qaTasks: QaTaskChanges,
    private readonly names: ActorNames,
  ) {}

  onModuleInit(): void {
    this.messaging.on(ImagesEvents.orderProgress, ORDERS_DURABLES.imageProgress, (p, ctx) => this.onProgress(p, ctx));
    this.messaging.on(ImagesEvents.timeline, ORDERS_DURABLES.imageTimeline, (p, ctx) => this.onTimeline(p, ctx));
  }

  async onProgress(p: OrderImagesProgress, { manager: m }: MessageHandlerContext): Promise<void> {
    const o = await this.orders.findById(m, p.orderId, true);
    // a deleted order, or a copy older than what the order already shows
    if (!o || p.version <= o.progressVersion) return;
    o.progressVersion = p.version;
    o.imageCount = p.imageCount;
    o.uploadedImagesCount = p.uploadedCount;
    o.processedImagesCount = p.processedCount;
    o.failedImagesCount = p.failedCount;
    o.videoCount = p.videoCount;
    // absent in messages from before the picture travelled with the progress: kept as it is
    if (p.thumbnailKey !== undefined) o.thumbnailKey = p.thumbnailKey;
    if (p.pictureKey !== undefined) o.pictureKey = p.pictureKey;
    // absent in messages from before the ids travelled with the progress: kept as they are
    if (p.imageIds !== undefined) await this.orders.setImageIds(m, o.id, p.imageIds);
    const at = new Date(p.at);
    // a re-edit request on a finished order sends it back to QA, unassigned (before the count is kept)
    const reEdit = reEditStep(o, p);
    // QA counts: absent in messages from before they were published, kept as they are
    if (p.approvedCount !== undefined) o.approvedCount = p.approvedCount;
    if (p.needsEditionCount !== undefined) o.needsEditionCount = p.needsEditionCount;
    if (p.reEditOpenCount !== undefined) o.reEditOpenCount = p.reEditOpenCount;
    if (p.reEditDueAt !== undefined) o.reEditDueAt = p.reEditDueAt === null ? null : new Date(p.reEditDueAt);
    if (reEdit) {
      await this.qaTasks.close(m, o);
      await this.transitions.moveTo(m, o, reEdit, null, 'lifecycle', at);
    }
    for (const step of lifecycleSteps(o, p)) {
      await this.events.append(
        m,
        o,
        step.eventName,
        { uploadedCount: p.uploadedCount, processedCount: p.processedCount, failedCount: p.failedCount, takenImagesCount: o.takenImagesCount },
        null,
        at,
      );
      await this.transitions.moveTo(m, o, step.to, null, 'lifecycle', at);
    }
    await this.orders.save(m, o);
  }

  async onTimeline(p: ImageTimelineEvent, { manager: m }: MessageHandlerContext): Promise<void> {
    const o = await this.orders.findById(m, p.orderId);
    if (!o) return;
    // the message's check gave the payload its event's shape (`IsOrderEventPayload`)
    const line = { eventName: p.eventName, payload: p.payload } as OrderEventLine;
    // the images service reports who by id: the timeline shows the name, as on the orders' own events
    const userName = p.userName ?? (p.userId ? (await this.names.ofAccount(p.userId, `timeline-${p.orderId}`))?.displayName : undefined);
    const user = p.userId || userName ? { id: p.userId ?? null, displayName: userName ?? '' } : null;
    await this.events.append(m, o, line.eventName, line.payload, user, new Date(p.at));
    // images taken off the order lose their tags
    if (line.eventName === 'DELETED' && 'imageIds' in line.payload) await this.tags.deleteOfImages(m, line.payload.imageIds);
    // an image marked for edition with a reason carries the reason's tag (unless the tag was deleted since)
    if (line.eventName === 'IMAGE_DECLINED' && line.payload.reason) await this.tagDeclined(m, o, line.payload.imageId, line.payload.reason.tagId, p.userId ?? null);
  }

  private async tagDeclined(m: MessageHandlerContext['manager'], o: { id: string; accountId: string }, imageId: string, tagId: string, userId: string | null): Promise<void> {
    if (!(await this.tagList.findById(m, tagId))) return;
    await this.tags.assign(m, { entity: 'image', entityId: imageId, tagId, orderId: o.id, accountId: o.accountId, assignedBy: userId });
  }
}

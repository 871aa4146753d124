import {
  ImagesRpc,
  QA_TASK_ROLES,
  QA_TASK_TAG_CATEGORY,
  RpcError,
  TAG_ASSIGNMENT_MESSAGES,
  TAG_MESSAGES,
  TAGGED_ENTITY_OF,
  UsersRpc,
  type Actor,
  type AssignTagPayload,
  type OrderImageTagsPayload,
  type RemoveTagBody,
  type TaggedEntityPayload,
  type QaTaskRole,
  type TagCategory,
  type TagView,
} from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderPolicy } from '../access/order-policy';
import { OrdersRepository } from '../orders/orders.repository';
import { QaWorkspaceService } from '../qa-workspace/qa-workspace.service';
import { TagAssignmentsRepository } from './tag-assignments.repository';
import { TagsRepository } from './tags.repository';

/**
 * Tags on orders, images and users (`/tags/get/{entity}/{id}`, `POST /tags/{entity}/{id}`,
 * `DELETE /tags/`). An order's tags are read by whoever may see the order; image and user
 * tags are for admin and QA; only admin and QA put tags on or take them off, and a tag goes
 * only on the kind of thing it is made for. A QA_EDITOR or QA_COORDINATOR tag put on an order
 * is a pick of the order, taking it off a release: both run the QA work lists' code.
 */
const qaRoleOf = (category: TagCategory): QaTaskRole | undefined => QA_TASK_ROLES.find((r) => QA_TASK_TAG_CATEGORY[r] === category);

@Injectable()
export class TagAssignmentsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tags: TagsRepository,
    private readonly assignments: TagAssignmentsRepository,
    private readonly orders: OrdersRepository,
    private readonly policy: OrderPolicy,
    private readonly messaging: MessagingHost,
    private readonly qa: QaWorkspaceService,
  ) {}

  private async tagsOf(m: EntityManager, p: TaggedEntityPayload): Promise<TagView[]> {
    return (await this.assignments.tagsOf(m, TAGGED_ENTITY_OF[p.entity], [p.entityId])).get(p.entityId) ?? [];
  }

  async ofEntity(actor: Actor, p: TaggedEntityPayload): Promise<TagView[]> {
    if (p.entity === 'orders') await this.policy.assertCanSee(actor, await this.orders.findById(this.ds.manager, p.entityId));
    else OrderPolicy.assertStaff(actor);
    return this.tagsOf(this.ds.manager, p);
  }

  /** For the images service's views (admin and QA): the tags on each picture of the order, by image id. */
  async ofOrderImages(actor: Actor, p: OrderImageTagsPayload): Promise<Record<string, TagView[]>> {
    OrderPolicy.assertStaff(actor);
    return Object.fromEntries(await this.assignments.imageTagsOfOrder(this.ds.manager, p.orderId));
  }

  /** the order and account of what is tagged; 404 when it does not exist */
  private async owner(actor: Actor, p: TaggedEntityPayload): Promise<{ orderId: string | null; accountId: string | null }> {
    if (p.entity === 'orders') {
      const o = await this.orders.findById(this.ds.manager, p.entityId);
      await this.policy.assertCanSee(actor, o);
      return { orderId: o!.id, accountId: o!.accountId };
    }
    if (p.entity === 'images') {
      // the image's order as the images service published it with the order's progress: no call
      // to the images service, so tagging works while it is away (docs/orders.md)
      const known = await this.orders.findByImage(this.ds.manager, p.entityId);
      if (known) return { orderId: known.id, accountId: known.accountId };
      // an image this service has not heard of yet (created a moment ago), or none (404)
      const image = await this.messaging.rpc.send(ImagesRpc.get, { id: p.entityId }, actor);
      const o = await this.orders.findById(this.ds.manager, image.orderId);
      return { orderId: image.orderId, accountId: o?.accountId ?? null };
    }
    const user = await this.messaging.rpc.send(UsersRpc.get, { id: p.entityId }, actor);
    return { orderId: null, accountId: user.id };
  }

  async assign(actor: Actor, p: AssignTagPayload): Promise<TagView[]> {
    OrderPolicy.assertStaff(actor);
    const tag = await this.tags.findById(this.ds.manager, p.tagId);
    if (!tag) throw RpcError.notFound(TAG_MESSAGES.notFound);
    if (tag.entity !== TAGGED_ENTITY_OF[p.entity]) throw RpcError.badRequest(TAG_ASSIGNMENT_MESSAGES.wrongEntity(tag.name, p.entity));
    const qaRole = p.entity === 'orders' ? qaRoleOf(tag.category) : undefined;
    if (qaRole) {
      await this.qa.pickWith(actor, p.entityId, qaRole, tag.id);
      return this.tagsOf(this.ds.manager, p);
    }
    const owner = await this.owner(actor, p);
    await this.assignments.assign(this.ds.manager, {
      entity: tag.entity,
      entityId: p.entityId,
      tagId: tag.id,
      orderId: owner.orderId,
      accountId: owner.accountId,
      assignedBy: actor.userId ?? null,
    });
    return this.tagsOf(this.ds.manager, p);
  }

  /** Takes a tag off (nothing happens when it was not on); answers the tags left. */
  async remove(actor: Actor, p: RemoveTagBody): Promise<TagView[]> {
    OrderPolicy.assertStaff(actor);
    const tag = p.entity === 'orders' ? await this.tags.findById(this.ds.manager, p.tagId) : null;
    const qaRole = tag ? qaRoleOf(tag.category) : undefined;
    if (qaRole) {
      await this.qa.release(actor, { id: p.entityId, role: qaRole });
      return this.tagsOf(this.ds.manager, p);
    }
    await this.assignments.remove(this.ds.manager, TAGGED_ENTITY_OF[p.entity], p.entityId, p.tagId);
    return this.tagsOf(this.ds.manager, p);
  }
}

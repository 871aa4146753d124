import {
  ORDER_MESSAGES,
  QA_LIST_LIMIT,
  QA_MESSAGES,
  QA_TASK_TAG_CATEGORY,
  readyForCoordinator,
  RpcError,
  type Actor,
  type QaEditorDecisionPayload,
  type OrderView,
  type QaPickPayload,
  type QaTaskRole,
  type QaTaskStatePayload,
  type QaTaskView,
  type QaWorkListRow,
  type QaWorkLists,
  type QaWorkListsPayload,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderPolicy } from '../access/order-policy';
import { EventsRepository } from '../events/events.repository';
import type { Order } from '../orders/order.entity';
import { approvalPair } from '../orders/order-status.rules';
import { OrderTransitions } from '../orders/order-transitions';
import { toOrderView } from '../orders/order-views';
import { OrdersRepository, type ListedOrder } from '../orders/orders.repository';
import { ActorNames, type PersonRef } from '../shared/actor-names';
import { TagAssignmentsRepository } from '../tags/tag-assignments.repository';
import { TagsRepository } from '../tags/tags.repository';
import { QaTaskChanges } from './qa-task-changes';
import { QaTasksRepository, type QaListKind, type QaTask } from './qa-tasks.repository';

const taskView = (t: QaTask | undefined): QaTaskView | null =>
  t
    ? {
        role: t.role,
        state: t.state,
        user: { id: t.userId, displayName: t.userName },
        pickedAt: t.pickedAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
      }
    : null;

/**
 * The QA work lists (docs/orders.md, "QA work lists"): an editor's and a coordinator's own and
 * unassigned orders, picking an order (the one way: `POST /orders/{id}/qa/pick` and putting a
 * QA_EDITOR or QA_COORDINATOR tag on an order both come here), releasing it, and the editor's
 * task state. Two picks of the same order at once: the partial unique index of `qa_task` lets
 * one write its row; the other is told who has it (409).
 */
@Injectable()
export class QaWorkspaceService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly orders: OrdersRepository,
    private readonly tasks: QaTasksRepository,
    private readonly changes: QaTaskChanges,
    private readonly tags: TagsRepository,
    private readonly assignments: TagAssignmentsRepository,
    private readonly events: EventsRepository,
    private readonly policy: OrderPolicy,
    private readonly names: ActorNames,
    private readonly transitions: OrderTransitions,
  ) {}

  private async view(m: EntityManager, o: Order): Promise<OrderView> {
    const tags = await this.assignments.tagsOf(m, 'order', [o.id]);
    return toOrderView(o, tags.get(o.id) ?? []);
  }

  /** The order, for admin and QA (who see every order); 404 when it does not exist. */
  private async order(actor: Actor, id: string): Promise<Order> {
    OrderPolicy.assertStaff(actor);
    const o = await this.orders.findById(this.ds.manager, id);
    await this.policy.assertCanSee(actor, o);
    return o!;
  }

  private async who(actor: Actor): Promise<PersonRef> {
    return (await this.names.of(actor)) ?? { id: actor.userId ?? '', displayName: 'System' };
  }

  // -------------------------------------------------------------------------------------
  // lists

  /** A QA account's own and the unassigned orders of a role; QA reads only its own lists, the admin anyone's. */
  async lists(actor: Actor, p: QaWorkListsPayload): Promise<QaWorkLists> {
    OrderPolicy.assertCanReadQaLists(actor, p.userId);
    const m = this.ds.manager;
    const [own, unassigned] = [
      await this.tasks.list(m, { role: p.role, own: true, userId: p.userId }, QA_LIST_LIMIT),
      await this.tasks.list(m, { role: p.role, own: false }, QA_LIST_LIMIT),
    ];
    const open = await this.tasks.openOf(m, [...own, ...unassigned].map((r) => r.order.id));
    const now = Date.now();
    const row = (kind: Pick<QaListKind, 'role'>, r: ListedOrder & { waitingSince: Date }): QaWorkListRow => {
      const o = r.order;
      const tasks = open.get(o.id) ?? {};
      const dueAt = o.reEditOpenCount > 0 && o.reEditDueAt ? new Date(o.reEditDueAt) : null;
      return {
        id: o.id,
        orderName: o.orderName,
        status: o.status,
        QAstatus: o.qaStatus,
        user: { id: o.accountId, displayName: o.accountName },
        styleGuide: { id: o.styleGuideId, name: o.styleGuideName },
        imageCount: o.imageCount,
        uploadedImagesCount: o.uploadedImagesCount,
        approvedCount: o.approvedCount,
        needsEditionCount: o.needsEditionCount,
        waitingSince: r.waitingSince.toISOString(),
        tags: r.tags,
        task: taskView(tasks[kind.role]),
        editorTask: taskView(tasks.editor),
        reEditOpenCount: o.reEditOpenCount,
        reEditDueAt: dueAt ? dueAt.toISOString() : null,
        overdue: dueAt !== null && dueAt.getTime() < now,
      };
    };
    return { ownOrders: own.map((r) => row(p, r)), unassignedOrders: unassigned.map((r) => row(p, r)) };
  }

  // -------------------------------------------------------------------------------------
  // picking

  /** `POST /orders/{id}/qa/pick`: the caller picks the order for a role, with the role's first order tag. */
  async pick(actor: Actor, p: QaPickPayload): Promise<OrderView> {
    return this.pickWith(actor, p.id, p.role, null);
  }

  /**
   * The one pick: writes the task, puts the tag (`tagId`, or the role's first order tag) on the
   * order and QA_PICKED on its timeline. Picking what one already holds changes nothing;
   * what someone else holds is 409 naming them.
   */
  async pickWith(actor: Actor, orderId: string, role: QaTaskRole, tagId: string | null): Promise<OrderView> {
    await this.order(actor, orderId);
    await this.policy.assertCanPickAs(actor, role);
    const category = QA_TASK_TAG_CATEGORY[role];
    const tag = tagId ? await this.tags.findById(this.ds.manager, tagId) : await this.tags.firstOfCategory(this.ds.manager, category, 'order');
    if (!tag) throw RpcError.badRequest(QA_MESSAGES.noQaTag(category));
    const by = await this.who(actor);
    return inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, orderId);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      if (role === 'coordinator') await this.assertReadyForCoordinator(m, orderId, actor);
      const won = await this.tasks.insertIfFree(m, { orderId, role, userId: actor.userId ?? null, userName: by.displayName });
      if (!won) {
        const holder = await this.tasks.open(m, orderId, role);
        if (!holder || holder.userId !== (actor.userId ?? null)) throw RpcError.conflict(QA_MESSAGES.alreadyPicked(holder?.userName ?? 'Someone'));
        await this.assignTag(m, o, tag.id, actor);
        return this.view(m, o);
      }
      await this.assignTag(m, o, tag.id, actor);
      // the role as the QA tag category it is counted under, and the tag the pick put on the order
      await this.events.append(m, o, 'QA_PICKED', { role: category, userName: by.displayName, tagId: tag.id, tagName: tag.name, tagCategory: tag.category }, by);
      if (role === 'editor') {
        o.assignedEditorId = actor.userId ?? null;
        o.assignedEditorName = by.displayName;
        await this.orders.save(m, o);
      }
      return this.view(m, o);
    });
  }

  /**
   * A coordinator's pick waits for the editor: its task DONE, or REJECTED by a send back
   * (409 otherwise). Picking again what one already holds stays allowed.
   */
  private async assertReadyForCoordinator(m: EntityManager, orderId: string, actor: Actor): Promise<void> {
    const mine = await this.tasks.open(m, orderId, 'coordinator');
    if (mine && mine.userId === (actor.userId ?? null)) return;
    const editor = await this.tasks.open(m, orderId, 'editor');
    if (!readyForCoordinator(editor?.state)) throw RpcError.conflict(QA_MESSAGES.editorNotDone);
  }

  private assignTag(m: EntityManager, o: Order, tagId: string, actor: Actor): Promise<void> {
    return this.assignments.assign(m, { entity: 'order', entityId: o.id, tagId, orderId: o.id, accountId: o.accountId, assignedBy: actor.userId ?? null });
  }

  /**
   * `DELETE /orders/{id}/qa/pick?role=` (and taking the role's tag off the order): the order
   * goes back to the role's unassigned list. The one who picked it or an admin; someone
   * else's pick is 403. Nothing picked: the tag comes off, nothing else happens.
   */
  async release(actor: Actor, p: QaPickPayload): Promise<OrderView> {
    await this.order(actor, p.id);
    const by = await this.who(actor);
    return inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, p.id, true);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      const holder = await this.tasks.open(m, o.id, p.role);
      if (holder) OrderPolicy.assertHoldsTask(actor, holder);
      await this.changes.close(m, o, p.role);
      if (holder) {
        await this.events.append(m, o, 'QA_TASK_UPDATED', { role: QA_TASK_TAG_CATEGORY[p.role], state: 'RELEASED', from: holder.state, userName: holder.userName }, by);
        await this.orders.save(m, o);
      }
      return this.view(m, o);
    });
  }

  /** `PUT /orders/{id}/qa/task`: the editor's task state; the editor who picked it or an admin. */
  async taskState(actor: Actor, p: QaTaskStatePayload): Promise<OrderView> {
    await this.order(actor, p.id);
    const by = await this.who(actor);
    return inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, p.id, true);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      const editor = await this.tasks.open(m, o.id, 'editor');
      if (!editor) throw RpcError.notFound(QA_MESSAGES.notPicked);
      OrderPolicy.assertHoldsTask(actor, editor);
      if (editor.state !== p.state) {
        await this.tasks.setState(m, editor.id, p.state);
        await this.events.append(m, o, 'QA_TASK_UPDATED', { role: QA_TASK_TAG_CATEGORY.editor, state: p.state, from: editor.state, userName: editor.userName }, by);
      }
      return this.view(m, o);
    });
  }

  /**
   * `PUT /orders/{id}/qa/decision`: the editor's decision on the order it picked (or the
   * admin's). The order must be in QA stage (409, asked first). `sendToEdit`: QA stage / Waiting For
   * Edition, the editor keeps its task (409 when it already waits for edition); `approve`:
   * Ready to download / Approved, every task closed; `cancelEdition`: an order waiting for
   * edition is approved (409 when it is not waiting for edition). Each change is an UPDATED line
   * on the timeline, as the paired status rules write it.
   */
  async editorDecision(actor: Actor, p: QaEditorDecisionPayload): Promise<OrderView> {
    await this.order(actor, p.id);
    const by = await this.who(actor);
    return inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, p.id, true);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      if (o.status !== 'QA stage') throw RpcError.conflict(QA_MESSAGES.notInQaStage);
      const editor = await this.tasks.open(m, o.id, 'editor');
      if (!editor) throw RpcError.notFound(QA_MESSAGES.notPicked);
      OrderPolicy.assertHoldsTask(actor, editor);
      const waiting = o.qaStatus === 'Waiting For Edition';
      if (p.decision === 'sendToEdit' && waiting) throw RpcError.conflict(QA_MESSAGES.alreadyWaitingForEdition);
      if (p.decision === 'cancelEdition' && !waiting) throw RpcError.conflict(QA_MESSAGES.notWaitingForEdition);
      // approved: the QA tasks close (OrderTransitions); sent to edit: the editor keeps its task
      if (await this.transitions.moveTo(m, o, approvalPair(p.decision !== 'sendToEdit'), by, actor.userId ?? 'system')) await this.orders.save(m, o);
      return this.view(m, o);
    });
  }
}

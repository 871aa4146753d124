import { ORDER_STATUSES, QA_STATUSES, type OrderStatus, type QaStatus } from '../../wire/orders';
import {
  QA_TASK_ROLES,
  QA_TASK_STATES,
  type QaTaskRole,
  type QaTaskState,
} from '../../wire/qa-workspace';
import { Field } from '../fields';
import { OrderStyleGuideRef, TagView } from './orders.schemas';

/** The answers of the QA work lists (`/editing-page`): each class is THE declaration of its shape. */

export class QaTaskUserRef {
  @Field.id({ nullable: true, description: 'null once the account is deleted' }) id!: string | null;
  @Field.string() displayName!: string;
}

export class QaTaskView {
  @Field.oneOf(QA_TASK_ROLES, 'QaTaskRole') role!: QaTaskRole;
  @Field.oneOf(QA_TASK_STATES, 'QaTaskState') state!: QaTaskState;
  @Field.object(QaTaskUserRef, { description: 'who picked it' }) user!: QaTaskUserRef;
  @Field.dateTime() pickedAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class QaRowAccountRef {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
}

export class QaWorkListRow {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
  @Field.oneOf(ORDER_STATUSES, 'OrderStatus') status!: OrderStatus;
  @Field.oneOf(QA_STATUSES, 'QaStatus') QAstatus!: QaStatus;
  @Field.object(QaRowAccountRef, { description: 'the dealership (or management) account' }) user!: QaRowAccountRef;
  @Field.object(OrderStyleGuideRef) styleGuide!: OrderStyleGuideRef;
  @Field.int({ description: 'image rows on the order' }) imageCount!: number;
  @Field.int({ description: 'images accepted after upload' }) uploadedImagesCount!: number;
  @Field.int({ description: 'pictures QA approved' }) approvedCount!: number;
  @Field.int({ description: 'pictures marked as needing edition' }) needsEditionCount!: number;
  @Field.dateTime({ description: 'since when the order waits in QA stage' }) waitingSince!: string;
  @Field.list(TagView) tags!: TagView[];
  @Field.object(QaTaskView, { nullable: true, description: "the task of the list's role (null when unassigned)" }) task!: QaTaskView | null;
  @Field.object(QaTaskView, { nullable: true, description: "the editor's task" }) editorTask!: QaTaskView | null;
  @Field.int({ description: "the dealership's re-edit requests not yet answered" }) reEditOpenCount!: number;
  @Field.dateTime({ nullable: true, description: 'the earliest due time of those requests' }) reEditDueAt!: string | null;
  @Field.bool({ description: 'an open re-edit request is past its due time' }) overdue!: boolean;
}

export class QaWorkLists {
  @Field.list(QaWorkListRow, { description: "the QA account's picked orders" }) ownOrders!: QaWorkListRow[];
  @Field.list(QaWorkListRow, { description: 'orders nobody has picked for this role' }) unassignedOrders!: QaWorkListRow[];
}

import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import type { Mirror } from '../mirror';
import { defineRpc } from '../rpc';
import type { OrderView } from '../wire';
import {
  QA_EDITOR_DECISIONS,
  QA_TASK_ROLES,
  QA_TASK_STATES,
  type QaEditorDecision,
  type QaEditorDecisionRequest,
  type QaPickRequest,
  type QaTaskRole,
  type QaTaskState,
  type QaTaskStateRequest,
  type QaWorkLists,
} from '../wire';

export class QaPickBody implements QaPickRequest {
  @ApiProperty({ enum: QA_TASK_ROLES, description: 'pick the order as its editor or its coordinator' })
  @IsIn(QA_TASK_ROLES)
  role!: QaTaskRole;
}

export class QaTaskStateBody implements QaTaskStateRequest {
  @ApiProperty({ enum: QA_TASK_STATES, description: "the editor's task: DONE when finished" })
  @IsIn(QA_TASK_STATES)
  state!: QaTaskState;
}

export class QaEditorDecisionBody implements QaEditorDecisionRequest {
  @ApiProperty({
    enum: QA_EDITOR_DECISIONS,
    description: 'sendToEdit: QA stage / Waiting For Edition; approve: Ready to download / Approved; cancelEdition: an order waiting for edition is approved',
  })
  @IsIn(QA_EDITOR_DECISIONS)
  decision!: QaEditorDecision;
}

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type QaBodiesMirrored = [Mirror<QaPickBody, QaPickRequest>, Mirror<QaTaskStateBody, QaTaskStateRequest>, Mirror<QaEditorDecisionBody, QaEditorDecisionRequest>];

/** The lists of one QA account (`userId`) for one role. */
export class QaWorkListsPayload {
  @IsUUID() userId!: string;
  @IsIn(QA_TASK_ROLES) role!: QaTaskRole;
}

export class QaPickPayload extends QaPickBody {
  @IsUUID() id!: string;
}

export class QaTaskStatePayload extends QaTaskStateBody {
  @IsUUID() id!: string;
}

export class QaEditorDecisionPayload extends QaEditorDecisionBody {
  @IsUUID() id!: string;
}

export const QaWorkspaceRpc = {
  lists: defineRpc<QaWorkListsPayload, QaWorkLists>('orders', 'qa.lists', QaWorkListsPayload),
  /** the caller picks the order for a role: exactly one of two at once wins, the other gets 409 naming the winner */
  pick: defineRpc<QaPickPayload, OrderView>('orders', 'qa.pick', QaPickPayload),
  /** the order goes back to the unassigned list of the role */
  release: defineRpc<QaPickPayload, OrderView>('orders', 'qa.release', QaPickPayload),
  /** the editor's task state (DONE when finished) */
  taskState: defineRpc<QaTaskStatePayload, OrderView>('orders', 'qa.task-state', QaTaskStatePayload),
  /** the editor's decision on its order: send to edit, approve, or cancel the edition (approves) */
  editorDecision: defineRpc<QaEditorDecisionPayload, OrderView>('orders', 'qa.editor-decision', QaEditorDecisionPayload),
};

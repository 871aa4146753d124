import { hasPermission } from './access';

/**
 * The QA work lists (docs/orders.md, "QA work lists"): who picked which order as editor or
 * coordinator, and the lists of `/editing-page`.
 */

/** The two kinds of QA task on an order; the wire's `role` of a pick. */
export const QA_TASK_ROLES = ['editor', 'coordinator'] as const;
export type QaTaskRole = (typeof QA_TASK_ROLES)[number];

/** An editor's task: being worked on, finished, or sent back by the coordinator. */
export const QA_TASK_STATES = ['IN_PROGRESS', 'DONE', 'REJECTED'] as const;
export type QaTaskState = (typeof QA_TASK_STATES)[number];

/** The tag category that shows a pick of each role on the order. */
export const QA_TASK_TAG_CATEGORY = { editor: 'QA_EDITOR', coordinator: 'QA_COORDINATOR' } as const satisfies Record<QaTaskRole, string>;

/** Each list holds at most this many orders (the first by priority, re-edit due time, waiting time). */
export const QA_LIST_LIMIT = 200;

export const QA_MESSAGES = {
  /** the answer (409) to the second of two people picking the same order */
  alreadyPicked: (name: string) => `${name} has already picked this order`,
  notPicked: 'Nobody has picked this order for this role',
  notYourTask: (name: string) => `This task is ${name}'s`,
  ownListOnly: 'A QA account may only read its own lists',
  noQaTag: (category: string) => `There is no order tag of category ${category}`,
  /** 403: a QA account picks only as what it is (the admin as either) */
  notEditor: 'Only a QA editor may pick an order as its editor',
  notCoordinator: 'Only a QA coordinator may pick an order as its coordinator',
  /** 409: a coordinator's pick before the editor finished */
  editorNotDone: "A coordinator picks an order once its editor's task is done or the order was sent back",
  /** 409: the editor's decisions */
  notInQaStage: 'The order is not in QA stage',
  alreadyWaitingForEdition: 'The order is already waiting for edition',
  notWaitingForEdition: 'The order is not waiting for edition: there is no edition to cancel',
} as const;

/** What picking as each role asks of a QA account: its role tag or the role's list permission. */
export const QA_PICK_PERMISSION = { editor: 'READ_QA_EDITOR_LIST', coordinator: 'READ_QA_COORDINATOR_LIST' } as const satisfies Record<QaTaskRole, string>;

/**
 * Whether an account may pick orders as `role`: the admin as either; a QA account as editor
 * when it is an editor (role tag QA_EDITOR or permission READ_QA_EDITOR_LIST), as coordinator
 * when it is a coordinator (QA_COORDINATOR or READ_QA_COORDINATOR_LIST). The service's rule
 * and the web's Pick button both ask this.
 */
export function mayPickAs(role: QaTaskRole, who: { userRole: string; roleTags?: readonly string[] | null; permissions: readonly string[] }): boolean {
  if (who.userRole === 'Admin') return true;
  if (who.userRole !== 'QA') return false;
  return (who.roleTags ?? []).includes(QA_TASK_TAG_CATEGORY[role]) || hasPermission(who.permissions, QA_PICK_PERMISSION[role]);
}

/** A coordinator picks an order once its editor's task is done, or after a send back (the editor's task REJECTED). */
export function readyForCoordinator(editorTaskState: QaTaskState | null | undefined): boolean {
  return editorTaskState === 'DONE' || editorTaskState === 'REJECTED';
}

/**
 * The editor's decisions on its own order (`PUT /orders/{id}/qa/decision`): send it to edit
 * (QA stage / Waiting For Edition), approve it (Ready to download / Approved), or cancel the
 * edition of an order waiting for edition, which approves it.
 */
export const QA_EDITOR_DECISIONS = ['sendToEdit', 'approve', 'cancelEdition'] as const;
export type QaEditorDecision = (typeof QA_EDITOR_DECISIONS)[number];

/** `PUT /orders/{id}/qa/decision` */
export interface QaEditorDecisionRequest {
  decision: QaEditorDecision;
}

/** `POST /orders/{id}/qa/pick` */
export interface QaPickRequest {
  role: QaTaskRole;
}

/** `PUT /orders/{id}/qa/task`: the editor's task state */
export interface QaTaskStateRequest {
  state: QaTaskState;
}


/** Every accepted picture approved: the coordinator may approve; otherwise send back is offered. */
export function allImagesApproved(o: { uploadedImagesCount: number; approvedCount: number }): boolean {
  return o.uploadedImagesCount > 0 && o.approvedCount >= o.uploadedImagesCount;
}

/** Accepted pictures not approved yet (what the order-level Approve warns about). */
export function unapprovedImages(o: { uploadedImagesCount: number; approvedCount: number }): number {
  return Math.max(0, o.uploadedImagesCount - o.approvedCount);
}

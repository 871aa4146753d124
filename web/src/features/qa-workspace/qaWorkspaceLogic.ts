import { allImagesApproved, readyForCoordinator, type QaTaskRole, type QaTaskState, type QaWorkListRow } from '@app/contracts/wire';

/** Pure rules of the QA work lists screen (`/editing-page`). */

/** The Refresh button rests this long after a click. */
export const REFRESH_COOLDOWN_MS = 5000;
/** The lists are asked again this often, so new orders and the waiting times stay current. */
export const LISTS_REFETCH_MS = 60_000;

/** `?list=coordinator` is the coordinator tab; anything else the editor tab. */
export function roleFromQuery(list: string | null): QaTaskRole {
  return list === 'coordinator' ? 'coordinator' : 'editor';
}

export const TASK_STATE_KEYS = {
  IN_PROGRESS: 'qaWorkspace.taskStates.inProgress',
  DONE: 'qaWorkspace.taskStates.done',
  REJECTED: 'qaWorkspace.taskStates.rejected',
} as const satisfies Record<QaTaskState, string>;

export type Duration =
  | { key: 'qaWorkspace.duration.minutes'; values: { minutes: number } }
  | { key: 'qaWorkspace.duration.hours'; values: { hours: number; minutes: number } }
  | { key: 'qaWorkspace.duration.days'; values: { days: number; hours: number } };

/** How long since `since`, in whole minutes: "45 min", "2 h 10 min", "3 d 4 h" (never negative). */
export function durationSince(since: string, now: number): Duration {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return { key: 'qaWorkspace.duration.minutes', values: { minutes } };
  if (minutes < 24 * 60) return { key: 'qaWorkspace.duration.hours', values: { hours: Math.floor(minutes / 60), minutes: minutes % 60 } };
  return { key: 'qaWorkspace.duration.days', values: { days: Math.floor(minutes / (24 * 60)), hours: Math.floor((minutes % (24 * 60)) / 60) } };
}

/** How long until `until` (an open re-edit request's due time), as `durationSince` says it (never negative). */
export function durationUntil(until: string, now: number): Duration {
  return durationSince(new Date(now).toISOString(), new Date(until).getTime());
}

export type RowAction = 'pick' | 'done' | 'sendToEdit' | 'editorApprove' | 'cancelEdition' | 'approve' | 'sendBack' | 'release';

/**
 * What a row offers. An unassigned order: Pick, when the user may pick as the list's role
 * (`mayPick`: `mayPickAs`) and, on the coordinator's list, once the editor's task is done or the
 * order was sent back. The editor's own orders until its task is done: Send to edit and Approve,
 * or Cancel edition (which approves) when the order waits for edition, then Done; and Release.
 * The coordinator's own: Approve when every picture is approved, Send back when any is not, and Release.
 */
export function rowActions(
  role: QaTaskRole,
  own: boolean,
  row: Pick<QaWorkListRow, 'task' | 'editorTask' | 'QAstatus' | 'uploadedImagesCount' | 'approvedCount'>,
  mayPick: boolean,
): RowAction[] {
  if (!own) return mayPick && (role === 'editor' || readyForCoordinator(row.editorTask?.state)) ? ['pick'] : [];
  if (role === 'editor') {
    if (row.task?.state === 'DONE') return ['release'];
    const decisions: RowAction[] = row.QAstatus === 'Waiting For Edition' ? ['cancelEdition'] : ['sendToEdit', 'editorApprove'];
    return [...decisions, 'done', 'release'];
  }
  return [allImagesApproved(row) ? 'approve' : 'sendBack', 'release'];
}

import {
  NOTE_PREVIEW_LENGTH,
  ORDER_MESSAGES,
  pairForQaStatus,
  pairForStatus,
  RpcError,
  type OrderStatus,
  type QaStatus,
} from '@app/contracts';

export interface StatusPair {
  status: OrderStatus;
  QAstatus: QaStatus;
}

/**
 * Whether a status and a QA status go together under the paired status rules (docs/orders.md):
 * the QA status a status is sent with, or the status a QA status sets.
 */
export function isValidPair(status: OrderStatus, QAstatus: QaStatus): boolean {
  return pairForStatus(status).QAstatus === QAstatus || pairForQaStatus(QAstatus).status === status;
}

/**
 * The pair a manual change gives: one dropdown given, the other follows from it; both given,
 * they must go together (400 otherwise).
 */
export function resolveStatusChange(change: { status?: OrderStatus; QAstatus?: QaStatus }): StatusPair | null {
  const { status, QAstatus } = change;
  if (status === undefined && QAstatus === undefined) return null;
  if (status !== undefined && QAstatus !== undefined) {
    if (!isValidPair(status, QAstatus)) throw RpcError.badRequest(ORDER_MESSAGES.statusPairInvalid(status, QAstatus));
    return { status, QAstatus };
  }
  return status !== undefined ? pairForStatus(status) : pairForQaStatus(QAstatus!);
}

/** The pair of the approve button (true) and of the send-back (false). */
export function approvalPair(approved: boolean): StatusPair {
  return approved ? { status: 'Ready to download', QAstatus: 'Approved' } : { status: 'QA stage', QAstatus: 'Waiting For Edition' };
}

/** The list's note preview: the first 60 characters, with … when cut. */
export function notePreview(note: string | null): string | null {
  if (!note) return null;
  const chars = Array.from(note);
  return chars.length > NOTE_PREVIEW_LENGTH ? `${chars.slice(0, NOTE_PREVIEW_LENGTH).join('')}…` : note;
}

/** Seconds from creation to a moment (the time-to columns of the list). */
export function secondsSince(createdAt: Date, at: Date): number {
  return Math.max(0, Math.round((at.getTime() - createdAt.getTime()) / 1000));
}

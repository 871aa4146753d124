import type { ReEditRequestSummary, ReEditRequestView } from '@app/contracts';
import type { ReEditRequest } from './re-edit-request.entity';

/** What the image views carry of a picture's latest request. */
export function reEditSummary(r: ReEditRequest, now = Date.now()): ReEditRequestSummary {
  return reEditSummaryOf({ id: r.id, reason: r.reason, text: r.text, state: r.state, dueAt: r.dueAt.toISOString(), answer: r.answer }, now);
}

/** The same from the request's fields as a row gives them (`dueAt` ISO): an open request past its due time is overdue. */
export function reEditSummaryOf(r: Omit<ReEditRequestSummary, 'overdue'>, now = Date.now()): ReEditRequestSummary {
  return { id: r.id, reason: r.reason, text: r.text, state: r.state, dueAt: r.dueAt, overdue: r.state === 'open' && Date.parse(r.dueAt) < now, answer: r.answer };
}

export function reEditView(r: ReEditRequest, now = Date.now()): ReEditRequestView {
  return {
    ...reEditSummary(r, now),
    imageId: r.imageId,
    orderId: r.orderId,
    position: r.position,
    requestedBy: { userId: r.requestedByUserId, salesPersonId: r.requestedBySalesPersonId, name: r.requestedByName },
    answeredByUserId: r.answeredByUserId,
    answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

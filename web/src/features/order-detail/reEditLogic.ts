import { RE_EDIT_TEXT_MAX, type ImageView, type ReEditReason, type ReEditRequestRequest, type ReEditRequestSummary } from '@app/contracts/wire';
import type { FieldErrors } from '../../utils/fieldError';

/** Pure rules of re-edit requests on the order detail screen. */

export interface ReEditForm {
  reason: string;
  text: string;
}

export interface DeclineForm {
  text: string;
}

/** Ask for a re-edit: a reason; the text at most 500 characters, and required for "other" (the server's rules). */
export function validateReEdit(form: ReEditForm): FieldErrors<ReEditForm> {
  const errors: FieldErrors<ReEditForm> = {};
  if (!form.reason) errors.reason = { key: 'validation.required' };
  const text = form.text.trim();
  if (form.reason === 'other' && !text) errors.text = { key: 'reEdit.textRequired' };
  else if (text.length > RE_EDIT_TEXT_MAX) errors.text = { key: 'validation.maxLength', values: { max: RE_EDIT_TEXT_MAX } };
  return errors;
}

/** Decline a request: QA's answer, required, at most 500 characters. */
export function validateDecline(form: DeclineForm): FieldErrors<DeclineForm> {
  const text = form.text.trim();
  if (!text) return { text: { key: 'validation.required' } };
  if (text.length > RE_EDIT_TEXT_MAX) return { text: { key: 'validation.maxLength', values: { max: RE_EDIT_TEXT_MAX } } };
  return {};
}

/** The body of `POST /images/{imageId}/re-edit-requests`: the text trimmed, left out when empty. */
export function reEditBody(form: ReEditForm): ReEditRequestRequest {
  const reason = form.reason as ReEditReason;
  const text = form.text.trim();
  return text ? { reason, text } : { reason };
}

/** Only a processed picture without an open request can be asked about. */
export function canAskReEdit(image: Pick<ImageView, 'optimisationStatus' | 'reEditRequest'>): boolean {
  return image.optimisationStatus === 'completed' && image.reEditRequest?.state !== 'open';
}

export type ReEditDisplay =
  | { kind: 'open'; hours: number; minutes: number }
  | { kind: 'overdue' }
  | { kind: 'done' }
  | { kind: 'declined'; answer: string };

/**
 * What a picture shows of its latest request at `now`: open with the time left (whole hours
 * and minutes, at least a minute), overdue once past its due time, done, or declined with
 * QA's answer.
 */
export function reEditDisplay(request: Pick<ReEditRequestSummary, 'state' | 'dueAt' | 'overdue' | 'answer'>, now: number): ReEditDisplay {
  if (request.state === 'done') return { kind: 'done' };
  if (request.state === 'declined') return { kind: 'declined', answer: request.answer ?? '' };
  const left = Date.parse(request.dueAt) - now;
  if (request.overdue || left <= 0) return { kind: 'overdue' };
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  return { kind: 'open', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

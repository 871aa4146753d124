import { isPushEventPayload, isPushTextLongEnough, PUSH_BODY_MAX, PUSH_EVENT_PAYLOAD_MAX_BYTES, PUSH_TEXT_MIN_EXCLUSIVE, PUSH_TITLE_MAX, type SendPushNotificationRequest } from '@app/contracts/wire';
import type { FieldError, FieldErrors } from '../../utils/fieldError';

/** What the admin types: the event payload as JSON text (empty: none). */
export interface PushFormValues {
  title: string;
  body: string;
  eventPayload: string;
}

export const EMPTY_PUSH_FORM: PushFormValues = { title: '', body: '', eventPayload: '' };

/** The event payload typed, as the server takes it: `{}` when empty, undefined when it is not a JSON object of at most 4096 bytes. */
export function parseEventPayload(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isPushEventPayload(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function textError(text: string, max: number): FieldError | undefined {
  if (!isPushTextLongEnough(text)) return { key: 'validation.minLength', values: { min: PUSH_TEXT_MIN_EXCLUSIVE + 1 } };
  if (text.trim().length > max) return { key: 'validation.maxLength', values: { max } };
  return undefined;
}

/** The server's rules: title and body longer than 3 characters once trimmed (at most 100 and 1000), the payload a small JSON object. */
export function validatePush(v: PushFormValues): FieldErrors<PushFormValues> {
  return {
    title: textError(v.title, PUSH_TITLE_MAX),
    body: textError(v.body, PUSH_BODY_MAX),
    eventPayload: parseEventPayload(v.eventPayload) === undefined ? { key: 'push.payloadInvalid', values: { max: PUSH_EVENT_PAYLOAD_MAX_BYTES } } : undefined,
  };
}

/** Send is offered once the title and the body each exceed 3 characters. */
export const canSendPush = (v: PushFormValues): boolean => isPushTextLongEnough(v.title) && isPushTextLongEnough(v.body);

export function pushRequest(orderId: string, v: PushFormValues): SendPushNotificationRequest {
  return { orderId, title: v.title.trim(), body: v.body.trim(), eventPayload: parseEventPayload(v.eventPayload) ?? {} };
}

import { isApiError, NO_RESPONSE } from '../../api/client';

/**
 * The delivery button's states (spec section 4): default; loading ("delivering") while the
 * request is on its way; success on 200; error ("delivery failed") on 500 or any other
 * refusal; secondary ("request failed", the button disabled) on 404. A 200 only queued the
 * order, so the success label names that last action ("queued"), never "delivered": where
 * each destination really stands shows beside it, in the header and the Deliveries card.
 */
export type DeliveryButtonState = 'default' | 'loading' | 'success' | 'error' | 'secondary';

export function deliveryButtonState(pending: boolean, succeeded: boolean, error: unknown): DeliveryButtonState {
  if (pending) return 'loading';
  if (succeeded) return 'success';
  if (error === null || error === undefined) return 'default';
  const status = isApiError(error) ? error.statusCode : NO_RESPONSE;
  return status === 404 ? 'secondary' : 'error';
}

export const DELIVERY_BUTTON = {
  default: { labelKey: 'delivery.button.deliver', color: 'primary' },
  loading: { labelKey: 'delivery.button.delivering', color: 'primary' },
  success: { labelKey: 'delivery.button.queued', color: 'success' },
  error: { labelKey: 'delivery.button.failed', color: 'error' },
  secondary: { labelKey: 'delivery.button.requestFailed', color: 'secondary' },
} as const satisfies Record<DeliveryButtonState, { labelKey: string; color: 'primary' | 'success' | 'error' | 'secondary' }>;

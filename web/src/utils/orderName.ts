import { ORDER_NAME_MAX, ORDER_NAME_MIN } from '../api/orders';

export type OrderNameError = 'min' | 'max';

/** Order name: trimmed, 3 to 60 characters. */
export function orderNameError(name: string): OrderNameError | undefined {
  const trimmed = name.trim();
  if (trimmed.length < ORDER_NAME_MIN) return 'min';
  if (trimmed.length > ORDER_NAME_MAX) return 'max';
  return undefined;
}

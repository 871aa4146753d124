import { ORDER_NAME_MAX, ORDER_NAME_MIN } from '@app/contracts/wire';
import type { FieldError } from './fieldError';

/** Order name: trimmed, 3 to 60 characters (`orders.name.min`, `orders.name.max`). */
export function orderNameError(name: string): FieldError | undefined {
  const trimmed = name.trim();
  if (trimmed.length < ORDER_NAME_MIN) return { key: 'orders.name.min', values: { min: ORDER_NAME_MIN } };
  if (trimmed.length > ORDER_NAME_MAX) return { key: 'orders.name.max', values: { max: ORDER_NAME_MAX } };
  return undefined;
}

import { OPENABLE_STATUSES, type OrderListItem, type Role } from '@app/contracts/wire';
import { isStaff } from '../app/access';

/** Whether a user opens an order from a list, and why not: the orders list and the progress view ask alike. */

/** A row opens its order when it is Completed or Ready to download, or for admin and QA. */
export function canOpen(row: Pick<OrderListItem, 'status'>, role: Role): boolean {
  return isStaff(role) || OPENABLE_STATUSES.includes(row.status);
}

/**
 * Why a row does not open its order for this user (null when it opens): the reason shown on
 * the row, as a translation key of `orders.closed`. The row opens the read-only progress view.
 */
export function closedReason(row: Pick<OrderListItem, 'status'>, role: Role): 'uploading' | 'processing' | 'qa' | 'delivering' | null {
  if (canOpen(row, role)) return null;
  switch (row.status) {
    case 'Uploading':
      return 'uploading';
    case 'In Progress':
      return 'processing';
    case 'QA stage':
      return 'qa';
    default:
      return 'delivering';
  }
}

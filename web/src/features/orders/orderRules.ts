import type { OrderListItem, Role } from '@app/contracts/wire';
import { hasPermission, isStaff, type Principal } from '../../app/access';

/** Pure rules of the orders list. */

/** Admin and QA delete orders, and whoever holds DELETE_ORDERS. */
export function canDeleteOrders(user: Principal): boolean {
  return isStaff(user.userRole) || hasPermission(user, 'DELETE_ORDERS');
}

/** The list's filters: admin and QA filter by status, QA status and video; the others by status and video. */
export type OrderFilter = 'search' | 'from' | 'to' | 'status' | 'QAstatus' | 'video';

export function filtersFor(role: Role): OrderFilter[] {
  return isStaff(role) ? ['search', 'from', 'to', 'status', 'QAstatus', 'video'] : ['search', 'from', 'to', 'status', 'video'];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A delivery time in seconds as `H:mm:ss` (hours go past 24), empty when not reached yet. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The owner deletes its own order while it is still uploading, even without DELETE_ORDERS (an upload left unfinished). */
export function canDeleteOrder(user: Principal & { id: string }, row: Pick<OrderListItem, 'status' | 'user'>): boolean {
  return canDeleteOrders(user) || (row.status === 'Uploading' && row.user.id === user.id && (user.userRole === 'Dealership' || user.userRole === 'Management'));
}

/** The pictures a list row tries in turn: its list thumbnail, then the full picture (each once, those it has); a placeholder after them. */
export function thumbnailSources(thumbnailUrl: string | null, pictureUrl: string | null): string[] {
  return [...new Set([thumbnailUrl, pictureUrl].filter((u): u is string => Boolean(u)))];
}

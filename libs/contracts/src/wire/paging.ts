/** Page size of every list and timeline. */
export const PAGE_SIZE = 10;

/** A page of a list: `page` is 1-based. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function paged<T>(items: T[], total: number, page: number, pageSize = PAGE_SIZE): Paged<T> {
  return { items, total, page, pageSize };
}

/** Page kept within 1..max (an empty list has one page). */
export function clampPage(page: number | undefined, total: number, pageSize = PAGE_SIZE): number {
  const max = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(Math.max(1, page ?? 1), max);
}

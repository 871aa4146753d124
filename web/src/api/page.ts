/**
 * The one page shape the web reads (`useDataGrid`, every mode): the rows of one page and how many
 * there are in all. Most endpoints answer `Paged<T>` (`{ items, total, page, pageSize }`), which is
 * one already.
 */
export interface PageOf<Row> {
  items: Row[];
  total: number;
}

/**
 * A `{ results, count }` answer as the one page shape, its other fields (`expires`) kept. The
 * inactive-users dashboard answers so because the spec fixes that wire shape; its api call adapts
 * it here, so no screen reads two shapes.
 */
export function pageFromResults<A extends { results: unknown[]; count: number }>(answer: A): PageOf<A['results'][number]> & Omit<A, 'results' | 'count'> {
  const { results, count, ...rest } = answer;
  return { ...rest, items: results, total: count };
}

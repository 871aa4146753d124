import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Paged } from '@app/contracts/wire';
import { api } from '../../api/client';

/** Lists are paged by 10. */
export const GRID_PAGE_SIZE = 10;

export type SortOrder = 'asc' | 'desc';

/**
 * What a list endpoint receives: `page` (1-based), `sort` and `order` (`ASC`/`DESC`) when
 * sorted, and the list's filters by name. Empty filters are left out.
 */
export type ServerListQuery = { page: number; sort?: string; order?: 'ASC' | 'DESC' } & Record<string, string | number | undefined>;

export interface PageOf<Row> {
  items: Row[];
  total: number;
}

export interface UseDataGridOptions<Row, F extends string = string> {
  /** the list's key from the resource's key factory (`orderKeys.lists()`); the page's query is added to it */
  queryKey: QueryKey;
  /** `GET /api{path}` answering `Paged<Row>`; or give `fetchPage` for another shape */
  path?: string;
  fetchPage?: (query: ServerListQuery, signal: AbortSignal) => Promise<PageOf<Row>>;
  /** names of the filters this list keeps in the URL (search, status, country…) */
  filters?: readonly F[];
  /** sorting when the URL names none */
  defaultSort?: { field: string; order: SortOrder };
  /** a list that changes on its own (the delivery queue) asks again this often while shown */
  refetchIntervalMs?: number;
}

/** Reads a 1-based page number from the URL; anything else is page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return 1;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

export function pageCountOf(total: number, pageSize = GRID_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pageCount));
}

const NO_FILTERS: readonly string[] = [];
const PAGE = 'page';
const SORT = 'sort';
const ORDER = 'order';

/**
 * The one translation between MUI DataGrid and a list endpoint (the same shape as
 * refine's `useDataGrid`; docs/web.md). It owns:
 * - paging by 10, 1-based in the URL and on the server, 0-based in the grid; first, previous,
 *   next and last; the page kept within 1..max (a page past the end, after a delete or an
 *   edited URL, moves to the last page);
 * - sorting (one column) and named filters;
 * - their state in the URL query string (`?page=2&sort=createdAt&order=desc&search=golf`), so
 *   reload, back and shared links keep the view; a filter or sort change returns to page 1;
 * - the fetch through TanStack Query under the list's key from the resource's factory with the
 *   query added (`[...orderKeys.lists(), query]`), keeping the previous page on screen while
 *   the next one loads.
 * List screens hold no paging code: they give columns and filters, and render `DataGridPage`.
 */
export function useDataGrid<Row, F extends string = string>(options: UseDataGridOptions<Row, F>) {
  const { queryKey, path, fetchPage, filters: filterNames = NO_FILTERS as readonly F[], defaultSort, refetchIntervalMs } = options;
  const [params, setParams] = useSearchParams();

  const rawPage = params.get(PAGE);
  const page = parsePage(rawPage);
  const sortField = params.get(SORT) ?? defaultSort?.field;
  const rawOrder = params.get(ORDER);
  const order: SortOrder | undefined = sortField ? (rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : (defaultSort?.order ?? 'asc')) : undefined;

  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  const filters = useMemo(() => {
    const out = {} as Record<F, string>;
    for (const name of filterNames) out[name] = params.get(name) ?? '';
    return out;
    // filterKey stands for the names and their values: a new object only when one changes
  }, [filterKey]);

  const query = useMemo<ServerListQuery>(() => {
    const q: ServerListQuery = { page };
    if (sortField && order) {
      q.sort = sortField;
      q.order = order === 'asc' ? 'ASC' : 'DESC';
    }
    for (const [name, value] of Object.entries<string>(filters)) {
      if (value.trim()) q[name] = value.trim();
    }
    return q;
  }, [page, sortField, order, filters]);

  const result = useQuery<PageOf<Row>>({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => {
      if (fetchPage) return fetchPage(query, signal);
      if (!path) throw new Error(`useDataGrid(${JSON.stringify(queryKey)}) needs a path or fetchPage`);
      return api.get<Paged<Row>>(path, { query, signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalMs ?? false,
  });

  const total = result.data?.total ?? 0;
  const pageCount = pageCountOf(total);
  const known = result.data !== undefined && !result.isPlaceholderData;

  /** Changes the URL; `null` or '' removes a parameter. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '' || (key === PAGE && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  // a malformed page in the URL becomes page 1; a page past the end, the last page
  useEffect(() => {
    if (rawPage !== null && String(page) !== rawPage) update({ [PAGE]: page }, true);
  }, [rawPage, page, update]);
  useEffect(() => {
    if (known && page > pageCount) update({ [PAGE]: pageCount }, true);
  }, [known, page, pageCount, update]);

  const goToPage = useCallback(
    (target: number) => {
      const next = clampPage(target, known ? pageCount : Number.MAX_SAFE_INTEGER);
      if (next !== page) update({ [PAGE]: next });
    },
    [known, page, pageCount, update],
  );

  const setFilter = useCallback((name: F, value: string) => update({ [name]: value, [PAGE]: null }), [update]);
  const setFilters = useCallback(
    (values: Partial<Record<F, string>>) => update({ ...(values as Record<string, string>), [PAGE]: null }),
    [update],
  );
  const resetFilters = useCallback(() => update(Object.fromEntries([...filterNames.map((n) => [n, null]), [PAGE, null]])), [filterNames, update]);

  const sortModel: GridSortModel = useMemo(() => (sortField && order ? [{ field: sortField, sort: order }] : []), [sortField, order]);
  const onSortModelChange = useCallback(
    (model: GridSortModel) => {
      const item = model[0];
      // unsorted: back to the list's default order
      if (!item?.sort) update({ [SORT]: null, [ORDER]: null, [PAGE]: null });
      else update({ [SORT]: item.field, [ORDER]: item.sort, [PAGE]: null });
    },
    [update],
  );

  const paginationModel: GridPaginationModel = useMemo(() => ({ page: page - 1, pageSize: GRID_PAGE_SIZE }), [page]);
  const onPaginationModelChange = useCallback((model: GridPaginationModel) => goToPage(model.page + 1), [goToPage]);

  return {
    rows: result.data?.items ?? [],
    total,
    page,
    pageCount,
    pageSize: GRID_PAGE_SIZE,
    query,
    isLoading: result.isPending,
    isFetching: result.isFetching,
    error: result.error,
    refetch: result.refetch,
    filters,
    setFilter,
    setFilters,
    resetFilters,
    sortModel,
    onSortModelChange,
    paginationModel,
    onPaginationModelChange,
    goToPage,
    canPrevious: page > 1,
    canNext: page < pageCount,
    first: () => goToPage(1),
    previous: () => goToPage(page - 1),
    next: () => goToPage(page + 1),
    last: () => goToPage(pageCount),
  };
}

export type DataGridState<Row, F extends string = string> = ReturnType<typeof useDataGrid<Row, F>>;

/** What `DataGridPage` reads of a grid, whatever its filter names. */
export type DataGridView<Row> = Omit<DataGridState<Row>, 'filters' | 'setFilter' | 'setFilters'>;

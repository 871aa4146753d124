import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageOf } from '../../api/page';

/** Lists are paged by 10. */
export const GRID_PAGE_SIZE = 10;

export type SortOrder = 'asc' | 'desc';

/**
 * What a list endpoint receives: `page` (1-based), `sort` and `order` (`ASC`/`DESC`) when
 * sorted, and the list's filters by name. Empty filters are left out.
 */
export type ServerListQuery = { page: number; sort?: string; order?: 'ASC' | 'DESC' } & Record<string, string | number | undefined>;

export type { PageOf } from '../../api/page';

/**
 * Where a list keeps its state and how it pages:
 * - `url` (lists screens): page, sort and filters in the URL query string, first/previous/next/last;
 * - `local` (cards and tabs inside another screen): the same, in the component's state, the URL untouched;
 * - `infinite` (timelines): the pages loaded so far one after another, "load more" asks for the next.
 * A component keeps its mode for its life.
 */
export type GridMode = 'url' | 'local' | 'infinite';

/** Keeps a page's answer beyond the query cache (the dashboards keep theirs in localStorage until they expire). */
export interface PageStorage<P> {
  read(key: QueryKey): P | undefined;
  write(key: QueryKey, page: P): void;
  /** how long a kept answer counts as fresh, from when it was read or fetched */
  staleTime(page: P | undefined, updatedAt: number): number;
}

export interface UseDataGridOptions<Row, F extends string = string> {
  /** `url` unless told otherwise (see `GridMode`) */
  mode?: GridMode;
  /** the list's key from the resource's key factory (`orderKeys.lists()`); the page's query is added to it */
  queryKey: QueryKey;
  /** one page, from the resource's api module (`(query, signal) => ordersApi.list(query, signal)`) */
  fetchPage: (query: ServerListQuery, signal: AbortSignal) => Promise<PageOf<Row>>;
  /** names of the filters this list keeps in the URL (search, status, country…) */
  filters?: readonly F[];
  /** a filter's value while none is chosen (a card's "last 14 days"); sent to the server like a chosen one */
  defaultFilters?: Partial<Record<F, string>>;
  /** sorting when the URL names none */
  defaultSort?: { field: string; order: SortOrder };
  /** a list that changes on its own (the delivery queue) asks again this often while shown */
  refetchIntervalMs?: number;
  /** false: nothing is asked (a list shown only sometimes) */
  enabled?: boolean;
  /** keeps each page's answer beyond the query cache (`url` and `local` modes) */
  storage?: PageStorage<PageOf<Row>>;
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
 *
 * The same hook pages a card or tab inside another screen (`mode: 'local'`: the state in the
 * component, the URL left alone; render `GridPager`) and a timeline (`mode: 'infinite'`: the
 * loaded pages one after another; `hasMore`/`loadMore`). Every mode reads one page shape,
 * `PageOf` (`{ items, total }`): an endpoint with another shape is adapted where it is called.
 */
export function useDataGrid<Row, F extends string = string>(options: UseDataGridOptions<Row, F>) {
  const {
    mode = 'url',
    queryKey,
    fetchPage,
    filters: filterNames = NO_FILTERS as readonly F[],
    defaultFilters,
    defaultSort,
    refetchIntervalMs,
    storage,
    enabled = true,
  } = options;
  const [urlParams, setUrlParams] = useSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const inUrl = mode === 'url';
  const params = inUrl ? urlParams : localParams;
  const setParams = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, navigation: { replace: boolean }) => {
      if (inUrl) setUrlParams(change, navigation);
      else setLocalParams(change);
    },
    [inUrl, setUrlParams],
  );
  const paged = mode !== 'infinite';

  const rawPage = paged ? params.get(PAGE) : null;
  const page = parsePage(rawPage);
  const sortField = params.get(SORT) ?? defaultSort?.field;
  const rawOrder = params.get(ORDER);
  const order: SortOrder | undefined = sortField ? (rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : (defaultSort?.order ?? 'asc')) : undefined;

  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? defaultFilters?.[name] ?? ''}`).join('&');
  const filters = useMemo(() => {
    const out = {} as Record<F, string>;
    for (const name of filterNames) out[name] = params.get(name) ?? defaultFilters?.[name] ?? '';
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

  const fetchOne = (q: ServerListQuery, signal: AbortSignal): Promise<PageOf<Row>> => fetchPage(q, signal);

  const pageKey: QueryKey = [...queryKey, query];
  const result = useQuery<PageOf<Row>>({
    queryKey: pageKey,
    queryFn: async ({ signal }) => {
      const answer = await fetchOne(query, signal);
      storage?.write(pageKey, answer);
      return answer;
    },
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalMs ?? false,
    enabled: paged && enabled,
    ...(storage
      ? {
          initialData: () => storage.read(pageKey),
          // a kept answer was fresh when read: it counts from now
          initialDataUpdatedAt: () => Date.now(),
          staleTime: (q) => storage.staleTime(q.state.data, q.state.dataUpdatedAt),
        }
      : {}),
  });

  // infinite mode: the pages so far under the list's key with the query but its page
  const { page: _page, ...listQuery } = query;
  const more = useInfiniteQuery({
    queryKey: [...queryKey, listQuery],
    queryFn: ({ pageParam, signal }) => fetchOne({ ...listQuery, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PageOf<Row>, loaded: PageOf<Row>[]) => (loaded.length * GRID_PAGE_SIZE < last.total ? loaded.length + 1 : undefined),
    enabled: !paged && enabled,
  });
  const active = paged ? result : more;

  const total = (paged ? result.data?.total : more.data?.pages.at(-1)?.total) ?? 0;
  const pageCount = pageCountOf(total);
  const known = paged && result.data !== undefined && !result.isPlaceholderData;
  const rows = useMemo(() => (paged ? (result.data?.items ?? []) : (more.data?.pages.flatMap((p) => p.items) ?? [])), [paged, result.data, more.data]);

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

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    rows,
    total,
    page,
    pageCount,
    pageSize: GRID_PAGE_SIZE,
    query,
    isLoading: active.isPending,
    isFetching: active.isFetching,
    /** the list has been answered (it may be empty) */
    isSuccess: active.isSuccess,
    error: active.error,
    refetch: active.refetch,
    /** infinite mode: more rows than those loaded; `loadMore` asks for the next page */
    hasMore: !paged && hasNextPage,
    loadMore,
    isLoadingMore: !paged && isFetchingNextPage,
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

import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PageOf } from '../../../api/page';
import { useApiMutation } from '../../../api/useApiMutation';
import { useDataGrid, type ServerListQuery } from '../../../components/data-grid/useDataGrid';
import type { AssignTablesProps } from './AssignTables';

/** One side's write: its toasts' words and the call, given the ids assigned now (a call that sends the whole list). */
interface AssignmentWrite<T, R> {
  action: string;
  successMessage: string;
  mutationFn: (item: T, assignedIds: string[]) => Promise<R>;
}

export interface UseAssignmentOptions<T extends { id: string }, R> {
  /**
   * Everything there is: a whole list (`fetch`), or pages of 10 searched by name (`fetchPage`,
   * paged by `useDataGrid` in the tab's own state). `queryKey` is the list's key; a paged list's
   * query (`{ page, search }`) is added to it.
   */
  available: { queryKey: QueryKey } & (
    | { fetch: (signal: AbortSignal) => Promise<T[]> }
    | { fetchPage: (query: ServerListQuery, signal: AbortSignal) => Promise<PageOf<T>> }
  );
  /** what the account has */
  assigned: { queryKey: QueryKey; fetch: (signal: AbortSignal) => Promise<T[]> };
  add: AssignmentWrite<T, R>;
  remove: AssignmentWrite<T, R>;
  /** after a change: the answer is the account's list now (kept as is), or else the list is asked again */
  answerIsAssigned?: boolean;
  /** other keys a change makes stale (the account itself) */
  alsoInvalidate?: QueryKey[];
}

type AssignmentState<T extends { id: string }> = Pick<AssignTablesProps<T>, 'available' | 'assigned' | 'error' | 'paging' | 'search' | 'onAdd' | 'onRemove' | 'busy'>;

/**
 * The pick-list state of a profile's assignment tab (child accounts, style guides, permissions),
 * given to `AssignTables` beside the tab's columns: the available items (paged and searched, or
 * whole), the account's items, add and remove with their toasts, and `busy` while a change is on
 * its way or the account's side has not loaded (an add would send a list without what it holds).
 */
export function useAssignment<T extends { id: string }, R = unknown>(options: UseAssignmentOptions<T, R>): AssignmentState<T> {
  const { available, assigned, answerIsAssigned = false, alsoInvalidate = [] } = options;
  const queryClient = useQueryClient();
  const paged = 'fetchPage' in available;

  const grid = useDataGrid<T, 'search'>({
    mode: 'local',
    queryKey: available.queryKey,
    filters: ['search'],
    fetchPage: (query, signal) => ('fetchPage' in available ? available.fetchPage(query, signal) : Promise.resolve({ items: [], total: 0 })),
    enabled: paged,
  });
  const whole = useQuery({
    queryKey: available.queryKey,
    queryFn: ({ signal }) => ('fetch' in available ? available.fetch(signal) : Promise.resolve([])),
    enabled: !paged,
  });
  const held = useQuery({ queryKey: assigned.queryKey, queryFn: ({ signal }) => assigned.fetch(signal) });
  const current = (held.data ?? []).map((item) => item.id);

  const changed = async (answer: R) => {
    if (answerIsAssigned) queryClient.setQueryData(assigned.queryKey, answer);
    else await queryClient.invalidateQueries({ queryKey: assigned.queryKey });
    for (const key of alsoInvalidate) await queryClient.invalidateQueries({ queryKey: key });
  };
  const add = useApiMutation({
    action: options.add.action,
    successMessage: options.add.successMessage,
    mutationFn: (item: T) => options.add.mutationFn(item, current),
    onSuccess: changed,
  });
  const remove = useApiMutation({
    action: options.remove.action,
    successMessage: options.remove.successMessage,
    mutationFn: (item: T) => options.remove.mutationFn(item, current),
    onSuccess: changed,
  });

  return {
    available: paged ? (grid.isLoading ? undefined : grid.rows) : whole.data,
    assigned: held.data,
    error: (paged ? grid.error : whole.error) ?? held.error,
    ...(paged
      ? {
          paging: grid,
          search: { value: grid.filters.search, onChange: (value: string) => grid.setFilter('search', value) },
        }
      : {}),
    onAdd: (item) => add.mutate(item),
    onRemove: (item) => remove.mutate(item),
    busy: add.isPending || remove.isPending || !held.data,
  };
}

import { useQuery, type QueryFunction, type QueryKey, type SkipToken, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Expiring } from '@app/contracts/wire';
import type { PageStorage } from '../../components/data-grid/useDataGrid';
import { useSession } from '../../app/useSession';

/**
 * Chart answers kept in localStorage until their `expires` (a day, a month for monthly
 * charts), so a reload or the next visit within that time asks nothing. One entry per signed-in
 * user and query key: `statistics:<userId>:<key as JSON>`.
 */
export const STATISTICS_STORAGE_PREFIX = 'statistics:';

const storageKey = (userId: string, key: readonly unknown[]) => `${STATISTICS_STORAGE_PREFIX}${userId}:${JSON.stringify(key)}`;

const isExpiring = (value: unknown): value is Expiring =>
  typeof value === 'object' && value !== null && typeof (value as Partial<Expiring>).expires === 'string';

/** Milliseconds until the answer expires; 0 (or less) once it has, or when `expires` is not a time. */
export function timeLeft(answer: Expiring, now = Date.now()): number {
  const at = Date.parse(answer.expires);
  return Number.isNaN(at) ? 0 : at - now;
}

/** The stored answer of this key, while it has not expired. */
export function readStored<T extends Expiring>(userId: string, key: readonly unknown[], now = Date.now()): T | undefined {
  try {
    const raw = window.localStorage.getItem(storageKey(userId, key));
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    if (isExpiring(value) && timeLeft(value, now) > 0) return value as T;
    window.localStorage.removeItem(storageKey(userId, key));
  } catch {
    // storage disabled or a broken entry: ask the server
  }
  return undefined;
}

/** Drops the expired entries of every user, so the storage does not fill up with old charts. */
function sweep(now: number): void {
  for (let i = window.localStorage.length - 1; i >= 0; i--) {
    const name = window.localStorage.key(i);
    if (!name?.startsWith(STATISTICS_STORAGE_PREFIX)) continue;
    try {
      const value: unknown = JSON.parse(window.localStorage.getItem(name) ?? 'null');
      if (!isExpiring(value) || timeLeft(value, now) <= 0) window.localStorage.removeItem(name);
    } catch {
      window.localStorage.removeItem(name);
    }
  }
}

/** Drops every stored answer of this user (the refresh control: the next question goes to the server). */
export function forgetStored(userId: string): void {
  const prefix = `${STATISTICS_STORAGE_PREFIX}${userId}:`;
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i--) {
      const name = window.localStorage.key(i);
      if (name?.startsWith(prefix)) window.localStorage.removeItem(name);
    }
  } catch {
    // storage disabled: nothing kept
  }
}

export function store(userId: string, key: readonly unknown[], answer: Expiring, now = Date.now()): void {
  if (timeLeft(answer, now) <= 0) return;
  try {
    sweep(now);
    window.localStorage.setItem(storageKey(userId, key), JSON.stringify(answer));
  } catch {
    // storage full or disabled: the answer lives in the query cache only
  }
}

/** What `useStatistics` takes: query options of api/dashboard.ts (`dashboardQueries.…`), their key and call. */
export interface StatisticsQuery<T> {
  queryKey: QueryKey;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any key: the options' own key type is theirs
  queryFn?: QueryFunction<T, any> | SkipToken;
}

/** The signed-in user's id as the stored answers are keyed. */
export function useStatisticsUser(): string {
  return useSession()?.user?.id ?? 'anonymous';
}

/**
 * A dashboard question through TanStack Query (`useStatistics(dashboardQueries.devices(window))`,
 * the query options of api/dashboard.ts), its answer kept in localStorage until its `expires`: a
 * mount within that time takes the stored answer and sends nothing; once it has expired the
 * answer is stale and asked again.
 */
export function useStatistics<T extends Expiring>(query: StatisticsQuery<T>, options: { enabled?: boolean } = {}): UseQueryResult<T> {
  const storage = useStatisticsStorage<T>();
  const { queryKey } = query;
  const fetch = query.queryFn as QueryFunction<T, QueryKey>;
  return useQuery<T>({
    queryKey,
    queryFn: async (context) => {
      const answer = await fetch(context);
      storage.write(queryKey, answer);
      return answer;
    },
    initialData: () => storage.read(queryKey),
    // the stored answer was fresh when read: it counts from now, and stays fresh until it expires
    initialDataUpdatedAt: () => Date.now(),
    staleTime: (q) => storage.staleTime(q.state.data, q.state.dataUpdatedAt),
    enabled: options.enabled ?? true,
  });
}

/**
 * The signed-in user's kept answers as a `PageStorage`: what `useStatistics` reads and writes,
 * and what a paged dashboard card gives `useDataGrid` (`storage`) so its pages are kept alike.
 */
export function useStatisticsStorage<T extends Expiring>(): PageStorage<T> {
  const userId = useStatisticsUser();
  return useMemo(
    () => ({
      read: (key) => readStored<T>(userId, key),
      write: (key, answer) => store(userId, key, answer),
      staleTime: (answer, updatedAt) => (answer ? Math.max(0, timeLeft(answer, updatedAt)) : 0),
    }),
    [userId],
  );
}

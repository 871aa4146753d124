import { DEFAULT_FROM_DAYS, type Role } from '@app/contracts/wire';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list that starts at a date (admin and QA: 14 days back) writes it into the URL, replacing
 * the entry, before its first fetch, so the list and its date field agree and a reload or a
 * shared link keeps it. Answers false until the URL holds it (render nothing until then);
 * `from` undefined (a list that shows everything) is ready at once, as is a URL naming its own.
 */
export function useStartDateInUrl(from: string | undefined): boolean {
  const [params, setParams] = useSearchParams();
  const needsDefault = Boolean(from) && !params.get('from');
  useEffect(() => {
    if (!needsDefault || !from) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', from);
        return next;
      },
      { replace: true },
    );
  }, [needsDefault, from, setParams]);
  return !needsDefault;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Where the date filter starts when the URL names no date: 14 days ago, except for
 * dealership and management accounts, which see all their orders (undefined).
 */
export function defaultFrom(role: Role, now: Date = new Date()): string | undefined {
  if (role === 'Dealership' || role === 'Management') return undefined;
  return fourteenDaysBack(now);
}

/** The day `DEFAULT_FROM_DAYS` (14) days before `now`, as `YYYY-MM-DD` in local time. */
export function fourteenDaysBack(now: Date = new Date()): string {
  const from = new Date(now);
  from.setDate(from.getDate() - DEFAULT_FROM_DAYS);
  return isoDay(from);
}

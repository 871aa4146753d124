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

import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { MeView } from '@app/contracts/wire';
import { authApi, meKeys } from '../api/auth';
import { sessionStore, type Session } from '../api/session';

/** The signed-in session (tokens and last known user), or null when signed out. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/**
 * `GET /api/me` for the signed-in user. The stored snapshot shows at once; the answer
 * replaces it and is stored for the next visit.
 */
export function useMe() {
  const session = useSession();
  const snapshot = session?.user ?? undefined;
  const query = useQuery<MeView>({
    queryKey: meKeys.get(),
    queryFn: ({ signal }) => authApi.me(signal),
    enabled: session !== null,
    initialData: snapshot,
    // the snapshot may be old: ask again at once
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  useEffect(() => {
    if (data) sessionStore.setUser(data);
  }, [data]);
  return query;
}

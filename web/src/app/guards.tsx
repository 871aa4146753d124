import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { isApiError } from '../api/client';
import { Splash } from '../components/Splash';
import { ErrorPage } from '../features/errors/ErrorPage';
import { meets, type Requirement } from './access';
import { paths } from './paths';
import { useMe, useSession } from './useSession';

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after sign-in: the page that sent the visitor to sign in, else the landing screen. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('/auth')) {
    return paths.landing;
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** `/` and `/auth/*` (other than sign-in): signed in to the landing screen, otherwise to sign-in. */
export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={session ? paths.landing : paths.login} replace />;
}

/** Sign-in and forgot-password: a signed-in visitor goes on. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={returnPath(location.state)} replace />;
  return <>{children}</>;
}

/**
 * Screens of signed-in users: without a session, to sign-in (coming back here afterwards);
 * the splash until the user is known.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const me = useMe();
  if (!session) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  if (!me.data) {
    // a 401 is being handled by the API client (refresh, or off to /logout)
    if (me.isError && !(isApiError(me.error) && me.error.statusCode === 401)) return <ErrorPage code={500} />;
    return <Splash />;
  }
  return <>{children}</>;
}

/** A screen that needs a role or permission: /error/401 without it (inside `RequireSignedIn`). */
export function RequireAccess({ children, requires }: { children: ReactNode; requires?: Requirement }) {
  const me = useMe();
  if (me.data && !meets(me.data, requires)) return <Navigate to={paths.error(401)} replace />;
  return <>{children}</>;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { sessionStore } from '../../api/session';
import { paths } from '../../app/paths';
import { Splash } from '../../components/Splash';

/**
 * `/logout`: ends the session on the server (best effort: a dead session is simply
 * refused), forgets it here, empties the cache of the signed-in user, then /auth/login.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const session = sessionStore.get();
    void (async () => {
      if (session) await authApi.logout(session.accessToken).catch(() => undefined);
      sessionStore.clear();
      queryClient.clear();
      navigate(paths.login, { replace: true });
    })();
  }, [navigate, queryClient]);

  return <Splash />;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setSessionHooks } from '../api/client';
import { toast } from '../components/toast/toast';
import { paths } from './paths';

/**
 * Connects the API client's session reactions to the router (mounted once inside it):
 * no session -> /logout; a session that cannot be refreshed -> the message, then /logout;
 * a 401 after a good refresh -> /error/401.
 */
export function ApiBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(
    () =>
      setSessionHooks({
        onSignedOut: () => navigate(paths.logout, { replace: true }),
        onSessionExpired: () => {
          // queries of the dead session must not retry while /logout clears it
          void queryClient.cancelQueries();
          toast.notice('error', t('session.refreshFailed'));
          navigate(paths.logout, { replace: true });
        },
        onUnauthorized: () => navigate(paths.error(401)),
      }),
    [navigate, queryClient, t],
  );
  return null;
}

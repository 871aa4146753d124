import { useQueryClient } from '@tanstack/react-query';
import type { SignedIn } from '@app/contracts/wire';
import { meKeys } from '../../api/auth';
import { sessionStore } from '../../api/session';
import { toastStore } from '../../components/toast/toast';
import { applyUserLanguage } from '../../i18n';

/**
 * After a successful sign-in: the user's saved language applies, the user is cached, the
 * session is stored. The sign-in route then sends the user on (see `SignedOutOnly`).
 */
export function useCompleteSignIn(): (signedIn: SignedIn) => Promise<void> {
  const queryClient = useQueryClient();
  return async (signedIn) => {
    await applyUserLanguage(signedIn.user.language);
    queryClient.setQueryData(meKeys.get(), signedIn.user);
    toastStore.clear();
    sessionStore.start(signedIn, signedIn.user);
  };
}

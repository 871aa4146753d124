import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@app/contracts/wire';
import { usersApi } from '../../../api/users';
import { useApiMutation } from '../../../api/useApiMutation';

/**
 * The admin's "Resend invitation" on an account that has not chosen its password yet: a new
 * temporary password is mailed (the old one stops working), and a toast tells the outcome. A
 * confirmed account has nothing to resend: no button.
 */
export function ResendInvitationButton({ account }: { account: Pick<UserView, 'email' | 'userStatus'> }) {
  const { t } = useTranslation();
  const resend = useApiMutation({
    action: t('profile.resendInvitation.button'),
    successMessage: t('profile.resendInvitation.sent', { email: account.email }),
    mutationFn: () => usersApi.resendInvitation(account.email),
  });
  if (account.userStatus === 'CONFIRMED') return null;
  return (
    <Button variant="outlined" startIcon={<ForwardToInboxOutlined />} disabled={resend.isPending} onClick={() => resend.mutate()}>
      {t('profile.resendInvitation.button')}
    </Button>
  );
}

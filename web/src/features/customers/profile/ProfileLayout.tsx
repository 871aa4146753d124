import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { UserView } from '@app/contracts/wire';
import { userKeys, userQueries, usersApi } from '../../../api/users';
import { isStaff } from '../../../app/access';
import { useMe } from '../../../app/useSession';
import { isNotFound, isWellFormedId, NotFoundNotice } from '../../../components/NotFoundNotice';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { ProfileTags } from './ProfileTags';
import { PROFILE_TAB_LABELS, profilePath, profileTabs, type ProfileTab } from './profileRules';
import { ResendInvitationButton } from './ResendInvitationButton';

/** The account id of the route `/profile/:id/…`. */
export function useProfileId(): string {
  return useParams<{ id: string }>().id ?? '';
}

/**
 * An account's profile: its name, role, e-mail and counts, the tabs the viewer may open (the
 * admin all of them, Resend invitation (an account that has not chosen its password) and
 * Delete user, QA the orders), then the tab's content, which
 * gets the account once it is loaded.
 */
export function ProfileLayout({ tab, children }: { tab: ProfileTab; children: (account: UserView) => ReactNode }) {
  const { t } = useTranslation();
  const id = useProfileId();
  const { data: me } = useMe();
  // a link whose id is not an id names no account: not asked for, it shows the not-found notice
  const wellFormed = isWellFormedId(id);
  const account = useQuery({ ...userQueries.one(id), enabled: wellFormed });
  const stats = useQuery({ queryKey: userKeys.statistics(id), queryFn: ({ signal }) => usersApi.statistics(id, signal), enabled: wellFormed });
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tabs = me ? profileTabs(me.userRole) : [];
  // a tab the viewer does not get (QA on settings) opens the account's orders
  if (account.data && me && !tabs.includes(tab)) return <Navigate to={profilePath(id, 'orders')} replace />;
  if (!wellFormed || (account.isError && isNotFound(account.error)))
    return (
      <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 } }}>
        <NotFoundNotice page backTo="/customers" listName={t('menu.customers')} />
      </Container>
    );

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      {account.isPending && <CircularProgress size={28} aria-label={t('common.loading')} />}
      {account.isError && <Alert severity="error">{account.error.message}</Alert>}
      {account.data && (
        <>
          <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
              <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
                {account.data.displayName}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Chip size="small" label={t(`roles.${account.data.userRole}`)} data-testid="profile-role" />
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="profile-email">
                  {account.data.email}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="profile-counts">
                {stats.data && (
                  <>
                    <Chip variant="outlined" size="small" label={t('profile.ordersCount', { count: stats.data.ordersCount })} />
                    <Chip variant="outlined" size="small" label={t('profile.salesManCount', { count: stats.data.salesManCount })} />
                  </>
                )}
              </Box>
              {me && isStaff(me.userRole) && <ProfileTags accountId={id} />}
            </Box>
            {me?.userRole === 'Admin' && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <ResendInvitationButton account={account.data} />
                {account.data.deleteConfirmationHash && (
                  <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                    {t('profile.delete.button')}
                  </Button>
                )}
              </Box>
            )}
          </Box>
          <Tabs value={tab} variant="scrollable" scrollButtons="auto" aria-label={t('profile.tabsLabel')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            {tabs.map((x) => (
              <Tab key={x} value={x} label={t(PROFILE_TAB_LABELS[x])} component={RouterLink} to={profilePath(id, x)} />
            ))}
          </Tabs>
          <Box sx={{ minWidth: 0 }}>{children(account.data)}</Box>
          <ConfirmDeleteDialog
            name={deleting ? (account.data.deleteConfirmationHash ?? '') : null}
            action={t('profile.delete.button')}
            text={t('profile.delete.text', { name: account.data.displayName, code: account.data.deleteConfirmationHash ?? '' })}
            fieldLabel={t('profile.delete.code')}
            onDelete={() => usersApi.remove(id, account.data.deleteConfirmationHash ?? '')}
            onDeleted={() => {
              setDeleting(false);
              queryClient.removeQueries({ queryKey: userKeys.one(id) });
              void queryClient.invalidateQueries({ queryKey: userKeys.all() });
              navigate('/customers');
            }}
            onClose={() => setDeleting(false)}
          />
        </>
      )}
    </Container>
  );
}

import type { MeView, UserListItem } from '@app/contracts/wire';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { salesPeopleApi, salesPeopleKeys } from '../../api/salesPeople';
import { userKeys, usersApi } from '../../api/users';
import { useMe } from '../../app/useSession';
import { AccountPicker } from '../../components/AccountPicker';
import { AddSalesPersonDialog } from '../../components/sales-people/AddSalesPersonDialog';
import { abilitiesOf } from '../../components/sales-people/salesPeopleLogic';
import { SalesPeopleGrid } from '../../components/sales-people/SalesPeopleGrid';
import { SalesPersonCard } from './SalesPersonCard';

const ACCOUNT = 'account';

/**
 * `/salesmen` and `/salesmen/{id}`: the sales people of an account. The admin and QA choose the
 * dealership, management one of its child dealerships (`?account=` in the URL, kept on reload
 * and in shared links); a dealership sees its own; a signed-in sales person sees its dealership's, read-only. `/salesmen/{id}` shows that
 * sales person above the list (and, for staff without `?account=`, opens its dealership).
 */
export function SalesPeoplePage() {
  const { data: me } = useMe();
  if (!me) return null;
  return <SalesPeopleScreen me={me} />;
}

function SalesPeopleScreen({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const { id: selectedId } = useParams<{ id: string }>();
  const [params, setParams] = useSearchParams();
  const abilities = abilitiesOf(me);
  const accountId = abilities.picksAccount ? (params.get(ACCOUNT) ?? '') : me.id;

  const selected = useQuery({
    queryKey: salesPeopleKeys.one(selectedId ?? ''),
    queryFn: ({ signal }) => salesPeopleApi.get(selectedId!, signal),
    enabled: selectedId !== undefined,
  });
  // staff opening one sales person by its link: its dealership is the account shown
  const selectedAccount = selected.data?.userId;
  useEffect(() => {
    if (abilities.picksAccount && !params.get(ACCOUNT) && selectedAccount) {
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set(ACCOUNT, selectedAccount);
        return next;
      }, { replace: true });
    }
  }, [abilities.picksAccount, params, selectedAccount, setParams]);

  const account = useQuery({
    queryKey: userKeys.one(accountId),
    queryFn: ({ signal }) => usersApi.get(accountId, signal),
    enabled: abilities.picksAccount && accountId !== '',
  });

  const pickAccount = (picked: UserListItem | null) => {
    // a new account: no sales person of the old one stays selected, the list starts on page 1
    navigate({ pathname: '/salesmen', search: picked ? `?${ACCOUNT}=${picked.id}` : '' });
  };
  const search = abilities.picksAccount && accountId ? `?${ACCOUNT}=${accountId}` : '';
  const isDealership = abilities.picksAccount ? account.data?.userRole === 'Dealership' : me.userRole === 'Dealership';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1">{t('salesPeople.title')}</Typography>
        {abilities.add && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt />}
            disabled={!accountId || !isDealership}
            onClick={() => setAdding(true)}
          >
            {t('salesPeople.add')}
          </Button>
        )}
      </Box>
      {abilities.picksAccount && (
        <Box sx={{ maxWidth: 480 }}>
          <AccountPicker
            roles={['Dealership']}
            value={account.data && account.data.id === accountId ? account.data : null}
            onChange={pickAccount}
            helperText={t('salesPeople.accountHelp')}
          />
        </Box>
      )}
      {me.loggedInSalesPersonInfo !== null && <Alert severity="info">{t('salesPeople.readOnly')}</Alert>}
      {abilities.picksAccount && account.data && !isDealership && <Alert severity="info">{t('salesPeople.notDealership')}</Alert>}
      {selectedId !== undefined && (
        <SalesPersonCard
          query={selected}
          onClose={() => navigate({ pathname: '/salesmen', search })}
        />
      )}
      {accountId ? (
        <SalesPeopleGrid
          accountId={accountId}
          abilities={{ ...abilities, add: abilities.add && isDealership }}
          selectedId={selectedId}
          linkSearch={search}
          onDeleted={(id) => {
            if (id === selectedId) navigate({ pathname: '/salesmen', search }, { replace: true });
          }}
        />
      ) : (
        <Typography color="text.secondary">{t('salesPeople.pickAccount')}</Typography>
      )}
      {adding && (
        <AddSalesPersonDialog
          accountId={accountId}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: salesPeopleKeys.all() });
          }}
        />
      )}
    </Container>
  );
}

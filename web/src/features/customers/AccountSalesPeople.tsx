import type { MeView, UserView } from '@app/contracts/wire';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { salesPeopleKeys } from '../../api/salesPeople';
import { AddSalesPersonDialog } from '../../components/sales-people/AddSalesPersonDialog';
import { abilitiesOf } from '../../components/sales-people/salesPeopleLogic';
import { SalesPeopleGrid } from '../../components/sales-people/SalesPeopleGrid';

/**
 * The account form's sales-people section for a saved dealership account: its sales people, 10
 * a page, edited in place, with their logins and deletion (the same list as `/salesmen`), and
 * Add. Each change is saved at once, apart from the account's own Save. What the viewer may do
 * follows the sales-people screen's rules (the admin everything, QA reads). Sales people belong
 * to dealerships: another account's form says so.
 */
export function AccountSalesPeople({ account, me }: { account: Pick<UserView, 'id' | 'userRole'>; me: MeView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  if (account.userRole !== 'Dealership') return <Alert severity="info">{t('salesPeople.notDealership')}</Alert>;
  const abilities = abilitiesOf(me);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="account-sales-people">
      {abilities.add && (
        <Box>
          <Button variant="outlined" startIcon={<PersonAddAlt />} onClick={() => setAdding(true)}>
            {t('salesPeople.add')}
          </Button>
        </Box>
      )}
      <SalesPeopleGrid accountId={account.id} abilities={abilities} selectedId={undefined} linkSearch={`?account=${account.id}`} onDeleted={() => undefined} />
      {adding && (
        <AddSalesPersonDialog
          accountId={account.id}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: salesPeopleKeys.all() });
          }}
        />
      )}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem, UserView } from '@app/contracts/wire';
import { userKeys, userQueries, usersApi } from '../../../api/users';
import { useApiMutation } from '../../../api/useApiMutation';
import { AssignTables } from './AssignTables';
import { ProfileLayout, useProfileId } from './ProfileLayout';
import { hasChildAccounts, withId, withoutId } from './profileRules';

type Row = Pick<UserListItem, 'id' | 'displayName' | 'email'> & { country: string };

const rowOf = (u: UserListItem | UserView): Row => ({ id: u.id, displayName: u.displayName, email: u.email, country: u.address.country });

/**
 * `/profile/{id}/child-accounts` (admin): on a management account every dealership on the left,
 * the account's children on the right; on any other account a sentence saying only management
 * accounts have child accounts.
 */
export function ProfileChildAccountsTab() {
  return <ProfileLayout tab="child-accounts">{(account) => (hasChildAccounts(account.userRole) ? <ChildAccounts account={account} /> : <NoChildAccounts />)}</ProfileLayout>;
}

function NoChildAccounts() {
  const { t } = useTranslation();
  return <Alert severity="info">{t('profile.childAccounts.onlyManagement')}</Alert>;
}

function ChildAccounts({ account }: { account: UserView }) {
  const { t } = useTranslation();
  const id = useProfileId();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const all = useQuery({ ...userQueries.dealerships(page, search), placeholderData: keepPreviousData });
  const children = useQuery(userQueries.children(id));
  const current = (children.data ?? []).map((c) => c.id);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: userKeys.children(id) });
    await queryClient.invalidateQueries({ queryKey: userKeys.one(account.id) });
  };
  const add = useApiMutation({
    action: t('profile.childAccounts.add'),
    successMessage: t('profile.childAccounts.added'),
    mutationFn: (row: Row) => usersApi.setChildren(id, withId(current, row.id)),
    onSuccess: refresh,
  });
  const remove = useApiMutation({
    action: t('profile.childAccounts.remove'),
    successMessage: t('profile.childAccounts.removed'),
    mutationFn: (row: Row) => usersApi.setChildren(id, withoutId(current, row.id)),
    onSuccess: refresh,
  });

  return (
    <AssignTables<Row>
      columns={[
        { header: t('fields.dealership'), render: (r) => r.displayName },
        { header: t('fields.email'), render: (r) => r.email },
      ]}
      nameOf={(r) => r.displayName}
      available={all.data?.items.filter((u) => u.id !== id).map(rowOf)}
      assigned={children.data?.map(rowOf)}
      error={all.error ?? children.error}
      paging={{ page, total: all.data?.total ?? 0, onPage: setPage }}
      search={{
        value: search,
        onChange: (v) => {
          setSearch(v);
          setPage(1);
        },
      }}
      onAdd={(r) => add.mutate(r)}
      onRemove={(r) => remove.mutate(r)}
      busy={add.isPending || remove.isPending || !children.data}
    />
  );
}

import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { UserListItem, UserView } from '@app/contracts/wire';
import { userKeys, usersApi } from '../../../api/users';
import { AssignTables } from './AssignTables';
import { ProfileLayout, useProfileId } from './ProfileLayout';
import { hasChildAccounts, withId, withoutId } from './profileRules';
import { useAssignment } from './useAssignment';

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
  const assignment = useAssignment<Row>({
    available: {
      queryKey: userKeys.dealerships(),
      // the account itself is no child of its own
      fetchPage: (query, signal) =>
        usersApi.dealerships(query.page, String(query['search'] ?? ''), signal).then((page) => ({ ...page, items: page.items.filter((u) => u.id !== id).map(rowOf) })),
    },
    assigned: { queryKey: userKeys.children(id), fetch: (signal) => usersApi.children(id, signal).then((children) => children.map(rowOf)) },
    add: {
      action: t('profile.childAccounts.add'),
      successMessage: t('profile.childAccounts.added'),
      mutationFn: (row, current) => usersApi.setChildren(id, withId(current, row.id)),
    },
    remove: {
      action: t('profile.childAccounts.remove'),
      successMessage: t('profile.childAccounts.removed'),
      mutationFn: (row, current) => usersApi.setChildren(id, withoutId(current, row.id)),
    },
    alsoInvalidate: [userKeys.one(account.id)],
  });

  return (
    <AssignTables<Row>
      {...assignment}
      columns={[
        { header: t('fields.dealership'), render: (r) => r.displayName },
        { header: t('fields.email'), render: (r) => r.email },
      ]}
      nameOf={(r) => r.displayName}
    />
  );
}

import { AccountForm } from '../AccountForm';
import { ProfileLayout } from './ProfileLayout';

/** `/profile/{id}/settings` (admin): the account form of the account. */
export function ProfileSettingsTab() {
  return <ProfileLayout tab="settings">{(account) => <AccountForm userId={account.id} />}</ProfileLayout>;
}

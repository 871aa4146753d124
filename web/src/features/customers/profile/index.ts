import { createElement } from 'react';
import { Navigate, useParams } from 'react-router-dom';

export { ProfileChildAccountsTab } from './ProfileChildAccountsTab';
export { ProfileEventsTab } from './ProfileEventsTab';
export { ProfileIntegrationsTab } from './ProfileIntegrationsTab';
export { ProfileOrdersTab } from './ProfileOrdersTab';
export { ProfilePermissionsTab } from './ProfilePermissionsTab';
export { ProfileSettingsTab } from './ProfileSettingsTab';
export { ProfileStatisticsTab } from './ProfileStatisticsTab';
export { ProfileStyleGuidesTab } from './ProfileStyleGuidesTab';

/** `/profile/{id}` opens the orders tab. */
export function ProfileRedirect() {
  const { id = '' } = useParams<{ id: string }>();
  return createElement(Navigate, { to: `/profile/${id}/orders`, replace: true });
}

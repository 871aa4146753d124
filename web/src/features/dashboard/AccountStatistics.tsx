import type { Role } from '@app/contracts/wire';
import { DealershipDashboard } from './DealershipDashboard';
import { ManagementDashboard } from './ManagementDashboard';

/**
 * An account's statistics as its own dashboard shows them, for its profile's statistics tab:
 * the dealership dashboard of a dealership, the management dashboard of a management account.
 */
export function AccountStatistics({ account }: { account: { id: string; userRole: Role } }) {
  if (account.userRole === 'Management') return <ManagementDashboard accountId={account.id} />;
  if (account.userRole === 'Dealership') return <DealershipDashboard accountId={account.id} />;
  return null;
}

import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@app/contracts/wire';
import { ProfileLayout } from './ProfileLayout';
import { hasStatistics } from './profileRules';

/**
 * `/profile/{id}/statistics` (admin): a dealership's or management account's statistics as its
 * own dashboard shows them; on a staff account (admin, QA), which orders nothing, a sentence
 * saying there is nothing to count. The dashboard is another screen family, so the shell hands
 * its content in (`content`), as it composes the two lazy chunks.
 */
export function ProfileStatisticsTab({ content }: { content: (account: UserView) => ReactNode }) {
  return <ProfileLayout tab="statistics">{(account) => (hasStatistics(account.userRole) ? content(account) : <NoStatistics />)}</ProfileLayout>;
}

function NoStatistics() {
  const { t } = useTranslation();
  return <Alert severity="info">{t('profile.statistics.none')}</Alert>;
}

import type { ReactNode } from 'react';
import type { UserView } from '@app/contracts/wire';
import { ProfileLayout } from './ProfileLayout';

/**
 * `/profile/{id}/statistics` (admin, dealership and management accounts): the account's
 * statistics as its own dashboard shows them. The dashboard is another screen family, so the
 * shell hands its content in (`content`), as it composes the two lazy chunks.
 */
export function ProfileStatisticsTab({ content }: { content: (account: UserView) => ReactNode }) {
  return <ProfileLayout tab="statistics">{content}</ProfileLayout>;
}

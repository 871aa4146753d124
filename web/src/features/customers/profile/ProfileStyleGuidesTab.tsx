import { useTranslation } from 'react-i18next';
import type { StyleGuideListItem } from '@app/contracts/wire';
import { styleGuideKeys, styleGuidesApi } from '../../../api/admin';
import { AssignTables } from './AssignTables';
import { ProfileLayout, useProfileId } from './ProfileLayout';
import { useAssignment } from './useAssignment';

/** `/profile/{id}/styleguides` (admin): every style guide on the left, the account's on the right. */
export function ProfileStyleGuidesTab() {
  return <ProfileLayout tab="styleguides">{() => <StyleGuides />}</ProfileLayout>;
}

function StyleGuides() {
  const { t } = useTranslation();
  const id = useProfileId();
  const assignment = useAssignment<StyleGuideListItem>({
    available: { queryKey: styleGuideKeys.lists(), fetchPage: (query, signal) => styleGuidesApi.page(query.page, String(query['search'] ?? ''), signal) },
    assigned: { queryKey: styleGuideKeys.ofAccount(id), fetch: (signal) => styleGuidesApi.ofAccount(id, signal) },
    add: {
      action: t('profile.styleGuides.add'),
      successMessage: t('profile.styleGuides.added'),
      mutationFn: (g) => styleGuidesApi.addToAccount(id, g.id),
    },
    remove: {
      action: t('profile.styleGuides.remove'),
      successMessage: t('profile.styleGuides.removed'),
      mutationFn: (g) => styleGuidesApi.removeFromAccount(id, g.id),
    },
  });

  return (
    <AssignTables<StyleGuideListItem>
      {...assignment}
      columns={[
        { header: t('fields.name'), render: (g) => g.name },
        { header: t('profile.styleGuides.size'), render: (g) => `${g.outputWidth} × ${g.outputHeight}` },
      ]}
      nameOf={(g) => g.name}
    />
  );
}

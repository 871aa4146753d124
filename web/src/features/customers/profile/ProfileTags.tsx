import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EntityTags } from '../../../components/EntityTags';

/**
 * The account's tags on its profile (admin and QA, who alone see user tags), grouped by
 * category; a tag of the admin's user tags is put on or taken off here.
 */
export function ProfileTags({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="profile-tags-title" sx={{ display: 'grid', gap: 1, minWidth: 0, maxWidth: 480 }} data-testid="profile-tags">
      <Typography variant="subtitle2" id="profile-tags-title">
        {t('tagging.userTitle')}
      </Typography>
      <EntityTags entity="users" entityId={accountId} editable />
    </Box>
  );
}

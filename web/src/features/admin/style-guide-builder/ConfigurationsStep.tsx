import type { StyleGuideView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { styleGuideQueries } from '../../../api/admin';
import { sortedByPosition } from '../../../utils/position';
import { ConfigurationEditor } from './ConfigurationEditor';

/** Step 2: the guide's configurations sorted by position, each its own form, and one more for a new one. */
export function ConfigurationsStep({ guide, onBack }: { guide: StyleGuideView; onBack: () => void }) {
  const { t } = useTranslation();
  const angles = useQuery(styleGuideQueries.angleNames());
  const sorted = sortedByPosition(guide.configurations);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2">{t('admin.builder.configurationsTitle', { n: sorted.length })}</Typography>
      {sorted.map((c) => (
        <ConfigurationEditor key={c.id} guide={guide} configuration={c} angles={angles.data ?? []} />
      ))}
      <ConfigurationEditor key={`new-${sorted.length}-${sorted.map((c) => c.position).join(',')}`} guide={guide} angles={angles.data ?? []} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
        <Button variant="outlined" onClick={onBack}>
          {t('admin.builder.previous')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/admin/style-guides-v2">
          {t('admin.builder.finish')}
        </Button>
      </Box>
    </Box>
  );
}

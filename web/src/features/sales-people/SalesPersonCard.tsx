import type { SalesPersonView } from '@app/contracts/wire';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../components/data-grid/columns';
import { loginState } from '../../components/sales-people/salesPeopleLogic';

/** The sales person `/salesmen/{id}` names: its details, or the server's "Sales person not found". */
export function SalesPersonCard({ query, onClose }: { query: UseQueryResult<SalesPersonView>; onClose: () => void }) {
  const { t } = useTranslation();
  if (query.error) return <Alert severity="error" onClose={onClose}>{query.error.message}</Alert>;
  const sp = query.data;
  if (!sp) return null;
  const rows: Array<[string, string]> = [
    [t('fields.email'), sp.email],
    [t('fields.phone'), sp.phone],
    [t('salesPeople.fields.login'), t(`salesPeople.login.${loginState(sp)}`)],
    [t('fields.created'), formatTimestamp(sp.createdAt)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} aria-labelledby="sales-person-name" data-testid="sales-person-card">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="sales-person-name" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
          {sp.name}
        </Typography>
        <IconButton size="small" aria-label={t('buttons.close')} onClick={onClose}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

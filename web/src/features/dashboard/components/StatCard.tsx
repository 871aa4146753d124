import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';

export interface StatCardProps {
  label: string;
  value: string | number | null;
  /** the percent change against the previous 30 days (`percentChange` of the contract); null: nothing to compare with */
  change?: number | null;
  loading?: boolean;
}

/**
 * One number with its label; with `change`, the percent change beside an arrow: up and green,
 * down and red, flat and grey, or "no earlier data" when there is nothing to compare with.
 */
export function StatCard({ label, value, change, loading = false }: StatCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = value === null ? '–' : typeof value === 'number' ? format.number(value) : value;
  const tone = change === undefined || change === null || change === 0 ? 'text.secondary' : change > 0 ? 'success.main' : 'error.main';
  const Arrow = change === undefined || change === null || change === 0 ? Remove : change > 0 ? ArrowUpward : ArrowDownward;

  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        {loading ? (
          <Skeleton variant="text" width="50%" sx={{ fontSize: '2rem' }} role="progressbar" aria-label={t('common.loading')} />
        ) : (
          <Typography sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.2, overflowWrap: 'anywhere' }} data-testid="stat-value">
            {shown}
          </Typography>
        )}
        {!loading && change !== undefined && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, color: tone }} data-testid="stat-change">
            <Arrow fontSize="small" aria-hidden />
            <Typography variant="body2" component="span" sx={{ color: 'inherit', fontWeight: 600 }}>
              {change === null ? t('dashboard.common.noEarlierData') : format.percentChange(change)}
            </Typography>
            {change !== null && (
              <Typography variant="body2" component="span" color="text.secondary">
                {t('dashboard.common.vsPrevious30Days')}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

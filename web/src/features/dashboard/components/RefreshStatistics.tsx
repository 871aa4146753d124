import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeys } from '../../../api/dashboard';
import { forgetStored, useStatisticsUser } from '../useStatistics';

/**
 * A dashboard's "Refresh figures" button. The charts' answers are kept in the browser until they
 * expire (the spec's chart cache: a day, a month for monthly charts); this asks every question
 * of the dashboard again now: the stored answers of the signed-in user are dropped, the
 * dashboard's queries (and `also`, the other queries its cards read) marked stale, and those on
 * the screen fetched. The server answers from the facts as they are, so an order made a moment
 * ago is in the figures that come back. Busy (disabled, a spinner) until they have arrived.
 */
export function RefreshStatistics({ also = [] }: { also?: readonly QueryKey[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const userId = useStatisticsUser();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      forgetStored(userId);
      await Promise.all([dashboardKeys.all(), ...also].map((queryKey) => client.invalidateQueries({ queryKey })));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="medium"
      onClick={() => void refresh()}
      disabled={refreshing}
      startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Refresh />}
      sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, whiteSpace: 'nowrap' }}
    >
      {t('dashboard.common.refresh')}
    </Button>
  );
}

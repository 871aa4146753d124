import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@app/contracts/wire';
import { media360Queries } from '../../api/media360';
import { formatTimestamp } from '../../components/data-grid/columns';
import { Add360Dialog } from './Add360Dialog';
import { ExteriorSpin, InteriorPan } from './Media360Viewer';
import { KIND_NAMES } from './media360Logic';

/**
 * `/order/{id}/360`: the order's 360s, each in its viewer (an exterior spun by drag or keys, an
 * interior panned); admin and QA also see refused ones with the reason. "Add 360" for admin and
 * QA, and for the order's owner until the order is completed.
 */
export function Media360Tab({ order, canAdd }: { order: Pick<OrderView, 'id'>; canAdd: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const list = useQuery(media360Queries.ofOrder(order.id));

  const counts = { exterior360: 0, interior360: 0 };
  const named = (list.data ?? []).map((item) => ({ item, name: t(KIND_NAMES[item.kind], { n: ++counts[item.kind] }) }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canAdd && (
        <Button variant="outlined" startIcon={<Add />} onClick={() => setAdding(true)} sx={{ justifySelf: 'start' }}>
          {t('orderDetail.media360.add')}
        </Button>
      )}
      {list.isPending && <CircularProgress size={28} aria-label={t('common.loading')} />}
      {list.isError && <Typography color="error">{list.error.message}</Typography>}
      {list.isSuccess && list.data.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="no-360">
          {t('orderDetail.media360.none')}
        </Typography>
      )}
      {named.length > 0 && (
        <Box role="list" aria-label={t('orderDetail.tabs.media360')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(420px, 1fr))' } }}>
          {named.map(({ item, name }) => (
            <Paper key={item.id} role="listitem" aria-label={name} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="h3">
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[item.kind === 'exterior360' ? t('orderDetail.media360.frames', { count: item.frameCount }) : null, formatTimestamp(item.createdAt)].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              {item.status === 'ready' && item.kind === 'exterior360' && <ExteriorSpin frames={item.frameUrls} label={name} />}
              {item.status === 'ready' && item.kind === 'interior360' && item.frameUrls[0] && <InteriorPan url={item.frameUrls[0]} label={name} />}
              {item.status === 'rejected' && <Alert severity="warning">{t('orderDetail.media360.refused', { reason: item.failureReason ?? '' })}</Alert>}
            </Paper>
          ))}
        </Box>
      )}
      {canAdd && <Add360Dialog order={order} open={adding} onClose={() => setAdding(false)} />}
    </Box>
  );
}

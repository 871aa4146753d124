import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderEventView } from '@app/contracts/wire';
import { orderKeys, ordersApi } from '../../api/orders';
import { eventLabelKey } from '../../components/timeline/timelinePayload';
import { usePayloadSummary } from '../../components/timeline/usePayloadSummary';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { TimelineList, TimelineRow } from '../../components/timeline/TimelineRow';

/**
 * The order's timeline: 10 events a page, newest first, "load next batch"
 * for the next 10; admin and QA may show the hidden events too. Priority events are marked.
 */
export function EventTimeline({ orderId, staff }: { orderId: string; staff: boolean }) {
  const { t } = useTranslation();
  const payloadSummary = usePayloadSummary();
  const events = useDataGrid<OrderEventView, 'isHidden'>({
    mode: 'infinite',
    queryKey: orderKeys.events(orderId),
    filters: ['isHidden'],
    fetchPage: (query, signal) => ordersApi.events(orderId, query.page, query['isHidden'] === 'true', signal),
  });
  const showHidden = events.filters.isHidden === 'true';
  const items = events.rows;

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }} component="section" aria-labelledby="timeline-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" id="timeline-title">
          {t('orderDetail.timeline.title')}
        </Typography>
        {staff && (
          <FormControlLabel
            control={<Switch size="small" checked={showHidden} onChange={(e) => events.setFilter('isHidden', e.target.checked ? 'true' : '')} />}
            label={t('orderDetail.timeline.showHidden')}
          />
        )}
      </Box>
      {events.isLoading && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {events.error && <Typography color="error">{events.error.message}</Typography>}
      {events.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('orderDetail.timeline.empty')}</Typography>}
      <TimelineList testId="timeline">
        {items.map((event) => (
          <TimelineRow key={event.id} event={event} label={t(eventLabelKey(event), { defaultValue: event.eventName })} summary={payloadSummary(event)} />
        ))}
      </TimelineList>
      {events.hasMore && (
        <Button size="small" onClick={events.loadMore} disabled={events.isLoadingMore} sx={{ justifySelf: 'start' }}>
          {t('orderDetail.timeline.loadMore')}
        </Button>
      )}
    </Paper>
  );
}

import PriorityHigh from '@mui/icons-material/PriorityHigh';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEventView } from '@app/contracts/wire';
import { orderKeys, ordersApi } from '../../api/orders';
import { formatTimestamp } from '../../components/data-grid/columns';
import { eventLabelKey } from './timelinePayload';
import { usePayloadSummary } from './usePayloadSummary';

/**
 * The order's timeline: 10 events a page, newest first, "load next batch"
 * for the next 10; admin and QA may show the hidden events too. Priority events are marked.
 */
export function EventTimeline({ orderId, staff }: { orderId: string; staff: boolean }) {
  const { t } = useTranslation();
  const [showHidden, setShowHidden] = useState(false);
  const payloadSummary = usePayloadSummary();
  const events = useInfiniteQuery({
    queryKey: orderKeys.events(orderId, showHidden),
    queryFn: ({ pageParam, signal }) => ordersApi.events(orderId, pageParam, showHidden, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const items: OrderEventView[] = events.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }} component="section" aria-labelledby="timeline-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" id="timeline-title">
          {t('orderDetail.timeline.title')}
        </Typography>
        {staff && (
          <FormControlLabel
            control={<Switch size="small" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />}
            label={t('orderDetail.timeline.showHidden')}
          />
        )}
      </Box>
      {events.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {events.isError && <Typography color="error">{events.error.message}</Typography>}
      {events.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('orderDetail.timeline.empty')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="timeline">
        {items.map((event) => {
          const summary = payloadSummary(event);
          return (
            <Box
              component="li"
              key={event.id}
              data-event={event.eventName}
              sx={{ borderLeft: 3, borderColor: event.isPriority ? 'error.main' : 'divider', pl: 1.5, py: 0.25, opacity: event.isHidden ? 0.7 : 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {event.isPriority && <PriorityHigh fontSize="small" color="error" aria-label={t('orderDetail.timeline.priority')} />}
                {event.isHidden && <VisibilityOffOutlined fontSize="small" color="disabled" aria-label={t('common.hidden')} />}
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(eventLabelKey(event), { defaultValue: event.eventName })}
                </Typography>
              </Box>
              {summary && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {summary}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {formatTimestamp(event.createdAt)}
                {event.user ? ` · ${event.user.displayName}` : ` · ${t('orderDetail.timeline.system')}`}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {events.hasNextPage && (
        <Button size="small" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage} sx={{ justifySelf: 'start' }}>
          {t('orderDetail.timeline.loadMore')}
        </Button>
      )}
    </Paper>
  );
}

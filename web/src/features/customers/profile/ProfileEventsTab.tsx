import PriorityHigh from '@mui/icons-material/PriorityHigh';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { orderQueries } from '../../../api/orders';
import { formatTimestamp } from '../../../components/data-grid/columns';
import { GridPager } from '../../../components/data-grid/GridPager';
import { clampPage, pageCountOf } from '../../../components/data-grid/useDataGrid';
import { eventLabelKey } from '../../order-detail/timelinePayload';
import { ProfileLayout, useProfileId } from './ProfileLayout';

/** `/profile/{id}/events` (admin): the events of the account's orders, 10 a page, newest first, hidden ones on request. */
export function ProfileEventsTab() {
  return <ProfileLayout tab="events">{() => <AccountEvents />}</ProfileLayout>;
}

function AccountEvents() {
  const { t } = useTranslation();
  const id = useProfileId();
  const [page, setPage] = useState(1);
  const [showHidden, setShowHidden] = useState(false);
  const events = useQuery({
    ...orderQueries.accountEvents(id, page, showHidden),
    placeholderData: keepPreviousData,
  });
  const total = events.data?.total ?? 0;
  const pageCount = pageCountOf(total);
  const go = (n: number) => setPage(clampPage(n, pageCount));
  const items = events.data?.items ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2">{t('profile.tabs.events')}</Typography>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={showHidden}
              onChange={(e) => {
                setShowHidden(e.target.checked);
                setPage(1);
              }}
            />
          }
          label={t('orderDetail.timeline.showHidden')}
        />
      </Box>
      {events.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {events.isError && <Alert severity="error">{events.error.message}</Alert>}
      {events.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('profile.events.empty')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="profile-events">
        {items.map((event) => (
          <Box
            component="li"
            key={event.id}
            data-event={event.eventName}
            sx={{ borderLeft: 3, borderColor: event.isPriority ? 'error.main' : 'divider', pl: 1.5, py: 0.25, opacity: event.isHidden ? 0.7 : 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
              {event.isPriority && <PriorityHigh fontSize="small" color="error" aria-label={t('orderDetail.timeline.priority')} />}
              {event.isHidden && <VisibilityOffOutlined fontSize="small" color="disabled" aria-label={t('common.hidden')} />}
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(eventLabelKey(event), { defaultValue: event.eventName })}
              </Typography>
              <Link component={RouterLink} to={`/order/${event.order.id}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {event.order.orderName}
              </Link>
            </Box>
            <Typography variant="caption" color="text.secondary">
              {formatTimestamp(event.createdAt)}
              {event.user ? ` · ${event.user.displayName}` : ` · ${t('orderDetail.timeline.system')}`}
            </Typography>
          </Box>
        ))}
      </Box>
      {total > 0 && (
        <GridPager
          grid={{ page, pageCount, total, first: () => go(1), previous: () => go(page - 1), next: () => go(page + 1), last: () => go(pageCount) }}
        />
      )}
    </Paper>
  );
}

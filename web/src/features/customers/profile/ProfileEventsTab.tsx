import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { OrderEventView } from '@app/contracts/wire';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { orderKeys, ordersApi } from '../../../api/orders';
import { GridPager } from '../../../components/data-grid/GridPager';
import { useDataGrid } from '../../../components/data-grid/useDataGrid';
import { TimelineList, TimelineRow } from '../../../components/timeline/TimelineRow';
import { eventLabelKey } from '../../../components/timeline/timelinePayload';
import { ProfileLayout, useProfileId } from './ProfileLayout';

/** `/profile/{id}/events` (admin): the events of the account's orders, 10 a page, newest first, hidden ones on request. */
export function ProfileEventsTab() {
  return <ProfileLayout tab="events">{() => <AccountEvents />}</ProfileLayout>;
}

function AccountEvents() {
  const { t } = useTranslation();
  const id = useProfileId();
  // paged in the tab's own state: the profile's URL names the tab only
  const events = useDataGrid<OrderEventView, 'isHidden'>({
    mode: 'local',
    queryKey: orderKeys.accountEvents(id),
    filters: ['isHidden'],
    fetchPage: (query, signal) => ordersApi.accountEvents(id, query.page, query['isHidden'] === 'true', signal),
  });
  const showHidden = events.filters.isHidden === 'true';
  const items = events.rows;

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2">{t('profile.tabs.events')}</Typography>
        <FormControlLabel
          control={<Switch size="small" checked={showHidden} onChange={(e) => events.setFilter('isHidden', e.target.checked ? 'true' : '')} />}
          label={t('orderDetail.timeline.showHidden')}
        />
      </Box>
      {events.isLoading && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {events.error && <Alert severity="error">{events.error.message}</Alert>}
      {events.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('profile.events.empty')}</Typography>}
      <TimelineList testId="profile-events">
        {items.map((event) => (
          <TimelineRow
            key={event.id}
            event={event}
            label={t(eventLabelKey(event), { defaultValue: event.eventName })}
            aside={
              <Link component={RouterLink} to={`/order/${event.order.id}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {event.order.orderName}
              </Link>
            }
          />
        ))}
      </TimelineList>
      {events.total > 0 && <GridPager grid={events} />}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, providerInfo, QA_STATUSES, RE_EDIT_REASONS, type OrderEventView, type OrderStatus, type QaStatus, type ReEditReason } from '@app/contracts/wire';
import { orderKeys, ordersApi } from '../../api/orders';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { TimelineList, TimelineRow } from '../../components/timeline/TimelineRow';
import { useStatusLabels } from '../../components/StatusBadge';

/** Payload fields worth a word in the timeline, in this order (`from` → `to` for a change). */
/** the fields of an EDITED line shown as "before → after" */
const EDITED_FIELDS = ['salesMan', 'carType'] as const;
const SHOWN_PAYLOAD = ['orderName', 'status', 'QAstatus', 'position', 'imageCount', 'reason', 'provider', 'destination', 'error'] as const;

/** A delivery line's providers ("GENERIC_FTP, DELIVERY_ROBOT") as the integrations tab names them. */
const providerNames = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value.split(/,\s*/).map((p) => providerInfo(p)?.label ?? p).join(', ') : undefined;

/** The states of a QA task on the timeline (`QA_TASK_UPDATED`: `from` → `state`). */
const TASK_STATE_WORDS = {
  IN_PROGRESS: 'qaWorkspace.taskStates.inProgress',
  DONE: 'qaWorkspace.taskStates.done',
  REJECTED: 'qaWorkspace.taskStates.rejected',
  RELEASED: 'qaWorkspace.taskStates.released',
} as const;
const isTaskState = (value: string): value is keyof typeof TASK_STATE_WORDS => Object.hasOwn(TASK_STATE_WORDS, value);

/**
 * A short line of an event's payload; status values, QA task states and re-edit reasons are
 * shown translated, a decline's reason by its tag's name.
 */
function usePayloadSummary() {
  const { t } = useTranslation();
  const labels = useStatusLabels();
  const word = (value: unknown): string | undefined => {
    if (typeof value === 'number') return String(value);
    if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') return (value as { name: string }).name;
    if (typeof value !== 'string') return undefined;
    if ((ORDER_STATUSES as readonly string[]).includes(value)) return labels.status(value as OrderStatus);
    if ((QA_STATUSES as readonly string[]).includes(value)) return labels.qaStatus(value as QaStatus);
    if (isTaskState(value)) return t(TASK_STATE_WORDS[value]);
    if ((RE_EDIT_REASONS as readonly string[]).includes(value)) return t(`reEdit.reasons.${value as ReEditReason}`);
    return value;
  };
  const pair = (value: unknown): string | undefined => {
    if (value && typeof value === 'object') {
      const words = Object.values(value as Record<string, unknown>).map(word).filter(Boolean);
      return words.length ? words.join(' / ') : undefined;
    }
    return word(value);
  };
  return (payload: Record<string, unknown>): string => {
    const parts: string[] = [];
    const from = pair(payload['from']);
    // a QA task's change says where it went in `state`
    const to = pair(payload['to'] ?? (payload['from'] !== undefined ? payload['state'] : undefined));
    if (from || to) parts.push([from, to].filter(Boolean).join(' → '));
    // an edit names each changed field with its {from, to} (a new sales person: "Anna → Bo")
    for (const key of EDITED_FIELDS) {
      const edit = payload[key];
      if (!edit || typeof edit !== 'object' || !('to' in edit)) continue;
      const { from: before, to: after } = edit as { from?: unknown; to?: unknown };
      parts.push([word(before) ?? '–', word(after) ?? '–'].join(' → '));
    }
    for (const key of SHOWN_PAYLOAD) {
      const value = key === 'provider' ? providerNames(payload[key]) : word(payload[key]);
      if (value) parts.push(value);
    }
    return parts.join(' · ');
  };
}

/** An event's label; the line of a delivery that stopped says why (a destination failed, or was removed from the queue). */
function eventLabelKey(event: OrderEventView): string {
  const cause = event.payload['cause'];
  if (event.eventName === 'DELIVERY_STOPPED' && (cause === 'failed' || cause === 'removed')) return `orderDetail.events.DELIVERY_STOPPED_${cause}`;
  return `orderDetail.events.${event.eventName}`;
}

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
          <TimelineRow key={event.id} event={event} label={t(eventLabelKey(event), { defaultValue: event.eventName })} summary={payloadSummary(event.payload)} />
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

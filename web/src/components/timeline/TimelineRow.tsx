import PriorityHigh from '@mui/icons-material/PriorityHigh';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEventView } from '@app/contracts/wire';
import { formatTimestamp } from '../data-grid/columns';

/** What a row shows of an event, whichever list it is in. */
export type TimelineEvent = Pick<OrderEventView, 'id' | 'eventName' | 'isPriority' | 'isHidden' | 'createdAt' | 'user'>;

export interface TimelineRowProps {
  event: TimelineEvent;
  /** the event's name, translated */
  label: string;
  /** beside the name (the profile's list: a link to the event's order) */
  aside?: ReactNode;
  /** a line under the name (the order's timeline: what the payload says) */
  summary?: string;
}

/**
 * One line of a timeline (the order's and the profile's events): marked when a priority event,
 * dimmed when hidden, the name, then when and by whom ("System" for the platform's own steps).
 * `data-event` carries the event name for the browser tests.
 */
export function TimelineRow({ event, label, aside, summary }: TimelineRowProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-event={event.eventName}
      sx={{ borderLeft: 3, borderColor: event.isPriority ? 'error.main' : 'divider', pl: 1.5, py: 0.25, opacity: event.isHidden ? 0.7 : 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        {event.isPriority && <PriorityHigh fontSize="small" color="error" aria-label={t('orderDetail.timeline.priority')} />}
        {event.isHidden && <VisibilityOffOutlined fontSize="small" color="disabled" aria-label={t('common.hidden')} />}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {aside}
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
}

/** The list the rows go in, newest first; `testId` names it for the browser tests. */
export function TimelineList({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid={testId}>
      {children}
    </Box>
  );
}

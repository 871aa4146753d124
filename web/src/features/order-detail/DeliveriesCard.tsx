import { providerInfo, type OrderDeliveryView, type OrderView } from '@app/contracts/wire';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi, deliveryKeys, deliveryQueries } from '../../api/delivery';
import { orderKeys } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { formatTimestamp } from '../../components/data-grid/columns';
import { DELIVERY_STATE_COLORS } from '../../components/DeliveryDestinations';

/** How often the card asks again while something is on its way. */
export const DELIVERIES_REFRESH_MS = 3000;

/** A signature of what the card shows: when it changes, the order and its timeline are asked again. */
const signature = (list: OrderDeliveryView[]) => list.map((d) => `${d.id}:${d.state}:${d.attempts}`).join(',');

/**
 * Whether the order's delivery counts (kept by the orders service from the delivery service's
 * events, a moment later) do not yet say what the messages say: the order is then asked again.
 */
export function orderBehindDeliveries(delivery: OrderView['delivery'], list: readonly OrderDeliveryView[]): boolean {
  if (list.length === 0) return false;
  const queued = list.filter((d) => d.state === 'queued' || d.state === 'delivering').length;
  const delivered = list.filter((d) => d.state === 'delivered').length;
  const failed = list.filter((d) => d.state === 'failed').length;
  return delivery === null || delivery.queued !== queued || delivery.delivered !== delivered || delivery.failed !== failed;
}

/**
 * Where the order went and when (everyone who sees the order, once it was queued for
 * delivery): each destination with its state, attempts and last error, and the receipts
 * (destination, time, who delivered, the files). Asked again every few seconds while a
 * delivery waits, and while the order's status has not caught up with its deliveries (right
 * after the header's Deliver, before the order knows it was queued); a change brings the
 * order's status and timeline along. A destination that failed for good shows its reason and,
 * for admin and QA, a Retry button (it is queued again, attempts from zero). Once every
 * message was removed from the queue the card is gone (the timeline says what happened).
 */
export function DeliveriesCard({ order, staff }: { order: OrderView; staff: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // the header's Deliver queued something on this screen: follow it before the order shows it
  const enqueued = useMutationState({ filters: { mutationKey: deliveryKeys.enqueue(order.id), status: 'success' } }).length > 0;
  const deliveries = useQuery({
    ...deliveryQueries.ofOrder(order.id),
    enabled: order.delivery !== null || enqueued,
    refetchInterval: (query) => {
      const list = query.state.data ?? [];
      const waiting = order.status === 'Delivering' || (order.delivery?.queued ?? 0) > 0 || list.some((d) => d.state === 'queued' || d.state === 'delivering');
      return waiting || orderBehindDeliveries(order.delivery, list) ? DELIVERIES_REFRESH_MS : false;
    },
  });
  const behind = orderBehindDeliveries(order.delivery, deliveries.data ?? []);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!deliveries.data) return;
    const now = signature(deliveries.data);
    // on every answer of the list while the order is behind, not only when the list changes
    if ((seen.current !== null && seen.current !== now) || behind) {
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    }
    seen.current = now;
  }, [deliveries.data, deliveries.dataUpdatedAt, behind, order.id, queryClient]);

  const retry = useApiMutation({
    mutationKey: deliveryKeys.enqueue(order.id),
    action: t('delivery.card.retryAction'),
    mutationFn: (integrationId: string) => deliveryApi.enqueue(order.id, { selectedIntegrations: [{ id: integrationId }] }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveryKeys.ofOrder(order.id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() }),
      ]);
    },
  });

  if (order.delivery === null && !deliveries.data?.length) return null;
  // every message removed from the queue: nothing to show (the timeline says so)
  if (deliveries.isSuccess && deliveries.data.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="deliveries-title" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }} data-testid="deliveries-card">
      <Typography variant="h3" id="deliveries-title">
        {t('delivery.card.title')}
      </Typography>
      {order.delivery && order.delivery.failed > 0 && (
        <Alert severity="error" data-testid="delivery-failed-notice">
          {t('delivery.card.failedNotice', { n: order.delivery.failed })}
          {order.delivery.lastError ? `: ${order.delivery.lastError}` : ''}
        </Alert>
      )}
      {deliveries.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {deliveries.isError && <Typography color="error">{deliveries.error.message}</Typography>}
      {deliveries.data?.map((d) => (
        <Box key={d.id} sx={{ display: 'grid', gap: 0.5, borderTop: 1, borderColor: 'divider', pt: 1, minWidth: 0 }} data-testid="delivery-row">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{providerInfo(d.integration.provider)?.label ?? d.integration.provider}</Typography>
            <Chip size="small" color={DELIVERY_STATE_COLORS[d.state]} label={t(`delivery.states.${d.state}`)} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('delivery.card.queuedAt', { time: formatTimestamp(d.createdAt) })}
            {d.lastAccessed ? ` · ${t('delivery.card.lastAttempt', { time: formatTimestamp(d.lastAccessed) })}` : ''}
            {` · ${t('delivery.card.attempts', { n: d.attempts })}`}
          </Typography>
          {d.lastError && d.state !== 'delivered' && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }} data-testid="delivery-error">
              {d.lastError}
            </Typography>
          )}
          {staff && d.state === 'failed' && (
            <Box>
              <Button
                size="small"
                variant="outlined"
                disabled={retry.isPending}
                aria-label={t('delivery.card.retryOf', { provider: providerInfo(d.integration.provider)?.label ?? d.integration.provider })}
                onClick={() => retry.mutate(d.integration.id)}
              >
                {t('delivery.card.retry')}
              </Button>
            </Box>
          )}
          {d.receipts.map((r) => (
            <Box key={r.id} sx={{ display: 'grid', gap: 0.25, minWidth: 0 }} data-testid="delivery-receipt">
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('delivery.card.receipt', { destination: r.destination, time: formatTimestamp(r.createdAt) })} ·{' '}
                {t(`delivery.by.${r.deliveredBy}`)}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {r.files.map((f) => (
                  <Typography key={`${f.name}-${f.location}`} component="li" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('delivery.card.file', { name: f.name, size: (f.bytes / 1024).toFixed(1) })}
                  </Typography>
                ))}
              </Box>
              {r.answer && (
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {r.answer}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      ))}
    </Paper>
  );
}

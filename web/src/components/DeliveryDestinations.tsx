import { providerInfo, type DeliveryState, type OrderDeliveryState } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export const DELIVERY_STATE_COLORS = { queued: 'default', delivering: 'info', delivered: 'success', failed: 'error' } as const satisfies Record<DeliveryState, string>;

/**
 * Each destination of an order's delivery with its real state (queued, delivering, delivered,
 * failed), as the order keeps it from the delivery service: a small chip per destination
 * ("FTP server: Failed"), a failed one with its reason on hover. Nothing while the order was
 * never queued or has no destination left.
 */
export function DeliveryDestinations({ delivery }: { delivery: OrderDeliveryState | null }) {
  const { t } = useTranslation();
  const destinations = delivery?.destinations ?? [];
  if (!destinations.length) return null;
  return (
    <Box role="group" aria-label={t('delivery.destinations')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 0 }} data-testid="delivery-destinations">
      {destinations.map((d) => {
        const label = t('delivery.destinationState', { provider: providerInfo(d.provider)?.label ?? d.provider, state: t(`delivery.states.${d.state}`) });
        const chip = <Chip size="small" variant="outlined" color={DELIVERY_STATE_COLORS[d.state]} label={label} sx={{ maxWidth: '100%' }} />;
        return (
          <Box component="span" key={d.integrationId} data-state={d.state} data-testid="delivery-destination" sx={{ minWidth: 0, maxWidth: '100%' }}>
            {d.state === 'failed' && d.lastError ? <Tooltip title={d.lastError}>{chip}</Tooltip> : chip}
          </Box>
        );
      })}
    </Box>
  );
}

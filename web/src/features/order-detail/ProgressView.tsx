import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderView } from '@app/contracts/wire';
import { useMe } from '../../app/useSession';
import { canOpen, closedReason } from '../../utils/orderOpening';
import { EventTimeline } from './EventTimeline';
import { OrderHeader } from './OrderHeader';

/**
 * `/order/{id}/progress`: an order the list does not open yet, read-only: its header (status,
 * pictures uploaded and processed), why it is not open yet and its timeline; `missing` (the
 * "Add the missing pictures" of an Uploading order) for whoever may add them. Once the order
 * opens, a button leads to its page.
 */
export function ProgressView({ order, missing }: { order: OrderView; missing: ReactNode }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  const reason = closedReason(order, me.userRole);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="order-progress">
      <OrderHeader order={order} staff={false} canRename={false} />
      {reason ? (
        <Alert severity="info" data-testid="progress-reason">
          {t(`orders.closed.${reason}`, { uploaded: order.uploadedImagesCount, taken: order.takenImagesCount })}
        </Alert>
      ) : (
        canOpen(order, me.userRole) && (
          <Button component={RouterLink} to={`/order/${order.id}`} variant="contained" sx={{ justifySelf: 'start' }}>
            {t('orders.progress.open')}
          </Button>
        )
      )}
      {missing}
      <EventTimeline orderId={order.id} staff={false} />
    </Box>
  );
}

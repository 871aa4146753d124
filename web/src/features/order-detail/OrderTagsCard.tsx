import type { OrderView } from '@app/contracts/wire';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderKeys } from '../../api/orders';
import { qaWorkspaceKeys } from '../../api/qaWorkspace';
import { EntityTags } from '../../components/EntityTags';

/**
 * The order's tags in the side panel (admin and QA): grouped by category, a tag put on or
 * taken off here. The order, the orders list and the QA lists (PRIORITY orders first, a QA
 * tag is a pick) are read again after each change.
 */
export function OrderTagsCard({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    void queryClient.invalidateQueries({ queryKey: qaWorkspaceKeys.all() });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="order-tags-title" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }} data-testid="order-tags-card">
      <Typography variant="h3" id="order-tags-title">
        {t('tagging.orderTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('tagging.orderHelp')}
      </Typography>
      <EntityTags entity="orders" entityId={order.id} editable onChanged={changed} />
    </Paper>
  );
}

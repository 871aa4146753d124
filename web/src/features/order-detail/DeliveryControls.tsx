import type { OrderView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi, deliveryKeys, deliveryQueries } from '../../api/delivery';
import { orderKeys } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { DELIVERY_BUTTON, deliveryButtonState } from './deliveryButton';

/**
 * The order header's integration delivery (admin and QA, and a dealership holding
 * READ_USER_INTEGRATIONS for its own orders): the account's active integrations
 * to choose from, and the Deliver button with its states (deliveryButton.ts). A delivery
 * queues one message per chosen integration; the order then shows Delivering, its timeline
 * and its deliveries card follow.
 */
export function DeliveryControls({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const integrations = useQuery(deliveryQueries.integrationsOf(order.id));
  const deliver = useApiMutation({
    mutationKey: deliveryKeys.enqueue(order.id),
    action: t('delivery.deliverAction'),
    mutationFn: (ids: string[]) => deliveryApi.enqueue(order.id, { selectedIntegrations: ids.map((id) => ({ id })) }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() }),
        queryClient.invalidateQueries({ queryKey: deliveryKeys.ofOrder(order.id) }),
      ]);
    },
  });
  const state = deliveryButtonState(deliver.isPending, deliver.isSuccess, deliver.error);
  const look = DELIVERY_BUTTON[state];
  const options = integrations.data ?? [];

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }} data-testid="delivery-controls">
      <TextField
        select
        size="small"
        label={t('delivery.integrations')}
        value={chosen}
        disabled={!options.length || deliver.isPending}
        helperText={integrations.isSuccess && !options.length ? t('delivery.noIntegrations') : undefined}
        slotProps={{ select: { multiple: true, renderValue: (ids) => (ids as string[]).map((id) => options.find((o) => o.id === id)?.label ?? id).join(', ') } }}
        onChange={(e) => {
          const value = e.target.value as unknown as string[] | string;
          setChosen(typeof value === 'string' ? value.split(',') : value);
          if (state !== 'secondary') deliver.reset();
        }}
        sx={{ minWidth: 220, maxWidth: '100%' }}
      >
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant={state === 'secondary' ? 'outlined' : 'contained'}
        color={look.color}
        disabled={state === 'secondary' || state === 'loading' || !chosen.length}
        onClick={() => deliver.mutate(chosen)}
        startIcon={state === 'loading' ? <CircularProgress size={16} color="inherit" /> : undefined}
        data-testid="deliver-button"
        data-state={state}
      >
        {t(look.labelKey)}
      </Button>
    </Box>
  );
}

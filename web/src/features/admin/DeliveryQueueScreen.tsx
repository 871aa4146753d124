import { DELIVERY_STATES, providerInfo, type DeliveryMessageView } from '@app/contracts/wire';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi, deliveryKeys, deliveryQueries } from '../../api/delivery';
import { useApiMutation } from '../../api/useApiMutation';
import { DataGridPage } from '../../components/data-grid/DataGridPage';
import { formatTimestamp } from '../../components/data-grid/columns';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { AdminLayout } from './AdminLayout';

/** The provider as the integrations tab names it ("FTP server"), not its code. */
const providerName = (row: DeliveryMessageView) => providerInfo(row.integration.provider)?.label ?? row.integration.provider;

/** The queue changes on its own (workers, robots, retries): the screen asks again this often. */
export const QUEUE_REFRESH_MS = 5000;

type Confirming = { kind: 'remove'; row: DeliveryMessageView } | { kind: 'reboot' } | null;

/**
 * `/admin/order-delivery-message`: the delivery queue, newest first, 10 a page (order name,
 * queued, last attempt, provider, visible, attempts, last error), searched by order name and
 * filtered by state; make a message visible now, remove one (after confirmation), reboot the
 * delivery robots (after confirmation), and the count of messages available now. Asked again
 * every few seconds, so an attempt, a retry or a delivery shows without a reload.
 */
export function DeliveryQueueScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const grid = useDataGrid<DeliveryMessageView, 'search' | 'state'>({
    queryKey: deliveryKeys.lists(),
    filters: ['search', 'state'],
    refetchIntervalMs: QUEUE_REFRESH_MS,
    fetchPage: async (query, signal) => {
      const [items, total] = await deliveryApi.list(query, signal);
      return { items, total };
    },
  });
  const available = useQuery({ ...deliveryQueries.availableCount(), refetchInterval: QUEUE_REFRESH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all() });

  const setVisible = useApiMutation({ action: t('delivery.queue.makeVisible'), mutationFn: (id: string) => deliveryApi.setVisible(id), onSuccess: refresh });
  const remove = useApiMutation({
    action: t('delivery.queue.remove'),
    mutationFn: (id: string) => deliveryApi.remove(id),
    onSuccess: async () => {
      setConfirming(null);
      await refresh();
    },
  });
  const reboot = useApiMutation({
    action: t('delivery.queue.reboot'),
    successMessage: t('delivery.queue.rebootQueued'),
    mutationFn: () => deliveryApi.reboot(),
    onSuccess: () => setConfirming(null),
  });

  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const shown: GridColDef<DeliveryMessageView>[] = [
    { field: 'orderName', headerName: t('fields.orderName'), flex: 1, minWidth: 180, valueGetter: (_v, row) => row.order.orderName },
    { field: 'createdAt', headerName: t('delivery.queue.fields.queued'), width: 170, valueFormatter: (value: unknown) => formatTimestamp(value) },
    { field: 'lastAccessed', headerName: t('delivery.queue.fields.lastAttempt'), width: 170, valueFormatter: (value: unknown) => (value ? formatTimestamp(value) : '–') },
    { field: 'provider', headerName: t('delivery.queue.fields.provider'), width: 160, valueGetter: (_v, row) => providerName(row) },
    {
      field: 'state',
      headerName: t('fields.status'),
      width: 130,
      renderCell: ({ row }) => <Chip size="small" color={row.state === 'failed' ? 'error' : row.state === 'delivered' ? 'success' : 'default'} label={t(`delivery.states.${row.state}`)} />,
    },
    { field: 'visible', headerName: t('common.visible'), width: 100, valueFormatter: (value: unknown) => yesNo(Boolean(value)) },
    { field: 'attempts', headerName: t('delivery.queue.fields.attempts'), width: 100, type: 'number' },
    {
      field: 'lastError',
      headerName: t('delivery.queue.fields.lastError'),
      flex: 1,
      minWidth: 200,
      // the error is what the admin acts on: the whole text on hover or focus when the cell cuts it
      renderCell: ({ row }) =>
        row.lastError ? (
          <Tooltip title={row.lastError}>
            <Box component="span" tabIndex={0} sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {row.lastError}
            </Box>
          </Tooltip>
        ) : (
          '–'
        ),
    },
    {
      field: '__actions__',
      headerName: t('common.actions'),
      width: 110,
      align: 'center',
      headerAlign: 'center',
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <Tooltip title={t('delivery.queue.makeVisible')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('delivery.queue.makeVisibleOf', { name: row.order.orderName })}
                disabled={row.state === 'delivered' || setVisible.isPending}
                onClick={(e) => {
                  e.stopPropagation();
                  setVisible.mutate(row.id);
                }}
              >
                <Visibility fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('delivery.queue.remove')}>
            <IconButton
              size="small"
              color="error"
              aria-label={t('common.removeOf', { name: row.order.orderName })}
              onClick={(e) => {
                e.stopPropagation();
                setConfirming({ kind: 'remove', row });
              }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];
  // the list takes no sort parameter
  const columns = shown.map((c) => ({ ...c, sortable: false }));

  return (
    <AdminLayout tab="/admin/order-delivery-message">
      <DataGridPage<DeliveryMessageView>
        grid={grid}
        title={t('menu.adminOrderDelivery')}
        columns={columns}
        actions={
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              color="info"
              variant="outlined"
              data-testid="available-count"
              label={t('delivery.queue.available', { n: available.data?.availableMessageCount ?? 0 })}
            />
            <Button variant="outlined" color="warning" onClick={() => setConfirming({ kind: 'reboot' })}>
              {t('delivery.queue.reboot')}
            </Button>
          </Box>
        }
        filters={
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <TextField size="small" label={t('fields.search')} value={grid.filters.search} onChange={(e) => grid.setFilter('search', e.target.value)} sx={{ minWidth: 240 }} />
            <TextField select size="small" label={t('fields.status')} value={grid.filters.state} onChange={(e) => grid.setFilter('state', e.target.value)} sx={{ minWidth: 180 }}>
              <MenuItem value="">{t('delivery.queue.allStates')}</MenuItem>
              {DELIVERY_STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`delivery.states.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        }
      />
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{confirming?.kind === 'reboot' ? t('delivery.queue.reboot') : t('delivery.queue.remove')}</DialogTitle>
        <DialogContent>
          {confirming?.kind === 'reboot'
            ? t('delivery.queue.confirmReboot')
            : confirming?.kind === 'remove'
              ? t('delivery.queue.confirmRemove', { name: confirming.row.order.orderName, provider: providerName(confirming.row) })
              : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('buttons.cancel')}</Button>
          <Button
            variant="contained"
            color={confirming?.kind === 'reboot' ? 'warning' : 'error'}
            disabled={remove.isPending || reboot.isPending}
            onClick={() => {
              if (confirming?.kind === 'reboot') reboot.mutate();
              else if (confirming?.kind === 'remove') remove.mutate(confirming.row.id);
            }}
            data-testid="confirm-button"
          >
            {confirming?.kind === 'reboot' ? t('delivery.queue.rebootConfirm') : t('delivery.queue.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </AdminLayout>
  );
}

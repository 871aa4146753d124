import { ORDER_STATUSES, QA_STATUSES, type OrderStatus, type OrderView, pairForQaStatus, pairForStatus, type QaStatus, type StatusPair, unapprovedImages } from '@app/contracts/wire';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderKeys, ordersApi } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatTimestamp } from '../../components/data-grid/columns';
import { FormField } from '../../components/form/FormField';
import { useForm } from '../../components/form/useForm';
import { DeliveryDestinations } from '../../components/DeliveryDestinations';
import { DeliveryControls } from './DeliveryControls';
import { StatusBadge, useStatusLabels } from '../../components/StatusBadge';
import { orderNameError } from '../../utils/orderName';

/** The Approve button rests this long after a click. */
export const APPROVE_COOLDOWN_MS = 1000;

/** Writes the server's answer into the cache, so every part of the screen shows it. */
function useOrderAnswer(orderId: string) {
  const queryClient = useQueryClient();
  return (order: OrderView) => {
    queryClient.setQueryData(orderKeys.one(orderId), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

/**
 * The header of an order: the name (inline edit for admin and QA, and for
 * the owner with UPDATE_ORDERS), the
 * dealership, status and QA status (dropdowns under the paired rules for admin and QA,
 * badges for the others), the Approve button, the integration delivery (admin and QA, and a
 * dealership holding READ_USER_INTEGRATIONS), and for admin and QA the car type, the app
 * version and the customer's note.
 */
export function OrderHeader({ order, staff, canRename, canDeliver = staff }: { order: OrderView; staff: boolean; canRename: boolean; canDeliver?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid="order-header">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <InlineOrderName order={order} editable={canRename} />
        {staff ? <StatusControls order={order} /> : <StatusBadge status={order.status} />}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Fact label={t('fields.dealership')}>{order.user.displayName}</Fact>
        <Fact label={t('fields.salesPerson')}>{order.salesMan?.name ?? '–'}</Fact>
        <Fact label={t('fields.styleGuide')}>{order.styleGuide.name}</Fact>
        <Fact label={t('fields.images')}>
          <span data-testid="image-progress">
            {t('orderDetail.imageProgress', { uploaded: order.uploadedImagesCount, processed: order.processedImagesCount, taken: order.takenImagesCount })}
          </span>
        </Fact>
        <Fact label={t('fields.created')}>{formatTimestamp(order.createdAt)}</Fact>
        <Fact label={t('fields.updated')}>{formatTimestamp(order.updatedAt)}</Fact>
        {staff && (
          <>
            <Fact label={t('orderDetail.fields.carType')}>{order.carType?.carTypeName ?? t('orderDetail.carTypeNone')}</Fact>
            <Fact label={t('orderDetail.fields.appVersion')}>{order.appVersion ?? t('orderDetail.webApp')}</Fact>
          </>
        )}
      </Box>
      {canDeliver && <DeliveryControls order={order} />}
      <DeliveryDestinations delivery={order.delivery} />
      {staff && (
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('orderDetail.fields.customerNote')}
          </Typography>
          <Typography sx={{ maxWidth: 955, whiteSpace: 'pre-wrap' }} data-testid="customer-note">
            {order.note || '–'}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Status and QA status dropdowns (admin and QA) under the paired status rules (docs/orders.md):
 * choosing one sends the pair, the server's answer replaces the display, "Status updated"
 * shows. The Approve button (while QA status is not Approved) sets Approved and Ready to
 * download, then rests for a second; while pictures are still unapproved it first asks, saying
 * how many.
 */
export function StatusControls({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const labels = useStatusLabels();
  const answer = useOrderAnswer(order.id);
  const [resting, setResting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const unapproved = unapprovedImages(order);
  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), APPROVE_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  const change = useApiMutation({
    action: t('orderDetail.changeStatus'),
    successMessage: t('orderDetail.statusUpdated'),
    mutationFn: (pair: StatusPair) => ordersApi.update(order.id, pair),
    onSuccess: answer,
  });
  const approve = useApiMutation({
    action: t('orderDetail.approve'),
    successMessage: t('orderDetail.statusUpdated'),
    mutationFn: () => ordersApi.approve(order.id, true),
    onSuccess: answer,
  });

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={t('fields.status')}
        value={order.status}
        disabled={change.isPending}
        onChange={(e) => change.mutate(pairForStatus(e.target.value as OrderStatus))}
        sx={{ minWidth: 190 }}
      >
        {ORDER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {labels.status(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('fields.qaStatus')}
        value={order.QAstatus}
        disabled={change.isPending}
        onChange={(e) => change.mutate(pairForQaStatus(e.target.value as QaStatus))}
        sx={{ minWidth: 190 }}
      >
        {QA_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {labels.qaStatus(s)}
          </MenuItem>
        ))}
      </TextField>
      {order.QAstatus !== 'Approved' && (
        <Button
          variant="contained"
          color="success"
          disabled={resting || approve.isPending}
          onClick={() => {
            if (unapproved > 0) return setConfirming(true);
            setResting(true);
            approve.mutate();
          }}
        >
          {t('orderDetail.approve')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('orderDetail.approveConfirm.title')}
        text={t('orderDetail.approveConfirm.text', { n: unapproved, total: order.uploadedImagesCount })}
        confirmLabel={t('orderDetail.approve')}
        color="success"
        onConfirm={() => {
          setConfirming(false);
          setResting(true);
          approve.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/**
 * The order name, edited in place (double-click or the pencil): trimmed, 3 to 60 characters,
 * the error shown while typing and the save blocked while one shows; confirm saves, Escape
 * or cancel leaves it as it was. The server's answer (or its message) replaces the display.
 */
export function InlineOrderName({ order, editable }: { order: OrderView; editable: boolean }) {
  const { t } = useTranslation();
  const answer = useOrderAnswer(order.id);
  const [editing, setEditing] = useState(false);
  const form = useForm({
    initialValues: { orderName: order.orderName },
    validate: (v) => ({ orderName: orderNameError(v.orderName) }),
    showErrors: 'change',
    action: t('orderDetail.rename'),
    mutationFn: (v) => ordersApi.update(order.id, { orderName: v.orderName.trim() }),
    // the server's message (a taken name) shows on the field too
    serverErrorField: (error) => (error.statusCode >= 400 && error.statusCode < 500 ? 'orderName' : undefined),
    onSuccess: (next) => {
      answer(next);
      setEditing(false);
    },
  });
  const label = t('fields.orderName');
  const error = form.error('orderName', label);

  const start = () => {
    if (!editable) return;
    form.reset({ orderName: order.orderName });
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (error || form.busy) return;
    if (form.values.orderName.trim() === order.orderName) return cancel();
    form.handleSubmit()();
  };

  if (editing)
    return (
      <Box component="form" ref={form.ref} noValidate onSubmit={confirm} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flex: '1 1 360px', maxWidth: 640 }}>
        <FormField {...form.field('orderName', label)} autoFocus size="small" margin="none" onKeyDown={(e) => e.key === 'Escape' && cancel()} />
        <Tooltip title={t('orderDetail.saveName')}>
          <span>
            <IconButton type="submit" color="primary" aria-label={t('orderDetail.saveName')} disabled={Boolean(error) || form.busy}>
              <Check />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('buttons.cancel')}>
          <IconButton aria-label={t('buttons.cancel')} onClick={cancel}>
            <Close />
          </IconButton>
        </Tooltip>
      </Box>
    );

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="h1"
        onDoubleClick={start}
        title={editable ? t('orderDetail.doubleClickToEdit') : undefined}
        sx={{ overflowWrap: 'anywhere', cursor: editable ? 'text' : 'default' }}
      >
        {order.orderName}
      </Typography>
      {editable && (
        <Tooltip title={t('orderDetail.editName')}>
          <IconButton aria-label={t('orderDetail.editName')} onClick={start}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

import type { OrderView } from '@app/contracts/wire';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderKeys, ordersApi } from '../../api/orders';
import { salesPeopleQueries } from '../../api/salesPeople';
import { useApiMutation } from '../../api/useApiMutation';

/**
 * The order's sales person in the side panel (admin and QA), and the sales-person dialog:
 * one of the order owner's sales people is picked and saved (`PUT /orders/{id}` with
 * `salesMan`). The answer replaces the order on screen; the timeline shows the change and the
 * statistics count the order for the new person.
 */
export function SalesPersonCard({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sales-person-title" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start', minWidth: 0 }} data-testid="sales-person-card">
      <Typography variant="h3" id="sales-person-title">
        {t('orderDetail.salesPerson.title')}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="sales-person-name">
        {order.salesMan?.name ?? t('orderDetail.salesPerson.none')}
      </Typography>
      <Button variant="outlined" size="small" sx={{ justifySelf: 'start' }} onClick={() => setOpen(true)}>
        {t('orderDetail.salesPerson.change')}
      </Button>
      {open && <SalesPersonDialog order={order} onClose={() => setOpen(false)} />}
    </Paper>
  );
}

function SalesPersonDialog({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(order.salesMan?.id ?? '');
  const people = useQuery(salesPeopleQueries.ofAccount(order.user.id));
  const save = useApiMutation({
    action: t('orderDetail.salesPerson.change'),
    successMessage: t('orderDetail.salesPerson.saved'),
    mutationFn: (salesMan: string) => ordersApi.update(order.id, { salesMan }),
    onSuccess: (next) => {
      queryClient.setQueryData(orderKeys.one(order.id), next);
      void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      onClose();
    },
  });
  const unchanged = chosen === (order.salesMan?.id ?? '');

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <form
        noValidate
        aria-label={t('orderDetail.salesPerson.dialogTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen && !unchanged && !save.isPending) save.mutate(chosen);
        }}
      >
        <DialogTitle>{t('orderDetail.salesPerson.dialogTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('orderDetail.salesPerson.text', { dealership: order.user.displayName })}</DialogContentText>
          {people.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
          {people.isError && <Alert severity="error">{people.error.message}</Alert>}
          {people.isSuccess && people.data.length === 0 && <Alert severity="info">{t('orderDetail.salesPerson.noneAvailable')}</Alert>}
          {people.isSuccess && people.data.length > 0 && (
            <TextField
              select
              label={t('orderDetail.salesPerson.label')}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'sales-person-select' } }}
              sx={{ mt: 1 }}
            >
              {!chosen && (
                <MenuItem value="" disabled>
                  {t('orderDetail.salesPerson.none')}
                </MenuItem>
              )}
              {/* a sales person no longer on the account stays shown while it is the order's */}
              {order.salesMan && !people.data.some((p) => p.id === order.salesMan!.id) && (
                <MenuItem value={order.salesMan.id} disabled>
                  {order.salesMan.name}
                </MenuItem>
              )}
              {people.data.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!chosen || unchanged || save.isPending}>
            {t('buttons.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

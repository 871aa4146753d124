import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageKeys, imagesApi, MEDIA_ORIGINS, uploadToStorage, type MediaOrigin } from '../../api/images';
import type { OrderView } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { FormField } from '../../components/FormField';
import { browserImageTools, prepareImage } from '../create-order/preprocess';
import { validateInsert, type InsertErrors, type InsertForm } from './detailLogic';

const EMPTY: InsertForm = { position: '', mediaOrigin: '', file: null };

/**
 * Insert image (admin and QA): position (required, not negative),
 * media origin (required: an original goes through the pipeline, an optimized picture is
 * shown as it is) and a file, prepared like the creator's photos, then
 * `POST /images/insert-image-on-order`, the upload, and `POST /images/upload-complete`.
 */
export function InsertImageDialog({ order, open, onClose }: { order: OrderView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<InsertForm>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const errors = validateInsert(form);
  const shown: InsertErrors = showErrors ? errors : {};
  const close = () => {
    setForm(EMPTY);
    setShowErrors(false);
    onClose();
  };

  const insert = useApiMutation({
    action: t('orderDetail.insert.action'),
    mutationFn: async (values: InsertForm) => {
      const prepared = await prepareImage(values.file!, browserImageTools);
      const upload = await imagesApi.insert({
        order: order.id,
        position: Number(values.position),
        mediaOrigin: values.mediaOrigin as MediaOrigin,
        fileSize: prepared.file.size,
        contentType: prepared.contentType,
      });
      await uploadToStorage(upload, prepared.file);
      return imagesApi.uploadComplete(upload.imageId);
    },
    onSuccess: () => {
      close();
      void queryClient.invalidateQueries({ queryKey: ['order-events'] });
      return queryClient.invalidateQueries({ queryKey: imageKeys.ofOrder(order.id) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length === 0) insert.mutate(form);
  };
  const positionError = (() => {
    switch (shown.position) {
      case 'required':
        return t('validation.required', { name: t('fields.position') });
      case 'invalid':
        return t('validation.invalid', { name: t('fields.position') });
      case 'negative':
        return t('orderDetail.insert.positionNegative');
      default:
        return undefined;
    }
  })();

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate aria-label={t('orderDetail.insert.title')}>
        <DialogTitle>{t('orderDetail.insert.title')}</DialogTitle>
        <DialogContent>
          <FormField
            required
            type="number"
            label={t('fields.position')}
            value={form.position}
            onChange={(e) => setForm((f) => ({ ...f, position: e.target.value }))}
            error={positionError}
            slotProps={{ htmlInput: { step: 1 } }}
          />
          <FormField
            select
            required
            label={t('orderDetail.insert.fields.mediaOrigin')}
            value={form.mediaOrigin}
            onChange={(e) => setForm((f) => ({ ...f, mediaOrigin: e.target.value }))}
            error={shown.mediaOrigin ? t('validation.required', { name: t('orderDetail.insert.fields.mediaOrigin') }) : undefined}
          >
            {MEDIA_ORIGINS.map((origin) => (
              <MenuItem key={origin} value={origin}>
                {t(`orderDetail.insert.origins.${origin}`)}
              </MenuItem>
            ))}
          </FormField>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2 }}>
            <Button variant="outlined" component="label">
              {t('buttons.chooseFile')}
              <input
                hidden
                type="file"
                accept="image/*"
                aria-label={t('orderDetail.insert.fields.file')}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  setForm((f) => ({ ...f, file }));
                  e.target.value = '';
                }}
              />
            </Button>
            <Typography variant="body2" color={shown.file ? 'error' : 'text.secondary'} noWrap>
              {form.file?.name ?? (shown.file ? t('validation.required', { name: t('orderDetail.insert.fields.file') }) : t('orderDetail.insert.noFile'))}
            </Typography>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={insert.isPending}>
            {t('orderDetail.insert.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

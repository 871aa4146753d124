import { MEDIA360_KINDS, type Media360Kind, type OrderView } from '@app/contracts/wire';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadToStorage } from '../../api/images';
import { media360Api, media360Keys } from '../../api/media360';
import { FileButton } from '../../components/FileButton';
import { FormField } from '../../components/form/FormField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useForm } from '../../components/form/useForm';
import { framesInOrder, KIND_LABELS, validateAdd360, type Add360Form } from './media360Logic';

const EMPTY: Add360Form = { kind: '', files: [] };
/** frames posted at once */
const PARALLEL_UPLOADS = 4;

/**
 * "Add 360": an exterior (24-72 JPEG or PNG frames, taken in the order of their file names)
 * or an interior (one 2:1 panorama); checked here for count, type and size, then
 * `POST /media360/get-signed-urls-for-upload`, every frame posted to its grant (four at a
 * time, with the progress), and `POST /media360/upload-complete`, whose refusal names the
 * frame.
 */
export function Add360Dialog({ order, open, onClose }: { order: Pick<OrderView, 'id'>; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(0);
  const form = useForm({
    initialValues: EMPTY,
    validate: validateAdd360,
    action: t('orderDetail.media360.add'),
    successMessage: t('orderDetail.media360.added'),
    mutationFn: async (values) => {
      const files = values.kind === 'exterior360' ? framesInOrder(values.files) : values.files;
      setSent(0);
      const signed = await media360Api.signedUpload({
        order: order.id,
        kind: values.kind as Media360Kind,
        frames: files.map((f) => ({ fileSize: f.size, contentType: f.type as 'image/jpeg' | 'image/png' })),
      });
      const progress = files.map(() => 0);
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const i = next++;
          await uploadToStorage(signed.frames[i], files[i], (bytes) => {
            progress[i] = bytes;
            setSent(progress.reduce((a, b) => a + b, 0));
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
      return media360Api.uploadComplete(signed.media360Id);
    },
    onSuccess: () => {
      close();
      return queryClient.invalidateQueries({ queryKey: media360Keys.ofOrder(order.id) });
    },
  });
  function close() {
    form.reset();
    setSent(0);
    onClose();
  }
  const total = form.values.files.reduce((sum, f) => sum + f.size, 0);
  const filesError = form.error('files', t('orderDetail.media360.fields.files'));
  const exterior = form.values.kind === 'exterior360';

  return (
    <Dialog open={open} onClose={form.busy ? undefined : close} maxWidth="sm" fullWidth>
      <form ref={form.ref} onSubmit={form.handleSubmit()} noValidate aria-label={t('orderDetail.media360.add')}>
        <DialogTitle>{t('orderDetail.media360.add')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <FormField
            {...form.field('kind', t('orderDetail.media360.fields.kind'))}
            onChange={(event: { target: { value: string } }) => form.setValues(() => ({ kind: event.target.value as Media360Kind, files: [] }))}
            select
            required
          >
            {MEDIA360_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </MenuItem>
            ))}
          </FormField>
          {form.values.kind && (
            <Typography variant="body2" color="text.secondary">
              {t(exterior ? 'orderDetail.media360.exteriorHelp' : 'orderDetail.media360.interiorHelp')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <FileButton
              variant="outlined"
              inputLabel={t('orderDetail.media360.fields.files')}
              accept="image/jpeg,image/png"
              multiple={exterior}
              disabled={!form.values.kind || form.busy}
              invalid={filesError !== undefined}
              onFiles={(files) => form.setValue('files', files)}
            >
              {t(exterior ? 'orderDetail.media360.chooseFrames' : 'buttons.chooseFile')}
            </FileButton>
            <Typography variant="body2" color={filesError ? 'error' : 'text.secondary'} role={filesError ? 'alert' : undefined}>
              {filesError ??
                (form.values.files.length
                  ? t('orderDetail.media360.chosen', { count: form.values.files.length, mb: (total / 1_048_576).toFixed(1) })
                  : t('orderDetail.insert.noFile'))}
            </Typography>
          </Box>
          {form.busy && total > 0 && (
            <LinearProgress variant="determinate" value={Math.min(100, (sent / total) * 100)} aria-label={t('orderDetail.media360.uploading')} />
          )}
          {form.formError !== undefined && <Alert severity="error">{form.formError}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={form.busy}>
            {t('buttons.cancel')}
          </Button>
          <SubmitButton busy={form.busy}>{t('orderDetail.media360.upload')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import { MEDIA_ORIGINS, type MediaOrigin, type OrderView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileButton } from '../../components/FileButton';
import { imageKeys, imagesApi, uploadToStorage } from '../../api/images';
import { orderKeys } from '../../api/orders';
import { FormField } from '../../components/form/FormField';
import { FormDialog } from '../../components/form/FormDialog';
import { useForm } from '../../components/form/useForm';
import { browserImageTools, prepareImage } from '../../utils/preprocess';
import { validateInsert, type InsertForm } from './detailLogic';

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
  const form = useForm({
    initialValues: EMPTY,
    validate: validateInsert,
    action: t('orderDetail.insert.action'),
    mutationFn: async (values) => {
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
      void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
      return queryClient.invalidateQueries({ queryKey: imageKeys.ofOrder(order.id) });
    },
  });
  function close() {
    form.reset();
    onClose();
  }
  const fileError = form.error('file', t('orderDetail.insert.fields.file'));

  return (
    <FormDialog
      form={form}
      open={open}
      title={t('orderDetail.insert.title')}
      formLabel={t('orderDetail.insert.title')}
      submitLabel={t('orderDetail.insert.submit')}
      onClose={close}
      maxWidth="xs"
    >
      <FormField {...form.field('position', t('fields.position'))} required type="number" slotProps={{ htmlInput: { step: 1 } }} />
      <FormField {...form.field('mediaOrigin', t('orderDetail.insert.fields.mediaOrigin'))} select required>
        {MEDIA_ORIGINS.map((origin) => (
          <MenuItem key={origin} value={origin}>
            {t(`orderDetail.insert.origins.${origin}`)}
          </MenuItem>
        ))}
      </FormField>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2 }}>
        <FileButton variant="outlined" inputLabel={t('orderDetail.insert.fields.file')} accept="image/*" onFiles={(files) => form.setValue('file', files[0] ?? null)}>
          {t('buttons.chooseFile')}
        </FileButton>
        <Typography variant="body2" color={fileError ? 'error' : 'text.secondary'} noWrap>
          {form.values.file?.name ?? fileError ?? t('orderDetail.insert.noFile')}
        </Typography>
      </Box>
    </FormDialog>
  );
}

import type { ImageView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageKeys, imagesApi, uploadToStorage, refreshOrderPictures } from '../../api/images';
import { useApiMutation } from '../../api/useApiMutation';
import { browserImageTools, isImage, prepareImage } from '../../utils/preprocess';
import { FileButton } from '../FileButton';

/** The pictures a replacement may take the place of: every image whose file has arrived and passed its check. */
export const isReplaceable = (image: Pick<ImageView, 'optimisationStatus'>) => image.optimisationStatus !== 'awaiting-upload' && image.optimisationStatus !== 'upload-rejected';

/** The sent share of a file, in whole percent. */
const percentOf = (sent: number, size: number) => (size > 0 ? Math.min(100, Math.round((100 * sent) / size)) : 100);

/**
 * "Replace with an edited file" (admin and QA): QA's hand-retouched picture takes the place of
 * an image's picture. The file is checked here (a picture, else "The file is not a JPEG, PNG
 * or WebP image") and prepared as the order creator prepares photos, then
 * `POST /images/replace-image/{id}` (a presigned POST), the file straight to storage with its
 * progress, and `POST /images/replace-image/{id}/complete`: the server checks it, strips
 * private metadata (GPS, camera serials) from what leaves the product, and the picture's
 * history gains a new version.
 */
export function ReplaceImageDialog({
  orderId,
  image,
  open,
  onClose,
}: {
  orderId: string;
  image: Pick<ImageView, 'id' | 'position'> | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const replace = useApiMutation({
    action: t('imageEditing.replace.action'),
    successMessage: t('imageEditing.replace.done'),
    mutationFn: async ({ id, chosen }: { id: string; chosen: File }) => {
      setPercent(0);
      const prepared = await prepareImage(chosen, browserImageTools);
      const grant = await imagesApi.replaceUpload(id, { fileSize: prepared.file.size, width: prepared.width, height: prepared.height, contentType: prepared.contentType });
      await uploadToStorage(grant, prepared.file, (sent) => setPercent(percentOf(sent, prepared.file.size)));
      return imagesApi.replaceComplete(id);
    },
    onSuccess: (_image, { id }) => {
      close();
      // the order's timeline (QA_UPLOADED_PICTURE) and counts, the picture's history, the pictures
      void queryClient.invalidateQueries({ queryKey: imageKeys.versions(id) });
      return refreshOrderPictures(queryClient, orderId);
    },
    onError: (failure) => {
      setPercent(null);
      setError(failure.message);
    },
  });

  function close() {
    setFile(null);
    setError(null);
    setPercent(null);
    onClose();
  }

  const choose = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    if (!isImage(chosen)) {
      setFile(null);
      setError(t('imageEditing.replace.wrongType'));
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const busy = replace.isPending;
  return (
    <Dialog open={open && Boolean(image)} onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="replace-image-title">
      <DialogTitle id="replace-image-title">{t('imageEditing.replace.title', { position: image?.position ?? '' })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('imageEditing.replace.text')}</DialogContentText>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <FileButton variant="outlined" inputLabel={t('imageEditing.replace.file')} accept="image/*" disabled={busy} invalid={Boolean(error)} describedBy="replace-image-error" onFiles={choose}>
            {t('buttons.chooseFile')}
          </FileButton>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
            {file?.name ?? t('imageEditing.replace.noFile')}
          </Typography>
        </Box>
        {error && (
          <Typography id="replace-image-error" role="alert" variant="body2" color="error">
            {error}
          </Typography>
        )}
        {percent !== null && (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <LinearProgress variant="determinate" value={percent} aria-label={t('imageEditing.replace.progress', { percent })} />
            <Typography variant="body2" sx={{ textAlign: 'center' }} data-testid="replace-percent">
              {t('imageEditing.replace.progress', { percent })}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('buttons.cancel')}
        </Button>
        <Button variant="contained" disabled={!file || busy || !image} onClick={() => image && file && replace.mutate({ id: image.id, chosen: file })}>
          {t('imageEditing.replace.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

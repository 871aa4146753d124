import History from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageHistory } from './ImageHistory';

/**
 * "Image history" on a picture of the dealership's order view: every version the picture had
 * (what was done to it, by whom and when), read-only. The history loads when opened.
 */
export function ImageHistoryButton({ imageId }: { imageId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<History />} onClick={() => setOpen(true)}>
        {t('imageHistory.title')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('imageHistory.title')}</DialogTitle>
        <DialogContent>{open && <ImageHistory imageId={imageId} canRestore={false} heading={false} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('buttons.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** While the order's photos upload: the overall percent (bytes sent of all). */
export function UploadProgressDialog({ open, percent }: { open: boolean; percent: number }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} maxWidth="xs" fullWidth aria-labelledby="upload-progress-title">
      <DialogTitle id="upload-progress-title">{t('createOrder.uploading')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, pb: 3 }}>
        <LinearProgress variant="determinate" value={percent} aria-label={t('createOrder.uploading')} />
        <Typography sx={{ textAlign: 'center', fontWeight: 600 }} data-testid="upload-percent">
          {t('createOrder.percent', { percent })}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}

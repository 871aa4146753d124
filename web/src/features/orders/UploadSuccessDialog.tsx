import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** After an upload (`/orders/success`): the order is in and processing has started. */
export function UploadSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="upload-success-title">
      <DialogTitle id="upload-success-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleOutlined color="success" />
        {t('orders.success.title')}
      </DialogTitle>
      <DialogContent>
        <Typography>{t('orders.success.message')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('orders.success.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

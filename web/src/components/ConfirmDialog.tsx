import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** the confirming button's label ("Approve", "Send back") */
  confirmLabel: string;
  color?: 'primary' | 'success' | 'error' | 'warning';
  /** disables the confirming button while the action is on its way */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-cancel question before an action that is not undone by a click (approve, send back). */
export function ConfirmDialog({ open, title, text, confirmLabel, color = 'primary', busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('buttons.cancel')}</Button>
        <Button variant="contained" color={color} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

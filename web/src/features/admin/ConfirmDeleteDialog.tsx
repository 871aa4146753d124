import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import { nameMatches } from './builderLogic';

export interface ConfirmDeleteDialogProps {
  /** the name to type; the dialog is closed while this is null */
  name: string | null;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
}

/** Delete with typed-name confirmation: the exact name or "Invalid name". */
export function ConfirmDeleteDialog({ name, onConfirm, onClose, busy = false }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setTyped('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name === null) return;
    if (!nameMatches(typed, name)) {
      setError(t('admin.confirmDelete.invalidName'));
      return;
    }
    setTyped('');
    setError(undefined);
    onConfirm();
  };
  return (
    <Dialog open={name !== null} onClose={close} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('admin.confirmDelete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('admin.confirmDelete.text', { name: name ?? '' })}</DialogContentText>
          <FormField
            autoFocus
            label={t('fields.name')}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(undefined);
            }}
            error={error}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('buttons.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {t('buttons.delete')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

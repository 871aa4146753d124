import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../utils/fieldError';
import { FormField } from './form/FormField';
import { SubmitButton } from './form/SubmitButton';
import { useForm } from './form/useForm';

/** The typed name must match exactly (surrounding spaces aside), else "Invalid name". */
function typedNameError(typed: string, name: string): FieldError | undefined {
  return typed.trim() === name.trim() ? undefined : { key: 'admin.confirmDelete.invalidName' };
}

export interface ConfirmDeleteDialogProps {
  /** the name to type; the dialog is closed while this is null */
  name: string | null;
  /** what the toasts call the delete: "Delete order" */
  action: string;
  /** the error toast's text when the spec gives the delete one ("Error deleting style guide - {message}") */
  errorMessage?: (error: Error) => string;
  /** the delete itself, once the name is typed */
  onDelete: () => Promise<unknown>;
  /** after the delete (its success toast shows): close the dialog, refresh or leave the page */
  onDeleted: () => void | Promise<unknown>;
  onClose: () => void;
  /** what the dialog says and what the field is called, when the text to type is not a name (an account's confirmation code) */
  text?: string;
  fieldLabel?: string;
}

/** Delete with typed-name confirmation: the exact name or "Invalid name". */
export function ConfirmDeleteDialog({ name, action, errorMessage, onDelete, onDeleted, onClose, text, fieldLabel }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { typed: '' },
    validate: (v) => ({ typed: typedNameError(v.typed, name ?? '') }),
    action,
    ...(errorMessage ? { errorMessage } : {}),
    mutationFn: () => onDelete(),
    onSuccess: () => onDeleted(),
  });
  // closed (cancelled or deleted): the next opening starts empty
  useEffect(() => {
    if (name === null) form.reset();
  }, [name]);
  return (
    <Dialog open={name !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <form ref={form.ref} onSubmit={form.handleSubmit()} noValidate>
        <DialogTitle>{t('admin.confirmDelete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text ?? t('admin.confirmDelete.text', { name: name ?? '' })}</DialogContentText>
          <FormField autoFocus {...form.field('typed', fieldLabel ?? t('fields.name'))} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <SubmitButton color="error" busy={form.busy}>
            {t('buttons.delete')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './SubmitButton';

/** What the dialog reads of `useForm`'s answer. */
export interface DialogForm {
  ref: RefObject<HTMLFormElement | null>;
  handleSubmit: () => (event?: { preventDefault(): void }) => void;
  busy: boolean;
  /** a refusal of the server that is on no field (`useForm` asks `useApiMutation` with `refusalsShown`) */
  formError?: string | undefined;
}

export interface FormDialogProps {
  /** `useForm`'s answer: the form element, the submit, the pending state and the refusal */
  form: DialogForm;
  title: ReactNode;
  /** the submit button's label (Save, Create, Add…) */
  submitLabel: ReactNode;
  /** besides invalid fields, the submit waits for this (an e-mail still being typed) */
  submitDisabled?: boolean;
  onClose: () => void;
  /** true unless told otherwise: a dialog kept mounted while closed passes its state */
  open?: boolean;
  /** names the form element too (a screen that looks the form up by its name) */
  formLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** the title's own styles (a long name wraps anywhere) */
  titleSx?: SxProps<Theme>;
  /** the fields' layout */
  contentSx?: SxProps<Theme>;
  /** the fields */
  children: ReactNode;
}

/**
 * The one form-in-a-dialog: a title that names the dialog for assistive technology, the fields
 * as children, the server's refusal above them (`form.formError`: what was typed stays), and
 * Cancel beside the submit, which is disabled and spins while the form is sent. While it is sent
 * the dialog stays open (neither Cancel, Escape nor the backdrop close it). Mount it only while
 * open, so every opening starts from the form's first values (or pass `open` and reset the form
 * on close).
 *
 * ```tsx
 * const form = useForm({ initialValues, validate, mutationFn, action: t('…'), onSuccess: onClose });
 * <FormDialog form={form} title={t('…')} submitLabel={t('buttons.save')} onClose={onClose}>
 *   <FormField {...form.field('name', t('fields.name'))} required />
 * </FormDialog>
 * ```
 */
export function FormDialog({ form, title, submitLabel, submitDisabled = false, onClose, open = true, formLabel, maxWidth = 'sm', fullScreen, titleSx, contentSx, children }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = () => {
    if (!form.busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth={maxWidth} fullWidth {...(fullScreen !== undefined ? { fullScreen } : {})} aria-labelledby={titleId}>
      <form ref={form.ref} onSubmit={form.handleSubmit()} noValidate {...(formLabel ? { 'aria-label': formLabel } : {})}>
        <DialogTitle id={titleId} {...(titleSx ? { sx: titleSx } : {})}>
          {title}
        </DialogTitle>
        <DialogContent {...(contentSx ? { sx: contentSx } : {})}>
          {form.formError !== undefined && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {form.formError}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={form.busy}>
            {t('buttons.cancel')}
          </Button>
          <SubmitButton busy={form.busy} disabled={submitDisabled}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

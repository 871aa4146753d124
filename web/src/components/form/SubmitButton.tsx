import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  /** the form is being sent (`useForm`'s `busy`): disabled, with a spinner before the label */
  busy?: boolean;
};

/** The one submit button of a form: contained unless told otherwise, disabled and spinning while busy. */
export function SubmitButton({ busy = false, disabled = false, variant = 'contained', startIcon, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      {...props}
      type="submit"
      variant={variant}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : startIcon}
    >
      {children}
    </Button>
  );
}

import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FormFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'variant'> & {
  /** the (translated) error; shown instead of the helper text and marks the field invalid */
  error?: string | undefined;
  helperText?: ReactNode;
};

/**
 * The one form field of the app: label, error and helper text in one place, full width,
 * outlined. Validation messages come from i18n keys (see useForm).
 */
export function FormField({ error, helperText, ...props }: FormFieldProps) {
  return <TextField fullWidth variant="outlined" margin="normal" {...props} error={Boolean(error)} helperText={error ?? helperText} />;
}

/** A password field with a show/hide button. */
export function PasswordField(props: Omit<FormFieldProps, 'type'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FormField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
                onClick={() => setShown((s) => !s)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

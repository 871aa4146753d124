import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { paths } from '../../app/paths';
import { FormField, PasswordField } from '../../components/FormField';
import { toast } from '../../components/toast/toast';
import { AuthLayout } from './AuthLayout';
import { focusFirstInvalid } from './focusFirstInvalid';
import { signInErrorKey } from './signInErrors';
import { useFieldErrorText } from './useFieldErrorText';
import { codeError, confirmPasswordError, emailError, newPasswordError } from './validation';

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
      sx={{ mt: 2, py: 1.25 }}
    >
      {label}
    </Button>
  );
}

function BackToSignIn({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to={paths.login} state={{ email }} underline="hover">
        {t('forgot.backToSignIn')}
      </Link>
    </Box>
  );
}

/** Step 1: the e-mail to send a code to. */
function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useMutation<unknown, Error, string>({
    mutationFn: (address) => authApi.forgotPassword(address),
    onSuccess: (_data, address) => onSent(address),
  });
  const error = emailError(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (send.isPending) return;
    if (error) {
      send.reset();
      focusFirstInvalid(formRef.current);
      return;
    }
    send.mutate(email.trim());
  };
  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label={t('forgot.title')}>
      {send.isError && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(send.error.message))}
        </Alert>
      )}
      <FormField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={submitted ? errorText(error) : undefined}
        required
      />
      <Submit busy={send.isPending} label={t('forgot.sendCode')} />
      <BackToSignIn email={email.trim()} />
    </Box>
  );
}

/** Step 2: the e-mailed code and the new password. */
function ResetStep({ email, onResend, onDone }: { email: string; onResend: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useMutation<unknown, Error, void>({
    mutationFn: () => authApi.confirmForgotPassword(email, code.trim(), password),
    onSuccess: onDone,
  });
  const errors = { code: codeError(code), password: newPasswordError(password), confirm: confirmPasswordError(confirm, password) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (reset.isPending) return;
    if (errors.code || errors.password || errors.confirm) {
      reset.reset();
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate();
  };
  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label={t('forgot.resetTitle')}>
      <Alert severity="info" sx={{ mt: 1 }} role="status">
        {t('forgot.codeSent', { email })}
      </Alert>
      {reset.isError && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(reset.error.message))}
        </Alert>
      )}
      <FormField
        label={t('forgot.fields.code')}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={submitted ? errorText(errors.code) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        required
      />
      <PasswordField
        label={t('auth.fields.newPassword')}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={submitted ? errorText(errors.password) : undefined}
        helperText={t('auth.passwordRule')}
        required
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={submitted ? errorText(errors.confirm) : undefined}
        required
      />
      <Submit busy={reset.isPending} label={t('forgot.changePassword')} />
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Link component="button" type="button" onClick={onResend} underline="hover">
          {t('forgot.resend')}
        </Link>
        <Link component={RouterLink} to={paths.login} state={{ email }} underline="hover">
          {t('forgot.backToSignIn')}
        </Link>
      </Box>
    </Box>
  );
}

/**
 * `/forget-password`: send a code by e-mail, then the code and a new password, then back to
 * sign-in with the e-mail filled in.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthLayout title={t('forgot.resetTitle')}>
        <ResetStep
          email={sentTo}
          onResend={() => setSentTo(null)}
          onDone={() => {
            toast.notice('success', t('forgot.changed'));
            navigate(paths.login, { replace: true, state: { email: sentTo } });
          }}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('forgot.title')} intro={t('forgot.intro')}>
      <EmailStep initialEmail={initialEmail} onSent={setSentTo} />
    </AuthLayout>
  );
}

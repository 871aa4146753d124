import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { paths } from '../../app/paths';
import { FormField, PasswordField } from '../../components/form/FormField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useForm } from '../../components/form/useForm';
import { toast } from '../../components/toast/toast';
import { AUTH_SUBMIT_SX, AuthLayout } from './AuthLayout';
import { signInErrorKey } from './signInErrors';
import { codeError, confirmPasswordError, emailError, newPasswordError } from './validation';

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
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: (v) => ({ email: emailError(v.email) }),
    mutationFn: (v) => authApi.forgotPassword(v.email.trim()),
    quiet: true,
    onSuccess: (_sent, v) => onSent(v.email.trim()),
  });
  return (
    <Box component="form" ref={form.ref} noValidate onSubmit={form.handleSubmit()} aria-label={t('forgot.title')}>
      {form.formError !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(form.formError))}
        </Alert>
      )}
      <FormField {...form.field('email', t('fields.email'))} type="email" name="email" autoComplete="username" autoFocus required />
      <SubmitButton busy={form.busy} size="large" fullWidth sx={AUTH_SUBMIT_SX}>
        {t('forgot.sendCode')}
      </SubmitButton>
      <BackToSignIn email={form.values.email.trim()} />
    </Box>
  );
}

/** Step 2: the e-mailed code and the new password. */
function ResetStep({ email, onResend, onDone }: { email: string; onResend: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: '', password: '', confirm: '' },
    validate: (v) => ({ code: codeError(v.code), password: newPasswordError(v.password), confirm: confirmPasswordError(v.confirm, v.password) }),
    mutationFn: (v) => authApi.confirmForgotPassword(email, v.code.trim(), v.password),
    quiet: true,
    onSuccess: onDone,
  });
  return (
    <Box component="form" ref={form.ref} noValidate onSubmit={form.handleSubmit()} aria-label={t('forgot.resetTitle')}>
      <Alert severity="info" sx={{ mt: 1 }} role="status">
        {t('forgot.codeSent', { email })}
      </Alert>
      {form.formError !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(form.formError))}
        </Alert>
      )}
      <FormField
        {...form.field('code', t('forgot.fields.code'))}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        required
      />
      <PasswordField
        {...form.field('password', t('auth.fields.newPassword'))}
        name="new-password"
        autoComplete="new-password"
        helperText={t('auth.passwordRule')}
        required
      />
      <PasswordField {...form.field('confirm', t('auth.fields.confirmPassword'))} name="confirm-password" autoComplete="new-password" required />
      <SubmitButton busy={form.busy} size="large" fullWidth sx={AUTH_SUBMIT_SX}>
        {t('forgot.changePassword')}
      </SubmitButton>
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

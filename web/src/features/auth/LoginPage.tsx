import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { isChallenge } from '@app/contracts/wire';
import { authApi } from '../../api/auth';
import { paths } from '../../app/paths';
import { FormField, PasswordField } from '../../components/form/FormField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useForm } from '../../components/form/useForm';
import { AUTH_SUBMIT_SX, AuthLayout } from './AuthLayout';
import { signInErrorKey } from './signInErrors';
import { useCompleteSignIn } from './useCompleteSignIn';
import { confirmPasswordError, emailError, newPasswordError, signInPasswordError } from './validation';

/** The e-mail and password form. Enter in any field submits it (a real form). */
function CredentialsForm({ onChallenge }: { onChallenge: (session: string) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    initialValues: { email: (location.state as { email?: string } | null)?.email ?? '', password: '' },
    validate: (v) => ({ email: emailError(v.email), password: signInPasswordError(v.password) }),
    mutationFn: (v) => authApi.login(v.email.trim(), v.password),
    quiet: true,
    onSuccess: async (result) => {
      if (isChallenge(result)) onChallenge(result.session);
      else await completeSignIn(result);
    },
  });

  return (
    <Box component="form" ref={form.ref} noValidate onSubmit={form.handleSubmit()} aria-label={t('auth.signInTitle')}>
      {form.formError !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(form.formError))}
        </Alert>
      )}
      <FormField {...form.field('email', t('fields.email'))} type="email" name="email" autoComplete="username" autoFocus required />
      <PasswordField {...form.field('password', t('auth.fields.password'))} name="password" autoComplete="current-password" required />
      <SubmitButton busy={form.busy || form.succeeded} size="large" fullWidth sx={AUTH_SUBMIT_SX}>
        {form.busy ? t('auth.signingIn') : t('auth.signIn')}
      </SubmitButton>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.forgotPassword} state={{ email: form.values.email.trim() }} underline="hover">
          {t('auth.forgotPassword')}
        </Link>
      </Box>
    </Box>
  );
}

/** The NEW_PASSWORD_REQUIRED challenge after a temporary password: choose one, then signed in. */
function NewPasswordForm({ session, onRestart }: { session: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: (v) => ({ password: newPasswordError(v.password), confirm: confirmPasswordError(v.confirm, v.password) }),
    mutationFn: (v) => authApi.newPassword(session, v.password),
    quiet: true,
    onSuccess: completeSignIn,
  });

  return (
    <Box component="form" ref={form.ref} noValidate onSubmit={form.handleSubmit()} aria-label={t('auth.newPasswordTitle')}>
      {form.formError !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(form.formError))}
        </Alert>
      )}
      <PasswordField
        {...form.field('password', t('auth.fields.newPassword'))}
        name="new-password"
        autoComplete="new-password"
        autoFocus
        helperText={t('auth.passwordRule')}
        required
      />
      <PasswordField {...form.field('confirm', t('auth.fields.confirmPassword'))} name="confirm-password" autoComplete="new-password" required />
      <SubmitButton busy={form.busy || form.succeeded} size="large" fullWidth sx={AUTH_SUBMIT_SX}>
        {t('auth.saveAndSignIn')}
      </SubmitButton>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" onClick={onRestart} underline="hover">
          {t('forgot.backToSignIn')}
        </Link>
      </Box>
    </Box>
  );
}

/** `/auth/login`: sign in, or choose a new password at the first sign-in. */
export function LoginPage() {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge) {
    return (
      <AuthLayout title={t('auth.newPasswordTitle')} intro={t('auth.newPasswordIntro')}>
        <NewPasswordForm session={challenge} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.signInTitle')} intro={t('auth.signInIntro')}>
      <CredentialsForm onChallenge={setChallenge} />
    </AuthLayout>
  );
}

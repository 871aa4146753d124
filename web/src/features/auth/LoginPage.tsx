import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { isChallenge, type LoginResult, type SignedIn } from '../../api/types';
import { paths } from '../../app/paths';
import { FormField, PasswordField } from '../../components/FormField';
import { AuthLayout } from './AuthLayout';
import { focusFirstInvalid } from './focusFirstInvalid';
import { signInErrorKey } from './signInErrors';
import { useCompleteSignIn } from './useCompleteSignIn';
import { useFieldErrorText } from './useFieldErrorText';
import { confirmPasswordError, emailError, newPasswordError, signInPasswordError } from './validation';

function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
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

/** The e-mail and password form. Enter in any field submits it (a real form). */
function CredentialsForm({ onChallenge }: { onChallenge: (session: string) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const errorText = useFieldErrorText();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const login = useMutation<LoginResult, Error, void>({
    mutationFn: () => authApi.login(email.trim(), password),
    onSuccess: async (result) => {
      if (isChallenge(result)) onChallenge(result.session);
      else await completeSignIn(result);
    },
  });

  const errors = { email: emailError(email), password: signInPasswordError(password) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (login.isPending) return;
    if (errors.email || errors.password) {
      // the last answer of the server no longer applies
      login.reset();
      focusFirstInvalid(formRef.current);
      return;
    }
    login.mutate();
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label={t('auth.signInTitle')}>
      {login.isError && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(login.error.message))}
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
        error={submitted ? errorText(errors.email) : undefined}
        required
      />
      <PasswordField
        label={t('auth.fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={submitted ? errorText(errors.password) : undefined}
        required
      />
      <SubmitButton busy={login.isPending || login.isSuccess} label={login.isPending ? t('auth.signingIn') : t('auth.signIn')} />
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.forgotPassword} state={{ email: email.trim() }} underline="hover">
          {t('auth.forgotPassword')}
        </Link>
      </Box>
    </Box>
  );
}

/** The NEW_PASSWORD_REQUIRED challenge after a temporary password: choose one, then signed in. */
function NewPasswordForm({ session, onRestart }: { session: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const completeSignIn = useCompleteSignIn();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const complete = useMutation<SignedIn, Error, void>({
    mutationFn: () => authApi.newPassword(session, password),
    onSuccess: completeSignIn,
  });

  const errors = { password: newPasswordError(password), confirm: confirmPasswordError(confirm, password) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (complete.isPending) return;
    if (errors.password || errors.confirm) {
      complete.reset();
      focusFirstInvalid(formRef.current);
      return;
    }
    complete.mutate();
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label={t('auth.newPasswordTitle')}>
      {complete.isError && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t(signInErrorKey(complete.error.message))}
        </Alert>
      )}
      <PasswordField
        label={t('auth.fields.newPassword')}
        name="new-password"
        autoComplete="new-password"
        autoFocus
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
      <SubmitButton busy={complete.isPending || complete.isSuccess} label={t('auth.saveAndSignIn')} />
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

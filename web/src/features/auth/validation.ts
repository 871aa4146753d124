import {
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  isStrongPassword,
  PASSWORD_MAX_LENGTH,
  SIGN_IN_PASSWORD_MIN_LENGTH,
} from '@app/contracts/wire';
import type { FieldError } from '../../utils/fieldError';

/**
 * Field rules of the sign-in and reset forms: e-mail valid and 3 to
 * 100 characters; sign-in password 6 to 50; a new password 10 to 50 with a lower-case and an
 * upper-case letter, a digit and a special character (the server's rule, docs/users.md);
 * verification code 3 to 10. The limits and the password rule are the server's own
 * (`@app/contracts/wire`). Errors are i18n keys with their values, translated on screen.
 */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): FieldError | undefined {
  const v = value.trim();
  if (!v) return { key: 'validation.required' };
  if (v.length < EMAIL_MIN_LENGTH || v.length > EMAIL_MAX_LENGTH || !EMAIL_RE.test(v)) return { key: 'validation.invalid' };
  return undefined;
}

export function signInPasswordError(value: string): FieldError | undefined {
  if (!value) return { key: 'validation.required' };
  if (value.length < SIGN_IN_PASSWORD_MIN_LENGTH) return { key: 'validation.minLength', values: { min: SIGN_IN_PASSWORD_MIN_LENGTH } };
  if (value.length > PASSWORD_MAX_LENGTH) return { key: 'validation.maxLength', values: { max: PASSWORD_MAX_LENGTH } };
  return undefined;
}

export { isStrongPassword };

export function newPasswordError(value: string): FieldError | undefined {
  if (!value) return { key: 'validation.required' };
  if (!isStrongPassword(value)) return { key: 'validation.passwordPolicy' };
  return undefined;
}

export function confirmPasswordError(value: string, password: string): FieldError | undefined {
  if (!value) return { key: 'validation.required' };
  if (value !== password) return { key: 'validation.passwordsDiffer' };
  return undefined;
}

export function codeError(value: string): FieldError | undefined {
  const v = value.trim();
  if (!v) return { key: 'validation.required' };
  if (v.length < CODE_MIN_LENGTH) return { key: 'validation.minLength', values: { min: CODE_MIN_LENGTH } };
  if (v.length > CODE_MAX_LENGTH) return { key: 'validation.maxLength', values: { max: CODE_MAX_LENGTH } };
  return undefined;
}

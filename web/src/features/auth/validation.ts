/**
 * Field rules of the sign-in and reset forms: e-mail valid and 3 to
 * 100 characters; sign-in password 6 to 50; a new password 10 to 50 with a lower-case and an
 * upper-case letter, a digit and a special character (the server's rule, docs/identity.md);
 * verification code 3 to 10. Errors are i18n keys with their values, translated on screen.
 */
export const EMAIL_MIN = 3;
export const EMAIL_MAX = 100;
export const SIGN_IN_PASSWORD_MIN = 6;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 50;
export const CODE_MIN = 3;
export const CODE_MAX = 10;

export type FieldName = 'fields.email' | 'auth.fields.password' | 'auth.fields.newPassword' | 'auth.fields.confirmPassword' | 'forgot.fields.code';

export type FieldError =
  | { key: 'validation.required'; name: FieldName }
  | { key: 'validation.invalid'; name: FieldName }
  | { key: 'validation.minLength'; name: FieldName; min: number }
  | { key: 'validation.maxLength'; name: FieldName; max: number }
  | { key: 'validation.passwordPolicy' }
  | { key: 'validation.passwordsDiffer' };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): FieldError | undefined {
  const v = value.trim();
  if (!v) return { key: 'validation.required', name: 'fields.email' };
  if (v.length < EMAIL_MIN || v.length > EMAIL_MAX || !EMAIL_RE.test(v)) return { key: 'validation.invalid', name: 'fields.email' };
  return undefined;
}

export function signInPasswordError(value: string): FieldError | undefined {
  if (!value) return { key: 'validation.required', name: 'auth.fields.password' };
  if (value.length < SIGN_IN_PASSWORD_MIN) return { key: 'validation.minLength', name: 'auth.fields.password', min: SIGN_IN_PASSWORD_MIN };
  if (value.length > PASSWORD_MAX) return { key: 'validation.maxLength', name: 'auth.fields.password', max: PASSWORD_MAX };
  return undefined;
}

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

export function newPasswordError(value: string): FieldError | undefined {
  if (!value) return { key: 'validation.required', name: 'auth.fields.newPassword' };
  if (!isStrongPassword(value)) return { key: 'validation.passwordPolicy' };
  return undefined;
}

export function confirmPasswordError(value: string, password: string): FieldError | undefined {
  if (!value) return { key: 'validation.required', name: 'auth.fields.confirmPassword' };
  if (value !== password) return { key: 'validation.passwordsDiffer' };
  return undefined;
}

export function codeError(value: string): FieldError | undefined {
  const v = value.trim();
  if (!v) return { key: 'validation.required', name: 'forgot.fields.code' };
  if (v.length < CODE_MIN) return { key: 'validation.minLength', name: 'forgot.fields.code', min: CODE_MIN };
  if (v.length > CODE_MAX) return { key: 'validation.maxLength', name: 'forgot.fields.code', max: CODE_MAX };
  return undefined;
}

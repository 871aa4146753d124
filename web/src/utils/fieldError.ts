import type { ParseKeys } from 'i18next';

/**
 * What a rule finds wrong with a field: the message's i18n key and its values. Rules are pure
 * and know no labels: when the error shows, the field's label fills the message's `{{name}}`
 * (`useFieldErrorText`), so "validation.required" reads "E-mail is required" under the e-mail.
 */
export interface FieldError {
  key: ParseKeys;
  values?: Record<string, string | number>;
}

/** A form's errors by field; a field without an error is left out. */
export type FieldErrors<V> = Partial<Record<keyof V, FieldError>>;

export const hasErrors = (errors: FieldErrors<object>): boolean => Object.values(errors).some(Boolean);

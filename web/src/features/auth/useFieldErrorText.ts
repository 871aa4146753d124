import { useTranslation } from 'react-i18next';
import type { FieldError } from './validation';

/** Turns a field error of validation.ts into its text in the current language. */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    switch (error.key) {
      case 'validation.required':
      case 'validation.invalid':
        return t(error.key, { name: t(error.name) });
      case 'validation.minLength':
        return t(error.key, { name: t(error.name), min: error.min });
      case 'validation.maxLength':
        return t(error.key, { name: t(error.name), max: error.max });
      case 'validation.passwordPolicy':
      case 'validation.passwordsDiffer':
        return t(error.key);
    }
  };
}

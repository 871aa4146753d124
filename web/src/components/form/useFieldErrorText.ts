import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../utils/fieldError';

/** Turns a rule's error into its text in the current language, the field's label as its `{{name}}`. */
export function useFieldErrorText(): (error: FieldError | undefined, label: string) => string | undefined {
  const { t } = useTranslation();
  return (error, label) => (error ? t(error.key, { name: label, ...error.values }) : undefined);
}

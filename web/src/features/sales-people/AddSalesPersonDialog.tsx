import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { salesPeopleApi, type SalesPersonInput, type SalesPersonView } from '../../api/salesPeople';
import { useApiMutation } from '../../api/useApiMutation';
import { FormField } from '../../components/FormField';
import {
  SALES_PERSON_EMAIL_MAX,
  SALES_PERSON_NAME_MAX,
  SALES_PERSON_NAME_MIN,
  SALES_PERSON_PHONE_MAX,
  salesPersonInput,
  validateSalesPerson,
  type SalesPersonErrors,
} from './salesPersonRules';

type Field = keyof SalesPersonInput;
const EMPTY: SalesPersonInput = { name: '', email: '', phone: '' };
const MAX: Record<Field, number> = { name: SALES_PERSON_NAME_MAX, email: SALES_PERSON_EMAIL_MAX, phone: SALES_PERSON_PHONE_MAX };

/**
 * Adds one sales person to the dealership account `accountId`: name of 3+,
 * e-mail and phone required; Add stays disabled until the e-mail passes the check, and while
 * saving. Errors of a field show once it was left (or Add was pressed). `POST /salesman`; on
 * success the "{action} - Successfully" toast and `onAdded` with the created sales people. A
 * refusal (a taken e-mail: 409) shows the server's message here and keeps what was typed.
 * Mounted only while open: every opening starts empty.
 */
export function AddSalesPersonDialog({ accountId, onClose, onAdded }: { accountId: string; onClose: () => void; onAdded: (created: SalesPersonView[]) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<SalesPersonInput>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverError, setServerError] = useState<string | undefined>();
  const errors = validateSalesPerson(form);
  const touch = (name: Field) => setTouched((s) => (s.has(name) ? s : new Set(s).add(name)));

  const add = useApiMutation<SalesPersonView[], SalesPersonInput>({
    action: t('salesPeople.add'),
    mutationFn: (person) => salesPeopleApi.add(accountId, [person]),
    onSuccess: (created) => onAdded(created),
    onError: (error) => setServerError(error.message),
  });

  const label = (name: Field) => t(`fields.${name}`);
  const errorText = (name: Field, error: SalesPersonErrors[Field]): string | undefined => {
    if (!touched.has(name)) return undefined;
    switch (error) {
      case 'required':
        return t('validation.required', { name: label(name) });
      case 'min':
        return t('validation.minLength', { name: label(name), min: SALES_PERSON_NAME_MIN });
      case 'max':
        return t('validation.maxLength', { name: label(name), max: MAX[name] });
      case 'invalid':
        return name === 'phone' ? t('salesPeople.phoneRule') : t('validation.invalid', { name: label(name) });
      default:
        return undefined;
    }
  };
  const field = (name: Field) => ({
    required: true,
    label: label(name),
    value: form[name],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setServerError(undefined);
    },
    onBlur: () => touch(name),
    error: errorText(name, errors[name]),
    disabled: add.isPending,
    slotProps: { htmlInput: { maxLength: MAX[name] } },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set<Field>(['name', 'email', 'phone']));
    if (add.isPending || Object.keys(errors).length > 0) return;
    setServerError(undefined);
    add.mutate(salesPersonInput(form));
  };
  const close = () => {
    if (!add.isPending) onClose();
  };

  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="add-sales-person-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-sales-person-title">{t('salesPeople.addTitle')}</DialogTitle>
        <DialogContent>
          {serverError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {serverError}
            </Alert>
          )}
          <FormField {...field('name')} autoFocus autoComplete="name" />
          <FormField {...field('email')} type="email" autoComplete="email" />
          <FormField {...field('phone')} type="tel" autoComplete="tel" />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={add.isPending}>
            {t('buttons.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending || errors.email !== undefined}>
            {t('salesPeople.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

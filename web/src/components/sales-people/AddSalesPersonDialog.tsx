import type { SalesPersonRequest, SalesPersonView } from '@app/contracts/wire';
import { useTranslation } from 'react-i18next';
import { salesPeopleApi } from '../../api/salesPeople';
import { FormField } from '../form/FormField';
import { FormDialog } from '../form/FormDialog';
import { useForm } from '../form/useForm';
import { SALES_PERSON_EMAIL_MAX, SALES_PERSON_NAME_MAX, SALES_PERSON_PHONE_MAX, salesPersonInput, validateSalesPerson } from './salesPersonRules';

type Field = keyof SalesPersonRequest;
const EMPTY: SalesPersonRequest = { name: '', email: '', phone: '' };
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
  const form = useForm({
    initialValues: EMPTY,
    validate: validateSalesPerson,
    showErrors: 'blur',
    action: t('salesPeople.add'),
    mutationFn: (person) => salesPeopleApi.add(accountId, [salesPersonInput(person)]),
    onSuccess: (created) => onAdded(created),
  });
  return <SalesPersonDialog form={form} title={t('salesPeople.addTitle')} submit={t('salesPeople.submit')} onClose={onClose} />;
}

/**
 * Edits one sales person in a dialog, with the same fields and checks as adding: where the
 * list is cards (a phone) and cannot be edited in place. `PUT /salesman/{id}` with what
 * changed; a refusal (a taken e-mail) shows here and keeps what was typed.
 */
export function EditSalesPersonDialog({ person, onClose, onSaved }: { person: SalesPersonView; onClose: () => void; onSaved: (saved: SalesPersonView) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: person.name, email: person.email, phone: person.phone ?? '' },
    validate: validateSalesPerson,
    showErrors: 'blur',
    action: t('salesPeople.saveAction'),
    mutationFn: (values) => {
      const next = salesPersonInput(values);
      const patch: Partial<SalesPersonRequest> = {};
      for (const name of ['name', 'email', 'phone'] as const) if (next[name] !== person[name]) patch[name] = next[name];
      return salesPeopleApi.update(person.id, patch);
    },
    onSuccess: (saved) => onSaved(saved),
  });
  return <SalesPersonDialog form={form} title={t('salesPeople.editOf', { name: person.name })} submit={t('buttons.save')} onClose={onClose} />;
}

function SalesPersonDialog<Result>({
  form,
  title,
  submit,
  onClose,
}: {
  form: ReturnType<typeof useForm<SalesPersonRequest, Result>>;
  title: string;
  submit: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();

  const field = (name: Field) => ({
    ...form.field(name, t(`fields.${name}`)),
    required: true,
    disabled: form.busy,
    slotProps: { htmlInput: { maxLength: MAX[name] } },
  });

  return (
    <FormDialog form={form} title={title} submitLabel={submit} submitDisabled={form.errors.email !== undefined} onClose={onClose} maxWidth="xs">
      <FormField {...field('name')} autoFocus autoComplete="name" />
      <FormField {...field('email')} type="email" autoComplete="email" />
      <FormField {...field('phone')} type="tel" autoComplete="tel" />
    </FormDialog>
  );
}

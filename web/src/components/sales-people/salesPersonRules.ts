import type { SalesPersonRequest } from '@app/contracts/wire';
import { isPhone, isPlainEmail, SALES_PERSON_EMAIL_MAX, SALES_PERSON_NAME_MAX, SALES_PERSON_NAME_MIN, SALES_PERSON_PHONE_MAX } from '@app/contracts/wire';
import type { Requirement } from '../../app/access';
import type { FieldError, FieldErrors } from '../../utils/fieldError';

/**
 * Pure rules of a sales person: the server's own checks and limits (`@app/contracts/wire`),
 * with messages. Name of at least 3 characters, e-mail and phone required; a plain e-mail; a
 * phone of digits, whitespace, one leading plus, hyphens after a plus. Values are checked
 * trimmed, as the server trims them before its check.
 */

export { SALES_PERSON_EMAIL_MAX, SALES_PERSON_NAME_MAX, SALES_PERSON_NAME_MIN, SALES_PERSON_PHONE_MAX };

/** Who may add a sales person: the admin, or a dealership with CREATE_SALESMAN (the gateway's rule); never a signed-in sales person. */
export const ADDS_SALES_PEOPLE = { roles: ['Admin', 'Dealership'], permission: 'CREATE_SALESMAN' } as const satisfies Requirement;
/** Who may change a sales person (inline edit): the admin, or a dealership with UPDATE_SALESMAN. */
export const EDITS_SALES_PEOPLE = { roles: ['Admin', 'Dealership'], permission: 'UPDATE_SALESMAN' } as const satisfies Requirement;
/** Who may remove a sales person: the admin, or a dealership with DELETE_SALESMAN. */
export const DELETES_SALES_PEOPLE = { roles: ['Admin', 'Dealership'], permission: 'DELETE_SALESMAN' } as const satisfies Requirement;

export const isSalesPersonEmail = isPlainEmail;
export const isSalesPersonPhone = isPhone;

/** At least 3 characters, not counting the spaces around. */
export function isSalesPersonName(value: string): boolean {
  return value.trim().length >= SALES_PERSON_NAME_MIN;
}

const REQUIRED: FieldError = { key: 'validation.required' };
const longerThan = (max: number): FieldError => ({ key: 'validation.maxLength', values: { max } });

export function validateSalesPerson(form: SalesPersonRequest): FieldErrors<SalesPersonRequest> {
  const { name, email, phone } = salesPersonInput(form);
  const errors: FieldErrors<SalesPersonRequest> = {};
  if (!name) errors.name = REQUIRED;
  else if (!isSalesPersonName(name)) errors.name = { key: 'validation.minLength', values: { min: SALES_PERSON_NAME_MIN } };
  else if (name.length > SALES_PERSON_NAME_MAX) errors.name = longerThan(SALES_PERSON_NAME_MAX);
  if (!email) errors.email = REQUIRED;
  else if (email.length > SALES_PERSON_EMAIL_MAX) errors.email = longerThan(SALES_PERSON_EMAIL_MAX);
  else if (!isSalesPersonEmail(email)) errors.email = { key: 'validation.invalid' };
  if (!phone) errors.phone = REQUIRED;
  else if (phone.length > SALES_PERSON_PHONE_MAX) errors.phone = longerThan(SALES_PERSON_PHONE_MAX);
  else if (!isSalesPersonPhone(phone)) errors.phone = { key: 'salesPeople.phoneRule' };
  return errors;
}

/** What is sent: the fields trimmed. */
export function salesPersonInput(form: SalesPersonRequest): SalesPersonRequest {
  return { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim() };
}

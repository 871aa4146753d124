import type { SalesPersonRequest } from '@app/contracts/wire';
import type { Requirement } from '../../app/access';
import type { FieldError, FieldErrors } from '../../utils/fieldError';

/**
 * Pure rules of a sales person, the same as the server's
 * (libs/contracts/src/wire/sales-people.ts): name of at least 3 characters, e-mail and phone
 * required; a plain e-mail; a phone of digits, whitespace, one leading plus, hyphens after a
 * plus. Values are checked trimmed, as the server trims them before its check.
 */

export const SALES_PERSON_NAME_MIN = 3;
export const SALES_PERSON_NAME_MAX = 100;
export const SALES_PERSON_EMAIL_MAX = 100;
export const SALES_PERSON_PHONE_MAX = 30;

/** Who may add a sales person: the admin, or a dealership with CREATE_SALESMAN (the gateway's rule); never a signed-in sales person. */
export const ADDS_SALES_PEOPLE = { roles: ['Admin', 'Dealership'], permission: 'CREATE_SALESMAN' } as const satisfies Requirement;

/** One @ after the first character, a dot after it and not at the end, no double dots, no spaces or special characters. */
export function isSalesPersonEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value) && !value.includes('..');
}

/** Digits and whitespace, one leading plus, hyphens only after a plus; at least one digit. */
export function isSalesPersonPhone(value: string): boolean {
  if (!/^\+?[0-9\s-]+$/.test(value)) return false;
  if (value.includes('-') && !value.startsWith('+')) return false;
  return /[0-9]/.test(value);
}

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

/** A sales person's fields, as the server checks them once trimmed. */
export const SALES_PERSON_NAME_MIN = 3;
export const SALES_PERSON_NAME_MAX = 100;
export const SALES_PERSON_EMAIL_MAX = 100;
export const SALES_PERSON_PHONE_MAX = 30;

/**
 * Sales-person e-mail check: one @ after the first character, a dot after
 * it and not at the end, no double dots, no spaces or special characters.
 */
export function isPlainEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value) && !value.includes('..') && value.indexOf('@') > 0;
}

/** Sales-person phone: digits, whitespace, one leading plus, hyphens after a plus. */
export function isPhone(value: string): boolean {
  if (!/^\+?[0-9\s-]+$/.test(value)) return false;
  if (value.includes('-') && !value.startsWith('+')) return false;
  return /[0-9]/.test(value);
}

// ---------------------------------------------------------------------------------------
// request bodies

/** A sales person as entered: name of 3+, a plain e-mail (isPlainEmail), a phone (isPhone). */
export interface SalesPersonRequest {
  name: string;
  email: string;
  phone: string;
}

/** `POST /salesman`: sales people for the dealership account `userId` */
export interface CreateSalesPeopleRequest {
  userId: string;
  salesMan: SalesPersonRequest[];
}

// ---------------------------------------------------------------------------------------
// views


export const SALES_PERSON_MESSAGES = {
  notFound: 'Sales person not found',
  duplicateEmail: 'A sales person with this e-mail already exists for this account',
  loginTaken: 'This e-mail is already used by another login',
  notActivated: 'This sales person has no login yet: activate it first',
  alreadyActivated: 'This sales person already has a login',
  notDealership: 'Sales people belong to dealership accounts',
} as const;

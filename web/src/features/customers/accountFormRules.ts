import {
  isPhone,
  isPlainEmail,
  MAX_ZOOM,
  MIN_ZOOM,
  needsDealerFields,
  type CreateAccountRequest,
  type Role,
  type UpdateUserRequest,
  type UserView,
} from '@app/contracts/wire';
import type { FieldError, FieldErrors } from '../../utils/fieldError';
import type { RegistrationFields } from './parseRegistrationText';

/** The roles an account can have, in the order the form offers them. */
export const ACCOUNT_ROLES: readonly Role[] = ['Admin', 'QA', 'Management', 'Dealership'];

/** Minimum zoom choices: 0.5 to 2 in steps of 0.1. */
export const ZOOM_CHOICES: readonly string[] = Array.from({ length: Math.round((MAX_ZOOM - MIN_ZOOM) * 10) + 1 }, (_, i) => (MIN_ZOOM + i / 10).toFixed(1));

export const DEFAULT_CURRENCY = 'EUR';

/** The account form, flat: every text as typed. */
export interface AccountFormValues {
  displayName: string;
  email: string;
  country: string;
  city: string;
  postalCode: string;
  address: string;
  companyId: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  contactTitle: string;
  userRole: Role;
  minimumZoomValue: string;
  mobileAppAccess: boolean;
  enabled_qa: boolean;
  desaturateYellowLight: boolean;
  /** a visible "Digitally edited" mark on the pipeline's pictures */
  editedImageLabel: boolean;
  /** the dealership's own downloads of its originals keep their GPS, serial numbers and owner names */
  keepOriginalMetadata: boolean;
  currency: string;
  subscriptionPrice: string;
}

export const EMPTY_ACCOUNT: AccountFormValues = {
  displayName: '',
  email: '',
  country: '',
  city: '',
  postalCode: '',
  address: '',
  companyId: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  contactTitle: '',
  userRole: 'Dealership',
  minimumZoomValue: '1.0',
  mobileAppAccess: false,
  enabled_qa: false,
  desaturateYellowLight: false,
  editedImageLabel: false,
  keepOriginalMetadata: false,
  currency: DEFAULT_CURRENCY,
  subscriptionPrice: '',
};

/** The server's limits of the account's texts. */
const MAX: Partial<Record<keyof AccountFormValues, number>> = {
  displayName: 120,
  email: 100,
  country: 100,
  city: 100,
  postalCode: 20,
  address: 200,
  companyId: 40,
  contactName: 100,
  contactEmail: 100,
  contactPhone: 30,
  contactTitle: 100,
};

const REQUIRED: FieldError = { key: 'validation.required' };
const INVALID: FieldError = { key: 'validation.invalid' };
const PRICE = /^\d{1,8}(?:[.,]\d{1,2})?$/;

/** The fields every account needs, whatever its role. */
const ALWAYS_REQUIRED = ['displayName', 'email', 'country', 'contactName', 'contactEmail'] as const;
/** The dealer-only fields: required for a Dealership or Management account, not for staff (Admin, QA). */
export const DEALER_FIELDS = ['city', 'postalCode', 'address', 'companyId', 'contactPhone', 'contactTitle'] as const;

/** Whether the form marks and requires this field for the chosen role (as the API does, `missingDealerFields`). */
export function isRequiredFor(role: Role, name: keyof AccountFormValues): boolean {
  if ((ALWAYS_REQUIRED as readonly string[]).includes(name)) return true;
  return (DEALER_FIELDS as readonly string[]).includes(name) && needsDealerFields(role);
}

/**
 * Name, login e-mail, country and the contact's name and e-mail are always required; the
 * dealer-only fields (city, postal code, address, company id, the contact's phone and title)
 * for a Dealership or Management account only. Both e-mails valid, a phone given is digits,
 * spaces, one leading + and hyphens after a +. With the account details (the admin's): a
 * 3-letter currency and a price that is a number, or none.
 */
export function validateAccount(values: AccountFormValues, withDetails: boolean): FieldErrors<AccountFormValues> {
  const errors: FieldErrors<AccountFormValues> = {};
  const text = (name: keyof AccountFormValues) => String(values[name]).trim();
  for (const name of [...ALWAYS_REQUIRED, ...DEALER_FIELDS]) {
    const v = text(name);
    const max = MAX[name];
    if (!v) {
      if (isRequiredFor(values.userRole, name)) errors[name] = REQUIRED;
    } else if (max !== undefined && v.length > max) errors[name] = { key: 'validation.maxLength', values: { max } };
  }
  if (!errors.email && !isPlainEmail(text('email'))) errors.email = INVALID;
  if (!errors.contactEmail && !isPlainEmail(text('contactEmail'))) errors.contactEmail = INVALID;
  if (!errors.contactPhone && text('contactPhone') && !isPhone(text('contactPhone'))) errors.contactPhone = { key: 'salesPeople.phoneRule' };
  if (withDetails) {
    if (!text('currency')) errors.currency = REQUIRED;
    else if (!/^[A-Za-z]{3}$/.test(text('currency'))) errors.currency = { key: 'customers.form.currencyRule' };
    const price = text('subscriptionPrice');
    if (price && !PRICE.test(price)) errors.subscriptionPrice = { key: 'customers.form.priceRule' };
  }
  return errors;
}

const priceOf = (raw: string): number | null => (raw.trim() ? Number(raw.trim().replace(',', '.')) : null);

/** The create body: texts trimmed, e-mails lower-case; the account details only for the admin. */
export function toCreateRequest(values: AccountFormValues, withDetails: boolean): CreateAccountRequest {
  const body: CreateAccountRequest = {
    email: values.email.trim().toLowerCase(),
    displayName: values.displayName.trim(),
    address: {
      country: values.country.trim(),
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      address: values.address.trim(),
      companyId: values.companyId.trim(),
    },
    contactPerson: {
      name: values.contactName.trim(),
      email: values.contactEmail.trim().toLowerCase(),
      phoneNumber: values.contactPhone.trim(),
      title: values.contactTitle.trim(),
    },
  };
  if (!withDetails) return body;
  const price = priceOf(values.subscriptionPrice);
  return {
    ...body,
    userRole: values.userRole,
    minimumZoomValue: Number(values.minimumZoomValue),
    mobileAppAccess: values.mobileAppAccess,
    enabled_qa: values.enabled_qa,
    desaturateYellowLight: values.desaturateYellowLight,
    editedImageLabel: values.editedImageLabel,
    keepOriginalMetadata: values.keepOriginalMetadata,
    currency: values.currency.trim().toUpperCase(),
    ...(price === null ? {} : { subscriptionPrice: price }),
  };
}

/** The update body: the same fields; a cleared price is sent as none. */
export function toUpdateRequest(values: AccountFormValues, withDetails: boolean): UpdateUserRequest {
  const { address, contactPerson, displayName, ...details } = toCreateRequest(values, withDetails);
  if (!withDetails) return { displayName, address, contactPerson };
  return { ...details, displayName, address, contactPerson, subscriptionPrice: priceOf(values.subscriptionPrice) };
}

/** The form's values of a saved account. */
export function fromUser(user: UserView): AccountFormValues {
  return {
    displayName: user.displayName,
    email: user.email,
    country: user.address.country,
    city: user.address.city,
    postalCode: user.address.postalCode,
    address: user.address.address,
    companyId: user.address.companyId,
    contactName: user.contactPerson.name,
    contactEmail: user.contactPerson.email,
    contactPhone: user.contactPerson.phoneNumber,
    contactTitle: user.contactPerson.title,
    userRole: user.userRole,
    minimumZoomValue: user.minimumZoomValue.toFixed(1),
    mobileAppAccess: user.mobileAppAccess,
    enabled_qa: user.enabled_qa,
    desaturateYellowLight: user.desaturateYellowLight,
    editedImageLabel: user.editedImageLabel,
    keepOriginalMetadata: user.keepOriginalMetadata,
    currency: user.currency || DEFAULT_CURRENCY,
    subscriptionPrice: user.subscriptionPrice === null ? '' : String(user.subscriptionPrice),
  };
}

/** What a pasted registration fills in: the fields it found, the others kept. */
export function withRegistration(values: AccountFormValues, found: RegistrationFields): AccountFormValues {
  const next = { ...values };
  if (found.displayName) next.displayName = found.displayName;
  if (found.email) {
    next.contactEmail = found.email;
    if (!values.email.trim()) next.email = found.email;
  }
  if (found.contactName) next.contactName = found.contactName;
  if (found.phone) next.contactPhone = found.phone;
  if (found.address) next.address = found.address;
  if (found.postalCode) next.postalCode = found.postalCode;
  if (found.city) next.city = found.city;
  if (found.country) next.country = found.country;
  if (found.companyId) next.companyId = found.companyId;
  return next;
}

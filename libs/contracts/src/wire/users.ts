import type { Role } from './roles';

export const LANGUAGES = ['en', 'dk', 'du', 'de', 'fr', 'es', 'hi', 'jp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** QA role tags: a QA account acts as editor, coordinator or both. */
export const QA_ROLE_TAGS = ['QA_EDITOR', 'QA_COORDINATOR'] as const;
export type QaRoleTag = (typeof QA_ROLE_TAGS)[number];

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 2;

/** Fields only an admin may set (role, zoom, mobile access, QA, desaturate, pricing). */
export const ADMIN_ONLY_USER_FIELDS = [
  'email',
  'userRole',
  'roleTags',
  'currency',
  'subscriptionPrice',
  'mobileAppAccess',
  'minimumZoomValue',
  'enabled_qa',
  'desaturateYellowLight',
  'editedImageLabel',
  'keepOriginalMetadata',
] as const;

// ---------------------------------------------------------------------------------------
// request bodies

/**
 * The dealer-only fields of an account: what a business the product bills and delivers to has
 * (address, company id, a contact phone and title). A Dealership or Management account needs
 * them; staff accounts (Admin, QA) do not. Every account needs its name, login e-mail, country
 * and a contact name and e-mail.
 */
export const DEALER_ONLY_FIELDS = ['city', 'postalCode', 'address', 'companyId', 'phoneNumber', 'title'] as const;
export type DealerOnlyField = (typeof DEALER_ONLY_FIELDS)[number];

/** Whether an account of this role needs the dealer-only fields. */
export const needsDealerFields = (role: Role): boolean => role === 'Dealership' || role === 'Management';

/** The sentence of a dealer-only field left empty, as the API answers it (400). */
export const dealerFieldRequired = (field: DealerOnlyField, role: Role): string => `${field} is required for a ${role} account`;

/**
 * The dealer-only fields this role needs that the values leave empty (none for staff). The
 * values are those the account will have: the address's and the contact person's together.
 */
export function missingDealerFields(role: Role, values: Partial<Record<DealerOnlyField, string | undefined>>): DealerOnlyField[] {
  if (!needsDealerFields(role)) return [];
  return DEALER_ONLY_FIELDS.filter((f) => !(values[f] ?? '').trim());
}

export interface AddressRequest {
  country: string;
  city?: string;
  postalCode?: string;
  address?: string;
  /** VAT / CVR number */
  companyId?: string;
}

export interface ContactPersonRequest {
  name: string;
  email: string;
  phoneNumber?: string;
  title?: string;
}

/** The admin's settings of an account, the same in the account form when it creates and when it changes one. */
export interface AccountSettingsRequest {
  /** 3-letter code, like EUR */
  currency?: string;
  mobileAppAccess?: boolean;
  /** MIN_ZOOM to MAX_ZOOM in steps of 0.1 */
  minimumZoomValue?: number;
  enabled_qa?: boolean;
  desaturateYellowLight?: boolean;
  /** a visible "Digitally edited" mark on the pipeline's pictures (markets that require it) */
  editedImageLabel?: boolean;
  /** the owning dealership's own downloads of its originals keep their metadata (GPS, serial numbers, owner names) */
  keepOriginalMetadata?: boolean;
}

/** `PUT /users/{id}`: any of these; an account may change its own language, an admin the rest (ADMIN_ONLY_USER_FIELDS). */
export interface UpdateUserRequest extends AccountSettingsRequest {
  email?: string;
  /** dealership name */
  displayName?: string;
  language?: Language;
  userRole?: Role;
  roleTags?: QaRoleTag[];
  address?: Partial<AddressRequest>;
  contactPerson?: Partial<ContactPersonRequest>;
  /** null: no price */
  subscriptionPrice?: number | null;
}

/** `POST /users/createAccountWithoutCognito`: the account form of an admin. */
export interface CreateAccountRequest extends AccountSettingsRequest {
  email: string;
  displayName: string;
  language?: Language;
  userRole?: Role;
  roleTags?: QaRoleTag[];
  address: AddressRequest;
  contactPerson: ContactPersonRequest;
  subscriptionPrice?: number;
}

// ---------------------------------------------------------------------------------------
// views: declared once, as the response classes of the HTTP contract


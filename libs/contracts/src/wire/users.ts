import type { Role } from './roles';

export const LANGUAGES = ['en', 'dk', 'du', 'de', 'fr', 'es', 'hi', 'jp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** QA role tags: a QA account acts as editor, coordinator or both. */
export const QA_ROLE_TAGS = ['QA_EDITOR', 'QA_COORDINATOR'] as const;
export type QaRoleTag = (typeof QA_ROLE_TAGS)[number];

export const USER_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

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
] as const;

// ---------------------------------------------------------------------------------------
// request bodies

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

/** `PUT /users/{id}`: any of these; an account may change its own language, an admin the rest (ADMIN_ONLY_USER_FIELDS). */
export interface UpdateUserRequest {
  email?: string;
  /** dealership name */
  displayName?: string;
  language?: Language;
  userRole?: Role;
  roleTags?: QaRoleTag[];
  address?: Partial<AddressRequest>;
  contactPerson?: Partial<ContactPersonRequest>;
  /** 3-letter code, like EUR */
  currency?: string;
  /** null: no price */
  subscriptionPrice?: number | null;
  mobileAppAccess?: boolean;
  /** MIN_ZOOM to MAX_ZOOM in steps of 0.1 */
  minimumZoomValue?: number;
  enabled_qa?: boolean;
  desaturateYellowLight?: boolean;
  /** a visible "Digitally edited" mark on the pipeline's pictures (markets that require it) */
  editedImageLabel?: boolean;
}

/** `POST /users/createAccountWithoutCognito`: the account form of an admin. */
export interface CreateAccountRequest {
  email: string;
  displayName: string;
  language?: Language;
  userRole?: Role;
  roleTags?: QaRoleTag[];
  address: AddressRequest;
  contactPerson: ContactPersonRequest;
  currency?: string;
  subscriptionPrice?: number;
  mobileAppAccess?: boolean;
  minimumZoomValue?: number;
  enabled_qa?: boolean;
  desaturateYellowLight?: boolean;
  /** a visible "Digitally edited" mark on the pipeline's pictures (markets that require it) */
  editedImageLabel?: boolean;
}

// ---------------------------------------------------------------------------------------
// views

export interface AddressView {
  country: string;
  city: string;
  postalCode: string;
  address: string;
  companyId: string;
}

export interface ContactPersonView {
  name: string;
  email: string;
  phoneNumber: string;
  title: string;
}

export interface UserView {
  id: string;
  displayName: string;
  email: string;
  language: Language;
  userRole: Role;
  roleTags: QaRoleTag[];
  permissions: string[];
  address: AddressView;
  contactPerson: ContactPersonView;
  currency: string;
  subscriptionPrice: number | null;
  mobileAppAccess: boolean;
  minimumZoomValue: number;
  enabled_qa: boolean;
  desaturateYellowLight: boolean;
  editedImageLabel: boolean;
  userStatus: UserStatus;
  loginActivated: boolean;
  childAccounts: string[];
  last_order_date: string | null;
  days_since_last_order: number | null;
  createdAt: string;
  updatedAt: string;
  /** only for admins: what the admin types to confirm deleting the account */
  deleteConfirmationHash?: string;
}

export interface MeView extends UserView {
  loggedInSalesPersonInfo: { id: string; name: string; email: string } | null;
}

export type UserListItem = Pick<
  UserView,
  'id' | 'displayName' | 'email' | 'userRole' | 'address' | 'contactPerson' | 'userStatus' | 'createdAt' | 'updatedAt'
>;

/** `GET /users/customers` (admin and QA): a dealership account with how many orders it has. */
export interface CustomerListItem extends UserListItem {
  ordersCount: number;
}

export interface ChildAccountView {
  id: string;
  displayName: string;
  email: string;
  userRole: Role;
  country: string;
}

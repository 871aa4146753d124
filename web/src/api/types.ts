/**
 * Wire types of the gateway, mirrored from libs/contracts (which the browser bundle does not
 * import: it pulls in server code). Only what the web app reads.
 */

export const ROLES = ['Admin', 'Dealership', 'Management', 'QA'] as const;
export type Role = (typeof ROLES)[number];

export interface Address {
  country: string;
  city: string;
  postalCode: string;
  address: string;
  companyId: string;
}

export interface ContactPerson {
  name: string;
  email: string;
  phoneNumber: string;
  title: string;
}

/** `GET /api/me`: the signed-in account, and the sales person when one signed in. */
export interface Me {
  id: string;
  displayName: string;
  email: string;
  language: string;
  userRole: Role;
  roleTags: string[];
  permissions: string[];
  address: Address;
  contactPerson: ContactPerson;
  loggedInSalesPersonInfo: { id: string; name: string; email: string } | null;
}

/** `POST /api/auth/login` and `/auth/new-password` when signed in. */
export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: Me;
}

/** `POST /api/auth/login` for an account still on its temporary password. */
export interface NewPasswordChallenge {
  challenge: 'NEW_PASSWORD_REQUIRED';
  session: string;
}

export type LoginResult = SignedIn | NewPasswordChallenge;

export function isChallenge(result: LoginResult): result is NewPasswordChallenge {
  return 'challenge' in result;
}

/** `POST /api/auth/refresh`. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** Lists answer a page of 10. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type AppSettingValueType = 'boolean' | 'string' | 'date' | 'number';

/** `GET /api/appSettings`. */
export interface AppSetting {
  name: string;
  value: string;
  valueType: AppSettingValueType;
}

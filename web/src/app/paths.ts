import { SCREENS } from './screens';

/** Route paths used across features. */
export const paths = {
  /**
   * Where "go home" links point. Any /auth path sends a signed-in
   * visitor to the landing screen and a signed-out one to sign-in.
   */
  home: '/auth/me',
  /** Where a signed-in user lands (after sign-in, and at / or /auth): the orders list. */
  landing: SCREENS.orders.path,
  login: SCREENS.login.path,
  forgotPassword: SCREENS.forgotPassword.path,
  logout: SCREENS.logout.path,
  account: SCREENS.account.path,
  accountSettings: SCREENS.accountSettings.path,
  status: SCREENS.status.path,
  error: (code: 401 | 404 | 500) => `/error/${code}`,
} as const;

import { Routes } from '@app/contracts/http';
import { api } from './client';

/**
 * Sign-in calls (docs/users.md). They carry no session, and their 401 is an answer
 * ("Incorrect username or password."), not an expired session: `'public'` routes send none.
 */

export const authApi = {
  login: (email: string, password: string) => api.call(Routes.auth.login, { body: { email, password } }),
  newPassword: (session: string, newPassword: string) => api.call(Routes.auth.newPassword, { body: { session, newPassword } }),
  forgotPassword: (email: string) => api.call(Routes.auth.forgotPassword, { body: { email } }),
  confirmForgotPassword: (email: string, code: string, newPassword: string) =>
    api.call(Routes.auth.confirmForgotPassword, { body: { email, code, newPassword } }),
  /** Ends the session on the server; the token is sent by hand so a dead one is simply refused. */
  logout: (accessToken: string) => api.call(Routes.auth.logout, { session: false, headers: { Authorization: `Bearer ${accessToken}` } }),
  me: (signal?: AbortSignal) => api.call(Routes.auth.me, { signal }),
};

export const meKeys = {
  get: () => ['me', 'get', {}] as const,
};

import { api } from './client';
import type { LoginResult, Me, SignedIn } from './types';

/**
 * Sign-in calls (docs/identity.md). They carry no session, and their 401 is an answer
 * ("Incorrect username or password."), not an expired session.
 */
const noSession = { session: false } as const;

export const authApi = {
  login: (email: string, password: string) => api.post<LoginResult>('/auth/login', { email, password }, noSession),
  newPassword: (session: string, newPassword: string) => api.post<SignedIn>('/auth/new-password', { session, newPassword }, noSession),
  forgotPassword: (email: string) => api.post<{ sent: true }>('/auth/forgot-password', { email }, noSession),
  confirmForgotPassword: (email: string, code: string, newPassword: string) =>
    api.post<{ changed: true }>('/auth/confirm-forgot-password', { email, code, newPassword }, noSession),
  /** Ends the session on the server; the token is sent by hand so a dead one is simply refused. */
  logout: (accessToken: string) =>
    api.post<{ revoked: boolean }>('/auth/logout', undefined, { ...noSession, headers: { Authorization: `Bearer ${accessToken}` } }),
  me: (signal?: AbortSignal) => api.get<Me>('/me', { signal }),
};

export const meKeys = {
  get: () => ['me', 'get', {}] as const,
};

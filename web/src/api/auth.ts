import type {
  ConfirmForgotPasswordRequest,
  EmailRequest,
  LoginAnswer,
  LoginRequest,
  MeView,
  NewPasswordRequest,
  SignedIn,
} from '@app/contracts/wire';
import { api } from './client';

/**
 * Sign-in calls (docs/users.md). They carry no session, and their 401 is an answer
 * ("Incorrect username or password."), not an expired session.
 */
const noSession = { session: false } as const;

export const authApi = {
  login: (email: string, password: string) => api.post<LoginAnswer>('/auth/login', { email, password } satisfies LoginRequest, noSession),
  newPassword: (session: string, newPassword: string) =>
    api.post<SignedIn>('/auth/new-password', { session, newPassword } satisfies NewPasswordRequest, noSession),
  forgotPassword: (email: string) => api.post<{ sent: true }>('/auth/forgot-password', { email } satisfies EmailRequest, noSession),
  confirmForgotPassword: (email: string, code: string, newPassword: string) =>
    api.post<{ changed: true }>('/auth/confirm-forgot-password', { email, code, newPassword } satisfies ConfirmForgotPasswordRequest, noSession),
  /** Ends the session on the server; the token is sent by hand so a dead one is simply refused. */
  logout: (accessToken: string) =>
    api.post<{ revoked: boolean }>('/auth/logout', undefined, { ...noSession, headers: { Authorization: `Bearer ${accessToken}` } }),
  me: (signal?: AbortSignal) => api.get<MeView>('/me', { signal }),
};

export const meKeys = {
  get: () => ['me', 'get', {}] as const,
};

import { ConfirmForgotPasswordBody, EmailBody, RefreshBody } from '../../users/auth.contract';
import { defineRoute } from '../define-route';
import { SentResult } from '../fields';
import { LoggedOutResult, PasswordChangedResult, TokenPairResult } from '../schemas/auth.schemas';

/**
 * The HTTP operations of sign-in that answer without the user's view. They are public (no
 * token read) but for logout; the gateway's handlers add the client key (throttling) and the
 * 429 they may answer. Sign-in, the new-password challenge and `GET /me` answer the user's view
 * and join these once it is a class of the contracts.
 */
export const AuthRoutes = {
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    status: 200,
    access: 'public',
    body: EmailBody,
    result: SentResult,
    summary: 'Send a verification code to the e-mail, if an account has it (always answers 200)',
    description:
      'Answers as soon as the request is recorded, in the same time whatever the e-mail; the code is made and mailed afterwards. More than 5 requests for one e-mail, or too many from one client, within the window: 429.',
  }),
  confirmForgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/confirm-forgot-password',
    status: 200,
    access: 'public',
    body: ConfirmForgotPasswordBody,
    result: PasswordChangedResult,
    summary: 'Set a new password with the e-mailed code (a code works once and expires)',
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh',
    status: 200,
    access: 'public',
    body: RefreshBody,
    result: TokenPairResult,
    resultDescription: 'the new pair',
    summary: 'Trade a refresh token for a new pair (the old one is spent; reusing a spent one ends the whole session)',
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    status: 200,
    access: {},
    result: LoggedOutResult,
    summary: 'End the current session: its access and refresh tokens stop working',
  }),
};

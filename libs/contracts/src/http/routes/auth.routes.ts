import { ConfirmForgotPasswordBody, EmailBody, LoginBody, NewPasswordBody, RefreshBody } from '../../users/auth.contract';
import { defineRoute, oneOf } from '../define-route';
import { SentResult } from '../fields';
import { LoggedOutResult, NewPasswordChallenge, PasswordChangedResult, SignedInResult, TokenPairResult } from '../schemas/auth.schemas';
import { MeView } from '../schemas/users.schemas';

/**
 * The HTTP operations of sign-in. They are public (no token read) but for logout and `GET /me`;
 * the gateway's handlers add the client key (throttling) and the 429 they may answer.
 */
export const AuthRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    status: 200,
    access: 'public',
    body: LoginBody,
    result: oneOf(SignedInResult, NewPasswordChallenge),
    resultDescription: 'signed in, or the new password the account must choose first',
    summary: 'Sign in with e-mail and password',
    description:
      'Answers `{ accessToken, refreshToken, expiresIn, user }`, or `{ challenge: "NEW_PASSWORD_REQUIRED", session }` for an account still on its temporary password (complete it with /auth/new-password). Wrong e-mail or password: 401 "Incorrect username or password.". Repeated failures for one e-mail from one client, from one client, or for one e-mail from all clients: 429 "Limit exceeded…" until a cool-down has passed (growing with each lock). The mobile app sends `X-Client-App: mobile`: an account without mobile app access gets 403.',
  }),
  newPassword: defineRoute({
    method: 'POST',
    path: '/auth/new-password',
    status: 200,
    access: 'public',
    body: NewPasswordBody,
    result: SignedInResult,
    resultDescription: 'signed in',
    summary: 'Complete the NEW_PASSWORD_REQUIRED challenge with a new password, and sign in',
  }),
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
  me: defineRoute({
    method: 'GET',
    path: '/me',
    access: {},
    result: MeView,
    summary: 'The signed-in user, its permissions, and the signed-in sales person if any',
  }),
};


/** e-mail of the sign-in and reset forms */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 100;
/** the e-mailed verification code */
export const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 10;

export const AUTH_CHALLENGES = ['NEW_PASSWORD_REQUIRED'] as const;
export type AuthChallenge = (typeof AUTH_CHALLENGES)[number];

/** A refresh token that is spent, unknown or expired; the web app shows it before sending the user to sign in. */
export const SESSION_REFRESH_FAILED_MESSAGE = 'Your session cannot be refreshed. Please log in again';

/** Sign-in and reset messages: the web app maps them by their first word (docs/users.md). */
export const AUTH_MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  limitExceeded: 'Limit exceeded: too many failed attempts. Please try again later.',
  invalidCode: 'Invalid verification code provided, please try again.',
  expiredCode: 'Expired code: the verification code has expired, please request a new one.',
  invalidChallenge: 'Invalid session for the user, session is expired.',
  sessionRefreshFailed: SESSION_REFRESH_FAILED_MESSAGE,
  unauthorized: 'Unauthorized',
  noMobileAppAccess: 'This account has no access to the mobile app.',
} as const;

/**
 * The header the mobile app sends with every call, `X-Client-App: mobile`: a sign-in with it
 * is refused (403) for an account without mobile app access.
 */
export const CLIENT_APP_HEADER = 'x-client-app';
export const MOBILE_CLIENT_APP = 'mobile';

// ---------------------------------------------------------------------------------------
// request bodies

/** `POST /auth/forgot-password` */
export interface EmailRequest {
  email: string;
}

/** `POST /auth/login` */
export interface LoginRequest extends EmailRequest {
  password: string;
}

/** `POST /auth/new-password`: completes the NEW_PASSWORD_REQUIRED challenge */
export interface NewPasswordRequest {
  /** the session of the challenge */
  session: string;
  newPassword: string;
}

/** `POST /auth/refresh` */
export interface RefreshRequest {
  refreshToken: string;
}

/** `POST /auth/confirm-forgot-password` */
export interface ConfirmForgotPasswordRequest extends EmailRequest {
  code: string;
  newPassword: string;
}

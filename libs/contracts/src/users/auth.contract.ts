import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsISO8601, IsOptional, IsString, IsUUID, Length, MaxLength, MinLength } from 'class-validator';
import type { ActorRole } from '../envelope';
import { defineEvent, defineRpc } from '../rpc';
import { PASSWORD_MAX_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH } from '../wire';
import { IsStrongPassword } from './validators';
import type { MeView } from '../wire';
import { trimLower } from '../transforms';
import type { Mirror } from '../mirror';
import {
  AUTH_CHALLENGES,
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  type AuthChallenge,
  type ConfirmForgotPasswordRequest,
  type EmailRequest,
  type LoginRequest,
  type NewPasswordRequest,
  type RefreshRequest,
} from '../wire';

/** E-mail of sign-in and reset forms: valid, 3 to 100 characters. */
export class EmailBody implements EmailRequest {
  @ApiProperty({ example: 'dealer@demo.test' })
  @Transform(trimLower)
  @IsString()
  @Length(EMAIL_MIN_LENGTH, EMAIL_MAX_LENGTH)
  @IsEmail({}, { message: 'Please use a valid email address' })
  email!: string;
}

export class LoginBody extends EmailBody implements LoginRequest {
  @ApiProperty({ minLength: SIGN_IN_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsString()
  @MinLength(SIGN_IN_PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;
}

export class NewPasswordBody implements NewPasswordRequest {
  @ApiProperty({ description: 'the session of the NEW_PASSWORD_REQUIRED challenge' })
  @IsString()
  @Length(20, 200)
  session!: string;

  @ApiProperty()
  @IsStrongPassword()
  newPassword!: string;
}

export class RefreshBody implements RefreshRequest {
  @ApiProperty()
  @IsString()
  @Length(20, 200)
  refreshToken!: string;
}

export class ConfirmForgotPasswordBody extends EmailBody implements ConfirmForgotPasswordRequest {
  @ApiProperty({ minLength: CODE_MIN_LENGTH, maxLength: CODE_MAX_LENGTH })
  @IsString()
  @Length(CODE_MIN_LENGTH, CODE_MAX_LENGTH)
  code!: string;

  @ApiProperty()
  @IsStrongPassword()
  newPassword!: string;
}

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type AuthBodiesMirrored = [
  Mirror<EmailBody, EmailRequest>,
  Mirror<LoginBody, LoginRequest>,
  Mirror<NewPasswordBody, NewPasswordRequest>,
  Mirror<RefreshBody, RefreshRequest>,
  Mirror<ConfirmForgotPasswordBody, ConfirmForgotPasswordRequest>,
];

/** What the gateway adds to a sign-in: who is asking, for throttling per client. */
export class LoginPayload extends LoginBody {
  @IsString()
  @MaxLength(100)
  clientKey!: string;

  /** the app signing in, when it is the mobile app (its `X-Client-App` header) */
  @IsOptional()
  @IsIn(['mobile'])
  app?: 'mobile';
}

export class NewPasswordPayload extends NewPasswordBody {
  @IsString()
  @MaxLength(100)
  clientKey!: string;
}

export class SessionIdPayload {
  @IsUUID()
  sessionId!: string;
}

export class ValidateSessionPayload extends SessionIdPayload {
  @IsUUID()
  userId!: string;

  @IsOptional()
  @IsUUID()
  salesPersonId?: string;
}

export class ForgotPasswordPayload extends EmailBody {
  @IsString()
  @MaxLength(100)
  clientKey!: string;
}

export class ConfirmForgotPasswordPayload extends ConfirmForgotPasswordBody {
  @IsString()
  @MaxLength(100)
  clientKey!: string;
}

/** A signed-in session: the gateway signs an access token for it. */
export interface SessionGrant {
  sessionId: string;
  userId: string;
  salesPersonId: string | null;
  refreshToken: string;
  refreshExpiresAt: string;
}

export type LoginResult =
  | { kind: 'session'; grant: SessionGrant }
  | { kind: 'challenge'; challenge: 'NEW_PASSWORD_REQUIRED'; session: string };

/** The actor behind a live session, read fresh on every request. */
export interface SessionActor {
  userId: string;
  role: ActorRole;
  permissions: string[];
  salesPersonId: string | null;
}

export class ChallengeName {
  @IsIn(AUTH_CHALLENGES)
  challenge!: AuthChallenge;
}

/**
 * Core NATS subject on which the users service says "what a session check answers may have
 * changed" (a session revoked, a role or permission changed, an account or sales person
 * deleted). It publishes it, and waits for the server to take it, before it answers the call
 * that made the change, so a gateway that caches session checks drops them before the
 * caller hears back. Not stored: a gateway that misses one keeps an answer for at most its
 * cache's lifetime (`SESSION_CACHE_MS`).
 */
/**
 * A forgot-password request, recorded before the request is answered: the users service
 * itself then looks the e-mail up and, when a login has it, makes and mails the code. The
 * answer does the same work whether the e-mail is known or not.
 */
export class PasswordResetRequested {
  @IsString() @MaxLength(EMAIL_MAX_LENGTH) email!: string;
  @IsISO8601() at!: string;
}

export const AuthEvents = {
  passwordResetRequested: defineEvent('users', 'password-reset-requested', PasswordResetRequested),
};

/** The users service's own durable consumers of its auth events. */
export const AUTH_DURABLES = {
  passwordReset: 'users-password-reset',
} as const;

export const SESSIONS_CHANGED_SUBJECT = 'sessions.changed';

export const AuthRpc = {
  login: defineRpc<LoginPayload, LoginResult>('users', 'auth.login', LoginPayload),
  completeNewPassword: defineRpc<NewPasswordPayload, SessionGrant>('users', 'auth.new-password', NewPasswordPayload),
  refresh: defineRpc<RefreshBody, SessionGrant>('users', 'auth.refresh', RefreshBody),
  logout: defineRpc<SessionIdPayload, { revoked: boolean }>('users', 'auth.logout', SessionIdPayload),
  validateSession: defineRpc<ValidateSessionPayload, SessionActor>('users', 'auth.session', ValidateSessionPayload),
  forgotPassword: defineRpc<ForgotPasswordPayload, { sent: true }>('users', 'auth.forgot-password', ForgotPasswordPayload),
  confirmForgotPassword: defineRpc<ConfirmForgotPasswordPayload, { changed: true }>(
    'users',
    'auth.confirm-forgot-password',
    ConfirmForgotPasswordPayload,
  ),
  me: defineRpc<Record<string, never>, MeView>('users', 'auth.me', null),
};

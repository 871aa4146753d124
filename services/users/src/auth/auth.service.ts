import {
  AUTH_MESSAGES,
  AuthEvents,
  RpcError,
  UsersEvents,
  type ConfirmForgotPasswordPayload,
  type ForgotPasswordPayload,
  type Language,
  type LoginPayload,
  type LoginResult,
  type NewPasswordPayload,
  type SessionActor,
  type SessionGrant,
  type ValidateSessionPayload,
} from '@app/contracts';
import { inTransaction, MessagingHost, SERVICE_CONFIG } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Mailer } from '../mail/mailer';
import type { UsersConfig } from '../users.config';
import { randomUUID } from 'node:crypto';
import { AuthRepository, codeHash, type AttemptLimit } from './auth.repository';
import { generateVerificationCode, PasswordHasher } from './password-hasher';
import { openSuccessor, sealSuccessor } from './refresh-successor';

/** Wrong codes before a forgot-password code is spent. */
const MAX_CODE_ATTEMPTS = 5;
/** Codes one e-mail or client may request within the failure window. */
const MAX_CODE_REQUESTS = 5;

const TOO_MANY_REQUESTS = 'Too many requests have been made. Please try again later.';

/**
 * Sign-in, sessions and password resets. The gateway signs access tokens; this service keeps
 * credentials (scrypt), sessions with rotating refresh tokens (stored hashed; the same token
 * again within `REFRESH_REUSE_GRACE_MS` answers the same new pair, later reuse revokes the
 * whole session), the new-password challenge, reset codes and the throttling of failures.
 */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly auth: AuthRepository,
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly messaging: MessagingHost,
  ) {}

  private limit(max: number): AttemptLimit {
    const { AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS, AUTH_MAX_LOCKOUT_MS } = this.config;
    return { max, windowMs: AUTH_FAILURE_WINDOW_MS, lockMs: AUTH_LOCKOUT_MS, maxLockMs: Math.max(AUTH_MAX_LOCKOUT_MS, AUTH_LOCKOUT_MS) };
  }

  /**
   * Counts an attempt on each key before its work is done (see `AuthRepository.countAttempt`);
   * 429 with `message` when one of them is locked. Keys counted before the locked one keep
   * their count: the attempt was made.
   */
  private async countAttempts(m: EntityManager, keys: Array<[string, number]>, message: string = AUTH_MESSAGES.limitExceeded): Promise<void> {
    for (const [key, max] of keys) {
      if (!(await this.auth.countAttempt(m, key, this.limit(max)))) throw new RpcError(429, message);
    }
  }

  /**
   * A new session after a successful sign-in (password, or the new-password challenge), and its
   * `UsersEvents.signedIn` in the same transaction, with the session's id as the message id. A
   * token refresh continues a session and is no sign-in.
   */
  private async grant(m: EntityManager, who: { userId: string; salesPersonId: string | null }): Promise<SessionGrant> {
    const s = await this.auth.createSession(m, who.userId, who.salesPersonId, this.config.REFRESH_TOKEN_TTL_DAYS);
    await this.messaging.outbox.add(m, UsersEvents.signedIn, { userId: who.userId, salesPersonId: who.salesPersonId, at: new Date().toISOString() }, s.sessionId);
    return {
      sessionId: s.sessionId,
      userId: who.userId,
      salesPersonId: who.salesPersonId,
      refreshToken: s.refreshToken,
      refreshExpiresAt: s.expiresAt.toISOString(),
    };
  }

  /**
   * A password sign-in. Failures are throttled per e-mail and client (the pair: the owner of
   * an e-mail signing in from elsewhere is not locked out by someone guessing it), per client
   * whatever the e-mail, and per e-mail from all clients together (a much higher limit, which
   * bounds a guess spread over many clients). Each attempt is counted before the password is
   * checked; a success takes its count back.
   */
  async login(p: LoginPayload): Promise<LoginResult> {
    const m = this.ds.manager;
    const email = p.email.toLowerCase();
    const pairKey = `login:${email}|${p.clientKey}`;
    const clientKey = `login-client:${p.clientKey}`;
    const emailKey = `login-email:${email}`;
    const { AUTH_MAX_FAILURES, AUTH_CLIENT_MAX_FAILURES, AUTH_EMAIL_MAX_FAILURES } = this.config;
    await this.countAttempts(m, [
      [pairKey, AUTH_MAX_FAILURES],
      [clientKey, AUTH_CLIENT_MAX_FAILURES],
      [emailKey, AUTH_EMAIL_MAX_FAILURES],
    ]);
    const identity = await this.auth.findLogin(m, p.email);
    // verify even for an unknown e-mail: same answer, same time
    const ok = await this.hasher.verify(p.password, identity?.passwordHash ?? null);
    if (!identity || !ok) throw new RpcError(401, AUTH_MESSAGES.incorrectCredentials);
    await this.auth.clearFailures(m, pairKey);
    await this.auth.uncountAttempt(m, clientKey, AUTH_CLIENT_MAX_FAILURES);
    await this.auth.uncountAttempt(m, emailKey, AUTH_EMAIL_MAX_FAILURES);
    // the mobile app says who it is; an account without mobile app access may not sign in there
    if (p.app === 'mobile' && !identity.mobileAppAccess) throw RpcError.forbidden(AUTH_MESSAGES.noMobileAppAccess);
    if (identity.userStatus === 'FORCE_CHANGE_PASSWORD') {
      const session = await this.auth.createChallenge(m, identity, this.config.CHALLENGE_TTL_MS);
      return { kind: 'challenge', challenge: 'NEW_PASSWORD_REQUIRED', session };
    }
    return { kind: 'session', grant: await inTransaction(this.ds, (t) => this.grant(t, identity)) };
  }

  async completeNewPassword(p: NewPasswordPayload): Promise<SessionGrant> {
    const hash = await this.hasher.hash(p.newPassword);
    return inTransaction(this.ds, async (m) => {
      const who = await this.auth.spendChallenge(m, p.session);
      if (!who) throw new RpcError(401, AUTH_MESSAGES.invalidChallenge);
      await this.auth.setPassword(m, who, hash);
      return this.grant(m, who);
    });
  }

  async refresh(refreshToken: string): Promise<SessionGrant> {
    // the revocation of a reused chain must commit, so the transaction answers instead of throwing
    const grant = await inTransaction(this.ds, async (m): Promise<SessionGrant | null> => {
      const token = await this.auth.findRefreshToken(m, refreshToken);
      if (!token || token.session.revoked_at || token.session.expires_at <= new Date()) return null;
      const session = { sessionId: token.session.id, userId: token.session.user_id, salesPersonId: token.session.sales_person_id };
      // a second refresh with the same token waits here until the first has committed
      if (!(await this.auth.spendRefreshToken(m, token.id))) {
        // spent a moment ago (two tabs refreshing at once): the same new pair, not a new rotation
        const again = await this.auth.successorWithinGrace(m, token.id, this.config.REFRESH_REUSE_GRACE_MS);
        const successor = again && openSuccessor(refreshToken, again.sealed);
        if (again && successor && (await this.auth.isUnspent(m, token.session.id, successor))) {
          return { ...session, refreshToken: successor, refreshExpiresAt: again.expiresAt.toISOString() };
        }
        // a spent token came back later: someone else holds the chain; end the whole session
        await this.auth.revokeSession(m, token.session.id, 'refresh-token-reuse');
        return null;
      }
      const expiresAt = await this.auth.extendSession(m, token.session.id, this.config.REFRESH_TOKEN_TTL_DAYS);
      const successor = await this.auth.issueRefreshToken(m, token.session.id);
      await this.auth.keepSuccessor(m, token.id, sealSuccessor(refreshToken, successor));
      return { ...session, refreshToken: successor, refreshExpiresAt: expiresAt.toISOString() };
    });
    if (!grant) throw new RpcError(401, AUTH_MESSAGES.sessionRefreshFailed);
    return grant;
  }

  async logout(sessionId: string): Promise<{ revoked: boolean }> {
    return { revoked: await this.auth.revokeSession(this.ds.manager, sessionId, 'logout') };
  }

  /** The actor of a live session, read fresh: role and permission changes apply at once. */
  async validateSession(p: ValidateSessionPayload): Promise<SessionActor> {
    // one statement: the session, its account's role and permissions (a deleted account or
    // sales person takes its sessions with it)
    const session = await this.auth.liveSessionActor(this.ds.manager, p.sessionId);
    // a session of another account, or of the account where a sales person's was named (or
    // the other way round), is refused like a dead one
    if (!session || session.user_id !== p.userId || (session.sales_person_id ?? undefined) !== (p.salesPersonId ?? undefined)) {
      throw RpcError.unauthorized();
    }
    return { userId: session.user_id, role: session.user_role, permissions: session.permissions, salesPersonId: session.sales_person_id };
  }

  /**
   * Records the request and answers: the same statements whatever the e-mail. The code is
   * made and mailed afterwards, by `PasswordResetConsumer`, when a login has the e-mail.
   */
  async forgotPassword(p: ForgotPasswordPayload): Promise<{ sent: true }> {
    const { AUTH_CLIENT_MAX_FAILURES } = this.config;
    await inTransaction(this.ds, async (m) => {
      // every request counts, whether the account exists or not
      await this.countAttempts(
        m,
        [
          [`reset:${p.email.toLowerCase()}`, MAX_CODE_REQUESTS],
          [`reset-client:${p.clientKey}`, AUTH_CLIENT_MAX_FAILURES],
        ],
        TOO_MANY_REQUESTS,
      );
      await this.messaging.outbox.add(m, AuthEvents.passwordResetRequested, { email: p.email, at: new Date().toISOString() }, randomUUID());
    });
    return { sent: true };
  }

  /** A recorded forgot-password request: a new code for the login with that e-mail, if any, mailed. */
  async sendResetCode(m: EntityManager, email: string): Promise<void> {
    const identity = await this.auth.findLogin(m, email);
    if (!identity) return;
    const code = generateVerificationCode();
    await this.auth.createResetCode(m, identity.email, code, this.config.RESET_CODE_TTL_MS);
    await this.mailer.resetCode(identity.email, identity.language as Language, code, Math.round(this.config.RESET_CODE_TTL_MS / 60000));
  }

  async confirmForgotPassword(p: ConfirmForgotPasswordPayload): Promise<{ changed: true }> {
    const hash = await this.hasher.hash(p.newPassword);
    const outcome = await inTransaction(this.ds, async (m): Promise<'ok' | 'invalid' | 'expired'> => {
      const identity = await this.auth.findLogin(m, p.email);
      const code = await this.auth.latestResetCode(m, p.email);
      if (!identity || !code) return 'invalid';
      if (code.expired) return 'expired';
      if (code.code_hash !== codeHash(p.email, p.code.trim())) {
        await this.auth.failResetCode(m, code.id, MAX_CODE_ATTEMPTS);
        return 'invalid';
      }
      await this.auth.spendResetCode(m, code.id);
      await this.auth.setPassword(m, identity, hash);
      // a new password ends every session of that login
      await this.auth.revokeAllSessions(m, identity, 'password-reset');
      await this.auth.clearFailures(m, `login-email:${p.email.toLowerCase()}`);
      await this.auth.clearFailures(m, `login:${p.email.toLowerCase()}|${p.clientKey}`);
      return 'ok';
    });
    if (outcome === 'invalid') throw RpcError.badRequest(AUTH_MESSAGES.invalidCode);
    if (outcome === 'expired') throw RpcError.badRequest(AUTH_MESSAGES.expiredCode);
    return { changed: true };
  }
}

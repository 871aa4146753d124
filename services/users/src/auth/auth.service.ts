import {
  AUTH_MESSAGES,
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
import { AuthRepository, codeHash } from './auth.repository';
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

  private async assertNotLocked(m: EntityManager, keys: string[], message: string = AUTH_MESSAGES.limitExceeded): Promise<void> {
    if ((await this.auth.lockedKeys(m, keys)).length) throw new RpcError(429, message);
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

  async login(p: LoginPayload): Promise<LoginResult> {
    const m = this.ds.manager;
    const emailKey = `login:${p.email.toLowerCase()}`;
    const clientKey = `login-client:${p.clientKey}`;
    await this.assertNotLocked(m, [emailKey, clientKey]);
    const identity = await this.auth.findLogin(m, p.email);
    // verify even for an unknown e-mail: same answer, same time
    const ok = await this.hasher.verify(p.password, identity?.passwordHash ?? null);
    if (!identity || !ok) {
      const { AUTH_MAX_FAILURES, AUTH_CLIENT_MAX_FAILURES, AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS } = this.config;
      await this.auth.recordFailure(m, emailKey, AUTH_MAX_FAILURES, AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS);
      await this.auth.recordFailure(m, clientKey, AUTH_CLIENT_MAX_FAILURES, AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS);
      throw new RpcError(401, AUTH_MESSAGES.incorrectCredentials);
    }
    await this.auth.clearFailures(m, emailKey);
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

  async forgotPassword(p: ForgotPasswordPayload): Promise<{ sent: true }> {
    const m = this.ds.manager;
    const emailKey = `reset:${p.email.toLowerCase()}`;
    const clientKey = `reset-client:${p.clientKey}`;
    await this.assertNotLocked(m, [emailKey, clientKey], TOO_MANY_REQUESTS);
    const { AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS, AUTH_CLIENT_MAX_FAILURES } = this.config;
    // every request counts, whether the account exists or not
    await this.auth.recordFailure(m, emailKey, MAX_CODE_REQUESTS, AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS);
    await this.auth.recordFailure(m, clientKey, AUTH_CLIENT_MAX_FAILURES, AUTH_FAILURE_WINDOW_MS, AUTH_LOCKOUT_MS);
    const identity = await this.auth.findLogin(m, p.email);
    if (identity) {
      const code = generateVerificationCode();
      await this.auth.createResetCode(m, identity.email, code, this.config.RESET_CODE_TTL_MS);
      await this.mailer.resetCode(identity.email, identity.language as Language, code, Math.round(this.config.RESET_CODE_TTL_MS / 60000));
    }
    return { sent: true };
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
      await this.auth.clearFailures(m, `login:${p.email.toLowerCase()}`);
      return 'ok';
    });
    if (outcome === 'invalid') throw RpcError.badRequest(AUTH_MESSAGES.invalidCode);
    if (outcome === 'expired') throw RpcError.badRequest(AUTH_MESSAGES.expiredCode);
    return { changed: true };
  }
}

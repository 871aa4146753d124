import { queryPrepared } from '@app/service-kit';
import type { ActorRole, UserStatus } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/**
 * Rows of a query. TypeORM answers UPDATE and DELETE … RETURNING as `[rows, affected]` but
 * SELECT and INSERT as `rows`; this gives rows either way.
 */
async function rowsOf<T>(m: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const result: unknown = await m.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');
/** How a forgot-password code is stored: hashed with the e-mail it was sent to. */
export const codeHash = (email: string, code: string): string => sha256(`${email.toLowerCase()}:${code}`);

/** Answer to a resend of a temporary password while another resend of the same login won. */
export const TEMPORARY_PASSWORD_JUST_SENT = 'A new temporary password has just been sent';

/** seconds after a resend of a temporary password in which another resend is refused (409) */
export const TEMPORARY_PASSWORD_RESEND_GAP_S = 30;

/** A sign-in identity: an account, or a sales person with a login of its own. */
export interface LoginIdentity {
  userId: string;
  salesPersonId: string | null;
  email: string;
  passwordHash: string | null;
  userStatus: UserStatus;
  language: string;
  /** whether the account (a sales person's: its account's) may use the mobile app */
  mobileAppAccess: boolean;
}

export interface SessionRow {
  id: string;
  user_id: string;
  sales_person_id: string | null;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A live session and who is behind it now: its account's role and permission names (by name). */
export interface LiveSessionActor {
  user_id: string;
  sales_person_id: string | null;
  user_role: ActorRole;
  permissions: string[];
}

/** The limit of attempts on a throttling key (see `AuthRepository.countAttempt`). */
export interface AttemptLimit {
  /** attempts within the window; the one that reaches it locks the key */
  max: number;
  windowMs: number;
  /** the first lock; each next one lasts twice as long */
  lockMs: number;
  /** the longest lock */
  maxLockMs: number;
}

/** Sign-in state: identities, sessions, refresh tokens, challenges, reset codes, throttling. */
@Injectable()
export class AuthRepository {
  async findLogin(m: EntityManager, email: string): Promise<LoginIdentity | null> {
    const users: Array<{ id: string; email: string; password_hash: string | null; user_status: UserStatus; language: string; mobile_app_access: boolean }> = await m.query(
      'SELECT id, email, password_hash, user_status, language, mobile_app_access FROM user_account WHERE lower(email) = lower($1)',
      [email],
    );
    if (users[0]) {
      const u = users[0];
      return {
        userId: u.id,
        salesPersonId: null,
        email: u.email,
        passwordHash: u.password_hash,
        userStatus: u.user_status,
        language: u.language,
        mobileAppAccess: u.mobile_app_access,
      };
    }
    const sps: Array<{ id: string; user_id: string; email: string; password_hash: string | null; user_status: UserStatus | null; language: string; mobile_app_access: boolean }> =
      await m.query(
        `SELECT s.id, s.user_id, s.email, s.password_hash, s.user_status, u.language, u.mobile_app_access
           FROM sales_person s JOIN user_account u ON u.id = s.user_id
          WHERE s.login_activated AND lower(s.email) = lower($1)`,
        [email],
      );
    if (sps[0]) {
      const s = sps[0];
      return {
        userId: s.user_id,
        salesPersonId: s.id,
        email: s.email,
        passwordHash: s.password_hash,
        userStatus: s.user_status ?? 'FORCE_CHANGE_PASSWORD',
        language: s.language,
        mobileAppAccess: s.mobile_app_access,
      };
    }
    return null;
  }

  /**
   * Whether an e-mail already signs someone in: sign-in e-mails are unique across accounts and
   * sales-person logins (one e-mail, one login). `except` leaves out the login being changed.
   */
  async loginEmailTaken(m: EntityManager, email: string, except: { userId?: string; salesPersonId?: string } = {}): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM user_account WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2::uuid
       UNION ALL
       SELECT 1 FROM sales_person WHERE login_activated AND lower(email) = lower($1) AND id IS DISTINCT FROM $3::uuid
       LIMIT 1`,
      [email, except.userId ?? null, except.salesPersonId ?? null],
    );
    return rows.length > 0;
  }

  async setPassword(m: EntityManager, who: { userId: string; salesPersonId: string | null }, passwordHash: string): Promise<void> {
    if (who.salesPersonId) {
      await m.query(
        `UPDATE sales_person SET password_hash = $2, user_status = 'CONFIRMED', password_changed_at = now(), updated_at = now() WHERE id = $1`,
        [who.salesPersonId, passwordHash],
      );
    } else {
      await m.query(
        `UPDATE user_account SET password_hash = $2, user_status = 'CONFIRMED', password_changed_at = now(), updated_at = now() WHERE id = $1`,
        [who.userId, passwordHash],
      );
    }
  }

  /** The stored password hash of a login (null when it has none). */
  async passwordHashOf(m: EntityManager, who: { userId: string; salesPersonId: string | null }): Promise<string | null> {
    const rows: Array<{ password_hash: string | null }> = who.salesPersonId
      ? await m.query('SELECT password_hash FROM sales_person WHERE id = $1', [who.salesPersonId])
      : await m.query('SELECT password_hash FROM user_account WHERE id = $1', [who.userId]);
    return rows[0]?.password_hash ?? null;
  }

  /**
   * A new temporary password for a login still on its temporary one, if its stored hash is
   * still `expectedHash`, the one read before: false when another resend (or the login
   * choosing its own password) changed it meanwhile, or when the last resend is less than
   * `TEMPORARY_PASSWORD_RESEND_GAP_S` old: a resend that read the row only after another one
   * committed would otherwise pass the hash check and mail a second password.
   */
  async replaceTemporaryPassword(
    m: EntityManager,
    who: { userId: string; salesPersonId: string | null },
    expectedHash: string | null,
    passwordHash: string,
  ): Promise<boolean> {
    const [table, id] = who.salesPersonId ? ['sales_person', who.salesPersonId] : ['user_account', who.userId];
    const rows = await rowsOf<unknown>(
      m,
      `UPDATE ${table} SET password_hash = $2, updated_at = now(), temporary_password_resent_at = now()
        WHERE id = $1 AND user_status = 'FORCE_CHANGE_PASSWORD' AND password_hash IS NOT DISTINCT FROM $3
          AND (temporary_password_resent_at IS NULL OR temporary_password_resent_at < now() - make_interval(secs => $4))
        RETURNING id`,
      [id, passwordHash, expectedHash, TEMPORARY_PASSWORD_RESEND_GAP_S],
    );
    return rows.length === 1;
  }

  // sessions and refresh tokens

  async createSession(m: EntityManager, userId: string, salesPersonId: string | null, ttlDays: number): Promise<{ sessionId: string; refreshToken: string; expiresAt: Date }> {
    const rows: Array<{ id: string; expires_at: Date }> = await m.query(
      `INSERT INTO auth_session (user_id, sales_person_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3)) RETURNING id, expires_at`,
      [userId, salesPersonId, ttlDays],
    );
    const refreshToken = await this.issueRefreshToken(m, rows[0].id);
    return { sessionId: rows[0].id, refreshToken, expiresAt: rows[0].expires_at };
  }

  async issueRefreshToken(m: EntityManager, sessionId: string): Promise<string> {
    const token = newToken();
    await m.query('INSERT INTO refresh_token (session_id, token_hash) VALUES ($1, $2)', [sessionId, sha256(token)]);
    return token;
  }

  async findRefreshToken(m: EntityManager, token: string): Promise<{ id: string; used_at: Date | null; session: SessionRow } | null> {
    const rows: Array<{ id: string; used_at: Date | null } & { sid: string; user_id: string; sales_person_id: string | null; expires_at: Date; revoked_at: Date | null }> =
      await m.query(
        `SELECT t.id, t.used_at, s.id AS sid, s.user_id, s.sales_person_id, s.expires_at, s.revoked_at
           FROM refresh_token t JOIN auth_session s ON s.id = t.session_id WHERE t.token_hash = $1`,
        [sha256(token)],
      );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      used_at: r.used_at,
      session: { id: r.sid, user_id: r.user_id, sales_person_id: r.sales_person_id, expires_at: r.expires_at, revoked_at: r.revoked_at },
    };
  }

  /** Marks a refresh token spent; false when it already was (a reuse). */
  async spendRefreshToken(m: EntityManager, tokenId: string): Promise<boolean> {
    const rows = await rowsOf<unknown>(m, 'UPDATE refresh_token SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [tokenId]);
    return rows.length === 1;
  }

  /** Keeps the token that replaced a spent one, sealed (see `refresh-successor.ts`). */
  async keepSuccessor(m: EntityManager, tokenId: string, sealed: string): Promise<void> {
    await m.query('UPDATE refresh_token SET successor_sealed = $2 WHERE id = $1', [tokenId, sealed]);
  }

  /**
   * The sealed successor of a token spent less than `graceMs` ago, with its session's expiry,
   * while the session is live and the successor itself unspent; null otherwise.
   */
  async successorWithinGrace(m: EntityManager, tokenId: string, graceMs: number): Promise<{ sealed: string; expiresAt: Date } | null> {
    const rows: Array<{ successor_sealed: string; expires_at: Date }> = await m.query(
      `SELECT t.successor_sealed, s.expires_at
         FROM refresh_token t JOIN auth_session s ON s.id = t.session_id
        WHERE t.id = $1 AND t.successor_sealed IS NOT NULL
          AND t.used_at > now() - make_interval(secs => $2::double precision / 1000)
          AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [tokenId, graceMs],
    );
    return rows[0] ? { sealed: rows[0].successor_sealed, expiresAt: rows[0].expires_at } : null;
  }

  /** Whether this refresh token of the session exists and is not spent yet. */
  async isUnspent(m: EntityManager, sessionId: string, token: string): Promise<boolean> {
    const rows: unknown[] = await m.query('SELECT 1 FROM refresh_token WHERE session_id = $1 AND token_hash = $2 AND used_at IS NULL', [sessionId, sha256(token)]);
    return rows.length === 1;
  }

  async extendSession(m: EntityManager, sessionId: string, ttlDays: number): Promise<Date> {
    const rows = await rowsOf<{ expires_at: Date }>(
      m,
      `UPDATE auth_session SET last_used_at = now(), expires_at = now() + make_interval(days => $2) WHERE id = $1 RETURNING expires_at`,
      [sessionId, ttlDays],
    );
    return rows[0].expires_at;
  }

  async revokeSession(m: EntityManager, sessionId: string, reason: string): Promise<boolean> {
    const rows = await rowsOf<unknown>(
      m,
      'UPDATE auth_session SET revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
      [sessionId, reason],
    );
    return rows.length === 1;
  }

  async revokeAllSessions(m: EntityManager, who: { userId: string; salesPersonId: string | null }, reason: string): Promise<void> {
    await m.query(
      `UPDATE auth_session SET revoked_at = now(), revoke_reason = $3
        WHERE user_id = $1 AND sales_person_id IS NOT DISTINCT FROM $2 AND revoked_at IS NULL`,
      [who.userId, who.salesPersonId, reason],
    );
  }

  /**
   * A live session (not revoked, not expired) with its account's role and permission names
   * as they are now, in one statement; null when the session is not live or its account is
   * gone. The gateway asks this on every request its session cache cannot answer: a prepared
   * statement.
   */
  async liveSessionActor(m: EntityManager, sessionId: string): Promise<LiveSessionActor | null> {
    const rows = await queryPrepared<LiveSessionActor>(
      m,
      'users_live_session_actor',
      `SELECT s.user_id, s.sales_person_id, u.user_role,
              ARRAY(SELECT p.name FROM user_permission up JOIN permission p ON p.id = up.permission_id
                     WHERE up.user_id = u.id ORDER BY p.name) AS permissions
         FROM auth_session s JOIN user_account u ON u.id = s.user_id
        WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [sessionId],
    );
    return rows[0] ?? null;
  }

  // new-password challenges

  async createChallenge(m: EntityManager, who: { userId: string; salesPersonId: string | null }, ttlMs: number): Promise<string> {
    const token = newToken();
    await m.query(
      `INSERT INTO auth_challenge (token_hash, user_id, sales_person_id, kind, expires_at)
       VALUES ($1, $2, $3, 'NEW_PASSWORD_REQUIRED', now() + make_interval(secs => $4::double precision / 1000))`,
      [sha256(token), who.userId, who.salesPersonId, ttlMs],
    );
    return token;
  }

  /** Spends a live challenge; null when unknown, used or expired. */
  async spendChallenge(m: EntityManager, token: string): Promise<{ userId: string; salesPersonId: string | null } | null> {
    const rows = await rowsOf<{ user_id: string; sales_person_id: string | null }>(
      m,
      `UPDATE auth_challenge SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, sales_person_id`,
      [sha256(token)],
    );
    return rows[0] ? { userId: rows[0].user_id, salesPersonId: rows[0].sales_person_id } : null;
  }

  /** Ends open challenges of a login (a new temporary password replaces the old one). */
  async spendChallengesOf(m: EntityManager, who: { userId: string; salesPersonId: string | null }): Promise<void> {
    await m.query(
      'UPDATE auth_challenge SET used_at = now() WHERE user_id = $1 AND sales_person_id IS NOT DISTINCT FROM $2 AND used_at IS NULL',
      [who.userId, who.salesPersonId],
    );
  }

  // forgot-password codes

  /**
   * Forgets the forgot-password codes of an account's e-mail and its sales people's: once it
   * is deleted, the e-mail may sign up again, and a code sent before must not reach the new
   * account. Run before the account's rows go.
   */
  async dropResetCodesOfAccount(m: EntityManager, userId: string): Promise<void> {
    await m.query(
      `DELETE FROM reset_code WHERE lower(email) IN (
         SELECT lower(email) FROM user_account WHERE id = $1
         UNION SELECT lower(email) FROM sales_person WHERE user_id = $1)`,
      [userId],
    );
  }

  async createResetCode(m: EntityManager, email: string, code: string, ttlMs: number): Promise<void> {
    await m.query('UPDATE reset_code SET used_at = now() WHERE lower(email) = lower($1) AND used_at IS NULL', [email]);
    await m.query(
      `INSERT INTO reset_code (email, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))`,
      [email.toLowerCase(), codeHash(email, code), ttlMs],
    );
  }

  async latestResetCode(m: EntityManager, email: string): Promise<{ id: string; code_hash: string; expired: boolean } | null> {
    const rows: Array<{ id: string; code_hash: string; expired: boolean }> = await m.query(
      `SELECT id, code_hash, expires_at <= now() AS expired FROM reset_code
        WHERE lower(email) = lower($1) AND used_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [email],
    );
    return rows[0] ?? null;
  }

  async failResetCode(m: EntityManager, id: string, maxAttempts: number): Promise<void> {
    await m.query(
      `UPDATE reset_code SET failed_attempts = failed_attempts + 1,
              used_at = CASE WHEN failed_attempts + 1 >= $2 THEN now() ELSE used_at END
        WHERE id = $1`,
      [id, maxAttempts],
    );
  }

  async spendResetCode(m: EntityManager, id: string): Promise<void> {
    await m.query('UPDATE reset_code SET used_at = now() WHERE id = $1', [id]);
  }

  // throttling

  /**
   * Counts one attempt for a key, in one statement, before the attempt's work is done: false
   * when the key is locked (the attempt is refused and not counted). The attempt that reaches
   * `limit.max` within the window locks the key; each lock of a key lasts twice the one
   * before (`lockMs`, then doubling, at most `maxLockMs`), until the key has been quiet for a
   * whole window. Attempts sent at once are counted one after the other on the key's row, so
   * no more than `max` of them get through.
   */
  async countAttempt(m: EntityManager, key: string, limit: AttemptLimit): Promise<boolean> {
    const rows = await rowsOf<{ failures: number }>(
      m,
      `WITH w AS (SELECT make_interval(secs => $3::double precision / 1000) AS win)
       INSERT INTO sign_in_attempt AS a (key, failures, window_started_at, locked_until, lockouts)
       SELECT $1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(secs => $4::double precision / 1000) END, CASE WHEN 1 >= $2 THEN 1 ELSE 0 END
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.window_started_at < now() - (SELECT win FROM w) OR a.locked_until IS NOT NULL THEN 1 ELSE a.failures + 1 END,
         window_started_at = CASE WHEN a.window_started_at < now() - (SELECT win FROM w) OR a.locked_until IS NOT NULL THEN now() ELSE a.window_started_at END,
         locked_until = CASE
           WHEN (CASE WHEN a.window_started_at < now() - (SELECT win FROM w) OR a.locked_until IS NOT NULL THEN 1 ELSE a.failures + 1 END) >= $2
           THEN now() + least(
             make_interval(secs => $4::double precision / 1000) * power(2, least(CASE WHEN greatest(a.window_started_at, coalesce(a.locked_until, a.window_started_at)) < now() - (SELECT win FROM w) THEN 0 ELSE a.lockouts END, 30)),
             make_interval(secs => $5::double precision / 1000))
           END,
         lockouts = CASE WHEN greatest(a.window_started_at, coalesce(a.locked_until, a.window_started_at)) < now() - (SELECT win FROM w) THEN 0 ELSE a.lockouts END
           + CASE WHEN (CASE WHEN a.window_started_at < now() - (SELECT win FROM w) OR a.locked_until IS NOT NULL THEN 1 ELSE a.failures + 1 END) >= $2 THEN 1 ELSE 0 END
       WHERE a.locked_until IS NULL OR a.locked_until <= now()
       RETURNING failures`,
      [key, limit.max, limit.windowMs, limit.lockMs, limit.maxLockMs],
    );
    return rows.length === 1;
  }

  /**
   * Takes back the attempt `countAttempt` counted for a key, when it turned out a success: it
   * does not count towards the key's limit, and does not lock it.
   */
  async uncountAttempt(m: EntityManager, key: string, max: number): Promise<void> {
    await m.query(
      `UPDATE sign_in_attempt SET failures = greatest(failures - 1, 0),
              locked_until = CASE WHEN failures - 1 < $2 AND failures >= $2 THEN NULL ELSE locked_until END,
              lockouts = CASE WHEN failures - 1 < $2 AND failures >= $2 THEN greatest(lockouts - 1, 0) ELSE lockouts END
        WHERE key = $1`,
      [key, max],
    );
  }

  async clearFailures(m: EntityManager, key: string): Promise<void> {
    await m.query('DELETE FROM sign_in_attempt WHERE key = $1', [key]);
  }
}

import { AUTH_MESSAGES, AuthRpc, type Actor, type SessionActor } from '@app/contracts';
import { RpcCallError, type RpcClient } from '@app/messaging';
import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import type { GatewayConfig } from '../gateway.config';
import type { AccessTokenClaims } from './auth-user';
import { JwtAuthGuard } from './authenticated.decorator';
import { JwtStrategy } from './jwt.strategy';
import type { SessionCache } from './session-cache';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-0123';
const USER = '00000000-0000-4000-8000-00000000d001';
const SESSION = '00000000-0000-4000-8000-00000000f001';
const SALES_PERSON = '00000000-0000-4000-8000-00000000e001';
const LIVE: SessionActor = { userId: USER, role: 'Dealership', permissions: ['CREATE_ORDERS'], salesPersonId: null };

/** the users service's session check and the gateway's cache of it, as the strategy uses them */
function strategy(answer: (payload: unknown) => SessionActor | Error = () => LIVE) {
  const calls: Array<{ subject: string; data: unknown; actor: Actor }> = [];
  const keys: string[] = [];
  const rpc = {
    send: async (def: { subject: string }, data: unknown, actor: Actor) => {
      calls.push({ subject: def.subject, data, actor });
      const reply = answer(data);
      if (reply instanceof Error) throw reply;
      return reply;
    },
  } as unknown as RpcClient;
  const sessions = {
    get: (key: string, ask: () => Promise<SessionActor>) => {
      keys.push(key);
      return ask();
    },
  } as unknown as SessionCache;
  return { strategy: new JwtStrategy(rpc, sessions, { JWT_SECRET: SECRET } as GatewayConfig), calls, keys };
}

const request = (id = 'req-11') => ({ id, headers: {} }) as unknown as Request;
const claims = (extra: Partial<AccessTokenClaims> = {}): AccessTokenClaims => ({ sub: USER, sid: SESSION, typ: 'access', ...extra });

async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (err) {
    return err;
  }
}

describe('JwtStrategy: a valid access token of a live session', () => {
  describe('validate: the session behind the token', () => {
    it('answers the session\'s actor, fresh from the users service, with the session id', async () => {
      const { strategy: s, calls, keys } = strategy();
      expect(await s.validate(request(), claims())).toEqual({ ...LIVE, sessionId: SESSION });
      expect(calls).toEqual([
        { subject: AuthRpc.validateSession.subject, data: { sessionId: SESSION, userId: USER, salesPersonId: undefined }, actor: expect.objectContaining({ role: 'System', requestId: 'req-11' }) },
      ]);
      expect(keys).toEqual([`${SESSION}|${USER}|`]);
    });

    it('keeps a sales person\'s session apart from its dealership\'s in the cache and in the check', async () => {
      const { strategy: s, calls, keys } = strategy(() => ({ ...LIVE, salesPersonId: SALES_PERSON }));
      expect(await s.validate(request(), claims({ spid: SALES_PERSON }))).toMatchObject({ salesPersonId: SALES_PERSON, sessionId: SESSION });
      expect(keys).toEqual([`${SESSION}|${USER}|${SALES_PERSON}`]);
      expect(calls[0].data).toEqual({ sessionId: SESSION, userId: USER, salesPersonId: SALES_PERSON });
    });

    it('refuses a token that is not an access token, or lacks its user or session, without asking', async () => {
      const { strategy: s, calls } = strategy();
      for (const c of [claims({ typ: 'refresh' as 'access' }), claims({ sub: '' }), claims({ sid: '' }), { typ: 'access' } as AccessTokenClaims]) {
        const err = await outcome(() => s.validate(request(), c));
        expect(err).toBeInstanceOf(UnauthorizedException);
        expect((err as Error).message).toBe(AUTH_MESSAGES.unauthorized);
      }
      expect(calls).toEqual([]);
    });

    it('answers 401 when the users service says the session is over (401) or the check is malformed (400)', async () => {
      for (const status of [401, 400]) {
        const { strategy: s } = strategy(() => new RpcCallError(status, 'Unauthorized', 'users'));
        const err = await outcome(() => s.validate(request(), claims()));
        expect(err).toBeInstanceOf(UnauthorizedException);
        expect((err as Error).message).toBe(AUTH_MESSAGES.unauthorized);
      }
    });

    it('passes other failures on: a users service away is a 503, not a sign-out', async () => {
      for (const failure of [new RpcCallError(503, 'unavailable', 'users'), new RpcCallError(403, 'no', 'users'), new Error('boom')]) {
        const { strategy: s } = strategy(() => failure);
        expect(await outcome(() => s.validate(request(), claims()))).toBe(failure);
      }
    });
  });

  describe('the token itself: signature, algorithm, expiry, issuer, audience', () => {
    /** a token as the gateway signs them; an option given as undefined is left out */
    const sign = (payload: object, opts: Partial<Record<keyof jwt.SignOptions, unknown>> = {}, secret = SECRET) => {
      const all: Record<string, unknown> = { algorithm: 'HS256', expiresIn: 60, issuer: 'dealer-photo', audience: 'dealer-photo-api', ...opts };
      return jwt.sign(payload, secret, Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as jwt.SignOptions);
    };

    /** what passport makes of a request with this Authorization header (with a strategy of its own unless given) */
    function authenticate(authorization: string | undefined, s: JwtStrategy = strategy().strategy): Promise<{ user?: unknown; failed?: boolean; error?: unknown }> {
      return new Promise((resolve) => {
        const p = s as unknown as {
          success: (user: unknown) => void;
          fail: () => void;
          error: (err: unknown) => void;
          authenticate: (req: Request) => void;
        };
        p.success = (user) => resolve({ user });
        p.fail = () => resolve({ failed: true });
        p.error = (error) => resolve({ error });
        p.authenticate({ id: 'req-12', headers: authorization ? { authorization } : {} } as unknown as Request);
      });
    }

    it('takes a bearer token signed with the secret for this API', async () => {
      expect(await authenticate(`Bearer ${sign(claims())}`)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
    });

    it('verifies a token once: sent again, its signature is not checked again, its session is', async () => {
      let live = true;
      const { strategy: s, calls } = strategy(() => (live ? LIVE : new RpcCallError(401, 'Session ended', 'users')));
      const verify = jest.spyOn(jwt, 'verify');
      try {
        const token = `Bearer ${sign(claims(), { expiresIn: 60 })}`;
        expect(await authenticate(token, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
        expect(await authenticate(token, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
        expect(verify).toHaveBeenCalledTimes(1);
        expect(calls).toHaveLength(2);
        // the session ended: the remembered token no longer lets anyone in
        live = false;
        expect(await authenticate(token, s)).toEqual({ error: new UnauthorizedException(AUTH_MESSAGES.unauthorized) });
        expect(calls).toHaveLength(3);
        // another token (another signature) is verified on its own
        live = true;
        expect(await authenticate(`Bearer ${sign(claims(), { expiresIn: 60 }, 'another-secret-that-is-long-enough-0123456')}`, s)).toEqual({ failed: true });
        expect(verify).toHaveBeenCalledTimes(2);
      } finally {
        verify.mockRestore();
      }
    });

    it('verifies a remembered token again once it has expired, and refuses it', async () => {
      const { strategy: s } = strategy();
      const token = `Bearer ${sign(claims(), { expiresIn: 30 })}`;
      expect(await authenticate(token, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
      try {
        expect(await authenticate(token, s)).toEqual({ failed: true });
      } finally {
        clock.mockRestore();
      }
    });

    it('verifies a remembered token again from the very second it expires', async () => {
      const { strategy: s } = strategy();
      const exp = Math.floor(Date.now() / 1000) + 30;
      const token = `Bearer ${sign({ ...claims(), exp }, { expiresIn: undefined })}`;
      expect(await authenticate(token, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
      const clock = jest.spyOn(Date, 'now').mockReturnValue(exp * 1000);
      try {
        expect(await authenticate(token, s)).toEqual({ failed: true });
      } finally {
        clock.mockRestore();
      }
    });

    it('remembers only a token that has an expiry and was sent as a bearer token', async () => {
      const { strategy: s } = strategy();
      const verify = jest.spyOn(jwt, 'verify');
      try {
        const forever = `Bearer ${sign(claims(), { expiresIn: undefined })}`;
        expect(await authenticate(forever, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
        expect(await authenticate(forever, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
        expect(verify).toHaveBeenCalledTimes(2);
        expect(s.rememberedTokens).toBe(0);
        await s.validate(request(), { ...claims(), exp: Math.floor(Date.now() / 1000) + 60 } as AccessTokenClaims);
        expect(s.rememberedTokens).toBe(0);
        expect(await authenticate(`Bearer ${sign(claims())}`, s)).toEqual({ user: { ...LIVE, sessionId: SESSION } });
        expect(s.rememberedTokens).toBe(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('forgets expired tokens only when it is full (an expired one is verified again anyway)', async () => {
      const { strategy: s } = strategy();
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
      try {
        const seconds = Math.floor(now / 1000);
        await authenticate(`Bearer ${sign({ ...claims(), exp: seconds + 10 }, { expiresIn: undefined })}`, s);
        clock.mockReturnValue((seconds + 11) * 1000);
        await authenticate(`Bearer ${sign({ ...claims(), exp: seconds + 600 }, { expiresIn: undefined })}`, s);
        expect(s.rememberedTokens).toBe(2);
      } finally {
        clock.mockRestore();
      }
    });

    it('keeps at most maxVerified tokens: the expired go first, then the oldest', async () => {
      const { strategy: s } = strategy();
      const max = JwtStrategy.maxVerified;
      JwtStrategy.maxVerified = 2;
      const verify = jest.spyOn(jwt, 'verify');
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
      try {
        const seconds = Math.floor(now / 1000);
        const token = (name: string, exp: number) => `Bearer ${sign({ ...claims(), name, exp }, { expiresIn: undefined })}`;
        const oldest = token('oldest', seconds + 600);
        const brief = token('brief', seconds + 10);
        const verifiedAgain = async (t: string) => {
          const before = verify.mock.calls.length;
          await authenticate(t, s);
          return verify.mock.calls.length > before;
        };
        await authenticate(oldest, s);
        await authenticate(brief, s);
        expect(s.rememberedTokens).toBe(2);
        // the brief token expires (this very second): a third one takes its place, the oldest stays
        clock.mockReturnValue((seconds + 10) * 1000);
        const third = token('third', seconds + 600);
        await authenticate(third, s);
        expect(s.rememberedTokens).toBe(2);
        expect(await verifiedAgain(oldest)).toBe(false);
        expect(await verifiedAgain(third)).toBe(false);
        // none expired: a fourth one takes the oldest's place
        await authenticate(token('fourth', seconds + 600), s);
        expect(s.rememberedTokens).toBe(2);
        expect(await verifiedAgain(third)).toBe(false);
        expect(await verifiedAgain(oldest)).toBe(true);
      } finally {
        JwtStrategy.maxVerified = max;
        clock.mockRestore();
        verify.mockRestore();
      }
    });

    it('refuses a missing, foreign-signed, expired, other-issuer, other-audience or other-algorithm token', async () => {
      const refused = [
        undefined,
        sign(claims()),
        `Bearer ${sign(claims(), {}, 'another-secret-that-is-long-enough-0123456')}`,
        `Bearer ${sign({ ...claims(), exp: Math.floor(Date.now() / 1000) - 10 }, { expiresIn: undefined })}`,
        `Bearer ${sign(claims(), { issuer: 'someone-else' })}`,
        `Bearer ${sign(claims(), { audience: 'another-api' })}`,
        `Bearer ${sign(claims(), { algorithm: 'HS512' })}`,
        `Bearer ${sign(claims(), { issuer: undefined })}`,
        `Bearer ${sign(claims(), { audience: undefined })}`,
      ];
      for (const authorization of refused) expect(await authenticate(authorization)).toEqual({ failed: true });
    });
  });
  describe('JwtAuthGuard runs this strategy on every signed-in route', () => {
    const context = (authorization?: string) => {
      const req: Record<string, unknown> = { id: 'req-13', headers: authorization ? { authorization } : {} };
      const ctx = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}) }) } as unknown as ExecutionContext;
      return { req, ctx };
    };

    it('puts the session\'s user on the request for a valid token, and answers 401 without one', async () => {
      strategy();
      const token = jwt.sign(claims(), SECRET, { algorithm: 'HS256', expiresIn: 60, issuer: 'dealer-photo', audience: 'dealer-photo-api' });
      const ok = context(`Bearer ${token}`);
      expect(await new JwtAuthGuard().canActivate(ok.ctx)).toBe(true);
      expect(ok.req.user).toEqual({ ...LIVE, sessionId: SESSION });
      const none = context();
      expect(await outcome(async () => new JwtAuthGuard().canActivate(none.ctx))).toBeInstanceOf(UnauthorizedException);
      expect(none.req.user).toBeUndefined();
    });
  });
});

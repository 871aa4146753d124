import { createSecretKey } from 'node:crypto';
import { AuthRpc, AUTH_MESSAGES, systemActor } from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/messaging';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG } from '../messaging/nats.module';
import type { GatewayConfig } from '../gateway.config';
import { requestIdOf } from '../common/request-id';
import type { AccessTokenClaims, AuthUser } from './auth-user';
import { SessionCache } from './session-cache';

export const JWT_ISSUER = 'dealer-photo';
const bearerOf = ExtractJwt.fromAuthHeaderAsBearerToken();
export const JWT_AUDIENCE = 'dealer-photo-api';

/**
 * Verifies the bearer access token (signature, expiry, issuer, audience), then asks the users
 * service whether its session is still live and who the user is now (the answer is reused a
 * few seconds, until the users service says sessions changed: `SessionCache`): a revoked
 * session, a deleted user or a changed role takes effect on the next request.
 */
@Injectable()
// registered under passport-jwt's own name, "jwt": what `JwtAuthGuard` runs
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionCache,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // a key object: given the text, jsonwebtoken first tries it as a PEM public key on every
      // request and throws (about a millisecond of CPU per request)
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET)) as unknown as string,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      passReqToCallback: true,
    });
  }

  /** the most verified tokens remembered (the expired go first, then the oldest) */
  static maxVerified = 20_000;

  /** verified tokens (their text) and their claims, until they expire */
  private readonly verified = new Map<string, AccessTokenClaims & { exp: number }>();

  /** How many verified tokens are remembered now. */
  get rememberedTokens(): number {
    return this.verified.size;
  }

  /** Passport's entry: a token verified before skips the signature check (its session is checked all the same). */
  override authenticate(req: Request, options?: unknown): void {
    const token = bearerOf(req);
    const known = token ? this.verified.get(token) : undefined;
    if (!known || known.exp * 1000 <= Date.now()) return super.authenticate(req, options);
    this.sessionOf(req, known).then(
      (user) => this.success(user),
      (err: unknown) => this.error(err as Error),
    );
  }

  /** What passport-jwt calls once it verified the token: the session behind it; the token is remembered. */
  async validate(req: Request, claims: AccessTokenClaims): Promise<AuthUser> {
    const user = await this.sessionOf(req, claims);
    this.remember(bearerOf(req), claims);
    return user;
  }

  private async sessionOf(req: Request, claims: AccessTokenClaims): Promise<AuthUser> {
    if (claims.typ !== 'access' || !claims.sub || !claims.sid) throw new UnauthorizedException(AUTH_MESSAGES.unauthorized);
    try {
      const actor = await this.sessions.get(`${claims.sid}|${claims.sub}|${claims.spid ?? ''}`, () =>
        this.rpc.send(
          AuthRpc.validateSession,
          { sessionId: claims.sid, userId: claims.sub, salesPersonId: claims.spid },
          systemActor(requestIdOf(req)),
        ),
      );
      return { ...actor, sessionId: claims.sid };
    } catch (err) {
      if (err instanceof RpcCallError && (err.status === 401 || err.status === 400)) {
        throw new UnauthorizedException(AUTH_MESSAGES.unauthorized);
      }
      throw err;
    }
  }

  /** Keeps a verified token until it expires; a token without an expiry is not kept. */
  private remember(token: string | null, claims: AccessTokenClaims): void {
    const exp = (claims as { exp?: unknown }).exp;
    if (!token || typeof exp !== 'number') return;
    if (this.verified.size >= JwtStrategy.maxVerified) {
      const now = Date.now();
      for (const [known, c] of this.verified) if (c.exp * 1000 <= now) this.verified.delete(known);
      if (this.verified.size >= JwtStrategy.maxVerified) this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, { ...claims, exp });
  }
}

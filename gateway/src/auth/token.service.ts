import type { SessionGrant, TokenPair } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { GATEWAY_CONFIG } from '../messaging/nats.module';
import type { GatewayConfig } from '../gateway.config';
import type { AccessTokenClaims } from './auth-user';
import { JWT_AUDIENCE, JWT_ISSUER } from './jwt.strategy';

/** Signs short-lived access tokens for sessions the users service granted. */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  pair(grant: SessionGrant): TokenPair {
    const claims: AccessTokenClaims = { sub: grant.userId, sid: grant.sessionId, typ: 'access' };
    if (grant.salesPersonId) claims.spid = grant.salesPersonId;
    const accessToken = this.jwt.sign(claims, {
      secret: this.config.JWT_SECRET,
      algorithm: 'HS256',
      expiresIn: this.config.ACCESS_TOKEN_TTL_S,
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    });
    return { accessToken, refreshToken: grant.refreshToken, expiresIn: this.config.ACCESS_TOKEN_TTL_S };
  }
}

import type { ActorRole } from '@app/contracts';
import type { Request } from 'express';

/** What the JWT strategy puts on `req.user`: the session's actor, fresh from the users service. */
export interface AuthUser {
  userId: string;
  role: ActorRole;
  permissions: string[];
  salesPersonId: string | null;
  sessionId: string;
}

export interface AccessTokenClaims {
  sub: string;
  sid: string;
  spid?: string;
  typ: 'access';
}

export type AuthedRequest = Request & { user: AuthUser };

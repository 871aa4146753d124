import { accessRefusal, ALL_ROLES, type AccessRule } from '@app/contracts';
import {
  applyDecorators,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Observable } from 'rxjs';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthUser } from './auth-user';

/** The rule type lives in the wire contract (`AccessRule`), shared with the web app's `meets`. */
export type { AccessRule };

export const ACCESS_RULE = Symbol('ACCESS_RULE');

/** Signed in: a valid access token of a live session (401 otherwise). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser>(err: unknown, user: TUser): TUser {
    if (err || !user) throw err instanceof Error && !(err instanceof UnauthorizedException) ? err : new UnauthorizedException();
    return user;
  }
}

/**
 * A public route that tells a signed-in caller more: without an `Authorization` header the
 * caller is anonymous; with one, the token must be valid (401 otherwise, as on any route: a
 * client that believes it is signed in learns that it is not).
 */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  override canActivate(context: ExecutionContext): boolean | Promise<boolean> | Observable<boolean> {
    const { headers } = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>();
    if (headers.authorization === undefined) return true;
    return super.canActivate(context);
  }
}

/** The function-level check of a route: role and permission (403 otherwise). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) throw new UnauthorizedException();
    const refusal = accessRefusal(user, rule);
    if (refusal !== null) throw new ForbiddenException(refusal);
    return true;
  }
}

/**
 * One decorator states a route's access: `@Authenticated({ roles: ['Admin'], permission: 'CREATE_ORDERS' })`.
 * Object-level checks (whose data) are the owning service's.
 */
export function Authenticated(rule: AccessRule = {}): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, rule),
    UseGuards(JwtAuthGuard, AccessGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'no valid access token, or its session has ended' }),
    ApiForbiddenResponse({ description: 'the role or permission does not allow it' }),
  );
}

/** Every signed-in role (declared with the route values, `@app/contracts/http`). */
export { ALL_ROLES };

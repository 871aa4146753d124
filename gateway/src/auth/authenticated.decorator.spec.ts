import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from './auth-user';
import { AccessGuard, ACCESS_RULE, ALL_ROLES, Authenticated, JwtAuthGuard, OptionalJwtAuthGuard } from './authenticated.decorator';

const user = (role: AuthUser['role'], permissions: string[] = [], salesPersonId: string | null = null): AuthUser => ({
  userId: '00000000-0000-4000-8000-00000000d001',
  role,
  permissions,
  salesPersonId,
  sessionId: '00000000-0000-4000-8000-00000000f001',
});

/** routes as a controller would state them */
@Authenticated({ roles: ['Admin'] })
class Routes {
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'CREATE_SALESMAN', notSalesPerson: true })
  createSalesPerson(): void {}

  @Authenticated({ roles: ['Admin', 'QA'] })
  qaTool(): void {}

  @Authenticated({ permission: 'READ_USER_INTEGRATIONS' })
  anyRoleWithPermission(): void {}

  @Authenticated()
  signedIn(): void {}

  @Authenticated({ roles: ALL_ROLES })
  everyRole(): void {}

  /** falls back to the class's rule */
  inherited(): void {}
}

function contextFor(handler: keyof Routes, who: AuthUser | undefined): ExecutionContext {
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ user: who }) }),
  } as unknown as ExecutionContext;
}

/** what the guard answers: true, or the refusal's status and message */
function decide(handler: keyof Routes, who: AuthUser | undefined): true | string {
  try {
    return new AccessGuard(new Reflector()).canActivate(contextFor(handler, who)) || 'refused without an error';
  } catch (err) {
    if (err instanceof ForbiddenException || err instanceof UnauthorizedException) return `${err.getStatus()} ${err.message}`;
    throw err;
  }
}

const FORBIDDEN = '403 You do not have permission to do this.';

describe('AccessGuard: the role and permission check of every route', () => {
  it('refuses a request without a signed-in user with 401, whatever the rule', () => {
    expect(decide('signedIn', undefined)).toBe('401 Unauthorized');
    expect(decide('createSalesPerson', undefined)).toBe('401 Unauthorized');
  });

  it('lets any signed-in role through a route without roles or permission', () => {
    for (const role of ['Admin', 'QA', 'Dealership', 'Management'] as const) expect(decide('signedIn', user(role))).toBe(true);
  });

  it('refuses a role the route does not name with 403', () => {
    expect(decide('qaTool', user('QA'))).toBe(true);
    expect(decide('qaTool', user('Admin'))).toBe(true);
    expect(decide('qaTool', user('Dealership', ['CREATE_SALESMAN']))).toBe(FORBIDDEN);
    expect(decide('qaTool', user('Management'))).toBe(FORBIDDEN);
  });

  it('asks non-admins for the permission (in any case) and names it when missing; the admin holds every one', () => {
    expect(decide('createSalesPerson', user('Dealership', ['CREATE_SALESMAN']))).toBe(true);
    expect(decide('createSalesPerson', user('Dealership', ['create_salesman']))).toBe(true);
    expect(decide('createSalesPerson', user('Dealership', ['DELETE_SALESMAN']))).toBe('403 Missing permission CREATE_SALESMAN');
    expect(decide('createSalesPerson', user('Admin'))).toBe(true);
    expect(decide('anyRoleWithPermission', user('Management', ['READ_USER_INTEGRATIONS']))).toBe(true);
    expect(decide('anyRoleWithPermission', user('QA'))).toBe('403 Missing permission READ_USER_INTEGRATIONS');
  });

  it('refuses a sales person signed in for its dealership where the route says so, permission or not', () => {
    const salesPerson = user('Dealership', ['CREATE_SALESMAN'], '00000000-0000-4000-8000-00000000e001');
    expect(decide('createSalesPerson', salesPerson)).toBe(FORBIDDEN);
    expect(decide('signedIn', salesPerson)).toBe(true);
  });

  it('checks the role before the permission', () => {
    expect(decide('createSalesPerson', user('QA', ['CREATE_SALESMAN']))).toBe(FORBIDDEN);
    expect(decide('createSalesPerson', user('Management'))).toBe(FORBIDDEN);
  });

  it('takes the rule of the class when the route has none of its own', () => {
    expect(decide('inherited', user('Admin'))).toBe(true);
    expect(decide('inherited', user('QA'))).toBe(FORBIDDEN);
  });

  it('lets a signed-in user through a route without any rule', () => {
    const context = {
      getHandler: () => function plain() {},
      getClass: () => class Plain {},
      switchToHttp: () => ({ getRequest: () => ({ user: user('Dealership') }) }),
    } as unknown as ExecutionContext;
    expect(new AccessGuard(new Reflector()).canActivate(context)).toBe(true);
  });
});

describe('Authenticated: one decorator states a route\'s access', () => {
  it('keeps the rule and puts the token guard before the access guard', () => {
    const handler = Routes.prototype.createSalesPerson;
    expect(Reflect.getMetadata(ACCESS_RULE, handler)).toEqual({ roles: ['Admin', 'Dealership'], permission: 'CREATE_SALESMAN', notSalesPerson: true });
    expect(Reflect.getMetadata(ACCESS_RULE, Routes.prototype.signedIn)).toEqual({});
    expect(Reflect.getMetadata(GUARDS_METADATA, handler)).toEqual([JwtAuthGuard, AccessGuard]);
  });

  it('documents the bearer token, 401 and 403 in OpenAPI', () => {
    const handler = Routes.prototype.qaTool;
    expect(Reflect.getMetadata('swagger/apiSecurity', handler)).toEqual([{ bearer: [] }]);
    expect(Reflect.getMetadata('swagger/apiResponse', handler)).toEqual({
      '401': { description: 'no valid access token, or its session has ended' },
      '403': { description: 'the role or permission does not allow it' },
    });
  });

  it('lets each of the four roles a person signs in with through a route open to all roles', () => {
    for (const role of ['Admin', 'QA', 'Dealership', 'Management'] as const) expect(decide('everyRole', user(role))).toBe(true);
    expect(decide('everyRole', undefined)).toBe('401 Unauthorized');
  });
});

describe('JwtAuthGuard: signed in, or 401', () => {
  const guard = new JwtAuthGuard();
  const refusal = (err: unknown, who: unknown): unknown => {
    try {
      guard.handleRequest(err, who);
      return null;
    } catch (e) {
      return e;
    }
  };

  it('answers the user of a valid token', () => {
    const who = user('QA');
    expect(guard.handleRequest(null, who)).toBe(who);
  });

  it('answers 401 "Unauthorized" without a user, or when the strategy refused with a 401 of its own', () => {
    for (const [err, who] of [
      [null, false],
      [null, undefined],
      [new UnauthorizedException('Session expired'), user('QA')],
      ['not an error', user('QA')],
    ] as Array<[unknown, unknown]>) {
      const e = refusal(err, who);
      expect(e).toBeInstanceOf(UnauthorizedException);
      expect((e as Error).message).toBe('Unauthorized');
    }
  });

  it('passes another error on as it came (a users service that does not answer is no sign-out)', () => {
    const away = new Error('users service unavailable');
    expect(refusal(away, null)).toBe(away);
    expect(refusal(away, user('QA'))).toBe(away);
  });
});

describe('OptionalJwtAuthGuard: anonymous without a token, the token checked when there is one', () => {
  const contextWith = (headers: Record<string, string>) =>
    ({ switchToHttp: () => ({ getRequest: () => ({ headers }) }) }) as unknown as ExecutionContext;

  it('lets a caller without an Authorization header through as anonymous, without checking anything', () => {
    const guard = new OptionalJwtAuthGuard();
    const check = jest.spyOn(JwtAuthGuard.prototype, 'canActivate');
    try {
      expect(guard.canActivate(contextWith({}))).toBe(true);
      expect(check).not.toHaveBeenCalled();
    } finally {
      check.mockRestore();
    }
  });

  it('checks a token that is there, as any signed-in route does (a broken one is then refused)', async () => {
    const guard = new OptionalJwtAuthGuard();
    const check = jest.spyOn(JwtAuthGuard.prototype, 'canActivate').mockResolvedValue(false);
    try {
      await expect(guard.canActivate(contextWith({ authorization: 'Bearer x.y.z' }))).resolves.toBe(false);
      expect(check).toHaveBeenCalledTimes(1);
    } finally {
      check.mockRestore();
    }
  });

  it('refuses a broken token with 401 like JwtAuthGuard', () => {
    expect(() => new OptionalJwtAuthGuard().handleRequest(null, false)).toThrow(UnauthorizedException);
  });
});

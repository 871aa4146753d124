import type { UserSession, TestStack, TestAccount } from '../support';

/** Who calls: every role, a dealership's signed-in sales person, and nobody. */
export const WHO = ['anonymous', 'admin', 'qa', 'dealer', 'sales', 'manager'] as const;
export type Who = (typeof WHO)[number];

/**
 * Whose data: `own` is within the caller's reach (its own account, its dealership, or for
 * management its child; for admin and QA the same dealership), `other` is another tenant.
 */
export type Tenant = 'own' | 'other';

/** One status for both tenants, or [own, other]. */
export type Expected = number | readonly [number, number];

export interface MatrixContext {
  stack: TestStack;
  sessions: Record<Exclude<Who, 'anonymous'>, UserSession>;
  accounts: {
    admin: TestAccount;
    qa: TestAccount;
    /** the dealership of `dealer` and `sales`, and the child of `manager` */
    dealer: TestAccount;
    /** another dealership: nobody's own but admin's and QA's */
    dealer2: TestAccount;
    manager: TestAccount;
  };
  /** the account that counts as `own` for the caller */
  ownAccount(who: Who): TestAccount;
  /** a new session for calls that end one (logout) */
  freshSession(who: Exclude<Who, 'anonymous'>): Promise<UserSession>;
  /** something unique per call (e-mails, names) */
  unique(): string;
}

export interface RequestSpec {
  path: string;
  body?: object;
  /** call with this session instead of the caller's own */
  session?: UserSession;
  /** more request headers (the robot API's key) */
  headers?: Record<string, string>;
}

export interface RouteCase {
  /** as OpenAPI lists it: `GET /api/users/{id}` */
  route: string;
  /** builds the request for one cell; may create fresh data (for deletes and one-time actions) */
  request(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<RequestSpec> | RequestSpec;
  expect: Record<Who, Expected>;
}

export function expectedFor(e: Expected, tenant: Tenant): number {
  return typeof e === 'number' ? e : tenant === 'own' ? e[0] : e[1];
}

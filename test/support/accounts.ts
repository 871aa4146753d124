import type { QaRoleTag, Role } from '@app/contracts';
import { seedAccounts, type SeedAccountsPayload, type SeededRow } from '@app/seeding';
import { randomUUID } from 'node:crypto';
import type { TestStack } from './test-stack';

export const TEST_PASSWORD = 'Test-Pass-1234!';

export interface AccountSpec {
  role: Role;
  email?: string;
  displayName?: string;
  permissions?: string[];
  roleTags?: QaRoleTag[];
  country?: string;
  /** for Management: ids of its child accounts */
  children?: string[];
  /** on a temporary password (sign-in answers the NEW_PASSWORD_REQUIRED challenge) */
  temporary?: boolean;
  password?: string;
  enabledQa?: boolean;
  /** whether the account may use the mobile app (sign in there, register devices); true unless a test says otherwise */
  mobileAppAccess?: boolean;
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  role: Role;
}

/**
 * What the account factories need of a stack: where its users service listens (`NATS_URL`,
 * `NATS_NAMESPACE`), with `ACCOUNT_SEEDING` on. The in-process stack, or one whose services
 * run as processes (the fault tests).
 */
export type StackWithUsers = Pick<TestStack, 'env'>;

async function seed(stack: StackWithUsers, payload: SeedAccountsPayload): Promise<SeededRow> {
  const seeded = await seedAccounts(stack.env, payload);
  const [row] = [...seeded.accounts, ...seeded.salesPeople];
  if (!row.created) throw new Error(`${row.email} exists already`);
  return row;
}

/**
 * An account of any role, signed in with `password` (TEST_PASSWORD by default), made by the
 * users service's seeding call: tests need accounts of every role before an admin exists to
 * create them through the API, and without the mail and the new-password step.
 */
export async function createAccount(stack: StackWithUsers, spec: AccountSpec): Promise<TestAccount> {
  const tag = randomUUID().slice(0, 8);
  const email = spec.email ?? `${spec.role.toLowerCase()}-${tag}@example.test`;
  const password = spec.password ?? TEST_PASSWORD;
  const { id } = await seed(stack, {
    accounts: [
      {
        email,
        displayName: spec.displayName ?? `${spec.role} ${tag}`,
        userRole: spec.role,
        roleTags: spec.roleTags,
        permissions: spec.permissions,
        country: spec.country ?? 'Denmark',
        enabledQa: spec.enabledQa,
        mobileAppAccess: spec.mobileAppAccess ?? true,
        password,
        temporary: spec.temporary,
        children: spec.children,
      },
    ],
  });
  return { id, email, password, role: spec.role };
}

/** A sales person of a dealership, with a login when `login` is set (on a temporary password with `temporary`). */
export async function createSalesPerson(
  stack: StackWithUsers,
  userId: string,
  opts: { name?: string; email?: string; login?: boolean; password?: string; temporary?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const tag = randomUUID().slice(0, 8);
  const email = opts.email ?? `sales-${tag}@example.test`;
  const password = opts.password ?? TEST_PASSWORD;
  const { id } = await seed(stack, {
    salesPeople: [
      {
        userId,
        name: opts.name ?? `Sales ${tag.slice(0, 4)}`,
        email,
        phone: '+45 12 34 56 78',
        ...(opts.login ? { password, temporary: opts.temporary } : {}),
      },
    ],
  });
  return { id, email, password };
}

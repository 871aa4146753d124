import { randomUUID } from 'node:crypto';
import type { MeView, QaRoleTag, Role } from '@app/contracts';
import { Client } from 'pg';
import type { Test } from 'supertest';
import { PasswordHasher } from '../../../services/users/src/auth/password-hasher';
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
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  role: Role;
}

/**
 * What the account factories and sessions need of a stack: the in-process one, or one whose
 * services run as processes (the fault tests).
 */
export type StackWithDatabase = Pick<TestStack, 'env' | 'db'>;
export type StackWithHttp = Pick<TestStack, 'http'>;

async function withUsersDb<T>(stack: StackWithDatabase, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: stack.db.url });
  await c.connect();
  try {
    await c.query('SET search_path TO users');
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Accounts written straight into the users schema (a factory: tests need accounts of every
 * role before an admin exists to create them through the API).
 */
export async function createAccount(stack: StackWithDatabase, spec: AccountSpec): Promise<TestAccount> {
  const id = randomUUID();
  const email = spec.email ?? `${spec.role.toLowerCase()}-${id.slice(0, 8)}@example.test`;
  const password = spec.password ?? TEST_PASSWORD;
  const hash = await new PasswordHasher(Number(stack.env.PASSWORD_HASH_COST ?? 11)).hash(password);
  await withUsersDb(stack, async (c) => {
    await c.query(
      `INSERT INTO user_account (id, email, display_name, user_role, role_tags, country, contact_name, contact_email, enabled_qa,
                                 password_hash, user_status, password_changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $3, $2, $7, $8, $9, now())`,
      [
        id,
        email,
        spec.displayName ?? `${spec.role} ${id.slice(0, 8)}`,
        spec.role,
        spec.roleTags ?? [],
        spec.country ?? 'Denmark',
        spec.enabledQa ?? false,
        hash,
        spec.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      ],
    );
    if (spec.permissions?.length) {
      await c.query(`INSERT INTO user_permission (user_id, permission_id) SELECT $1, id FROM permission WHERE name = ANY($2)`, [id, spec.permissions]);
    }
    for (const child of spec.children ?? []) {
      await c.query('INSERT INTO child_account (parent_id, child_id) VALUES ($1, $2)', [id, child]);
    }
  });
  return { id, email, password, role: spec.role };
}

/** A sales person of a dealership, with a login when `login` is set (on a temporary password with `temporary`). */
export async function createSalesPerson(
  stack: StackWithDatabase,
  userId: string,
  opts: { name?: string; email?: string; login?: boolean; password?: string; temporary?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const id = randomUUID();
  const email = opts.email ?? `sales-${id.slice(0, 8)}@example.test`;
  const password = opts.password ?? TEST_PASSWORD;
  const hash = opts.login ? await new PasswordHasher(Number(stack.env.PASSWORD_HASH_COST ?? 11)).hash(password) : null;
  await withUsersDb(stack, (c) =>
    c.query(
      `INSERT INTO sales_person (id, user_id, name, email, phone, login_activated, user_status, password_hash)
       VALUES ($1, $2, $3, $4, '+45 12 34 56 78', $5, $6, $7)`,
      [id, userId, opts.name ?? `Sales ${id.slice(0, 4)}`, email, !!opts.login, opts.login ? (opts.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED') : null, hash],
    ),
  );
  return { id, email, password };
}

/** A signed-in client: requests carry its access token. */
export class UserSession {
  constructor(
    private readonly stack: StackWithHttp,
    public accessToken: string,
    public refreshToken: string,
    public user: MeView,
  ) {}

  private auth(t: Test): Test {
    return t.set('authorization', `Bearer ${this.accessToken}`);
  }

  get(path: string): Test {
    return this.auth(this.stack.http().get(path));
  }
  post(path: string): Test {
    return this.auth(this.stack.http().post(path));
  }
  put(path: string): Test {
    return this.auth(this.stack.http().put(path));
  }
  delete(path: string): Test {
    return this.auth(this.stack.http().delete(path));
  }
  patch(path: string): Test {
    return this.auth(this.stack.http().patch(path));
  }
}

/** Signs in through the API; fails the test when sign-in does not answer with tokens. */
export async function signIn(stack: StackWithHttp, email: string, password: string = TEST_PASSWORD): Promise<UserSession> {
  const res = await stack.http().post('/api/auth/login').send({ email, password });
  if (res.status !== 200 || !res.body.accessToken) {
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return new UserSession(stack, res.body.accessToken, res.body.refreshToken, res.body.user);
}

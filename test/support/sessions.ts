import type { MeView } from '@app/contracts';
import type { Test } from 'supertest';
import { createAccount, TEST_PASSWORD, type AccountSpec, type StackWithUsers } from './accounts';
import type { TestStack } from './test-stack';

/** What a session needs of a stack: its HTTP entry (the in-process gateway or a running one). */
export type StackWithHttp = Pick<TestStack, 'http'>;

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

/** A new account of `spec` (made by the users service's seeding call), signed in: for the cast of a test that needs only its session. */
export async function signedInAs(stack: StackWithUsers & StackWithHttp, spec: AccountSpec): Promise<UserSession> {
  const account = await createAccount(stack, spec);
  return signIn(stack, account.email, account.password);
}

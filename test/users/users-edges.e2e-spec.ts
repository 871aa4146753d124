import { waitFor } from '@app/testing';
import { createAccount, signIn, startTestStack, TEST_PASSWORD, type TestAccount, type TestStack, type UserSession } from '../support';
import { randomUUID } from 'node:crypto';

describe('users service edges', () => {
  let stack: TestStack;
  let admin: UserSession;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'users_edges' });
    const a: TestAccount = await createAccount(stack, { role: 'Admin' });
    admin = await signIn(stack, a.email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('answers 404 for the people, integrations and children of an account that does not exist', async () => {
    const ghost = randomUUID();
    for (const path of [
      `/api/salesman/user/${ghost}`,
      `/api/salesman/user/${ghost}/all`,
      `/api/remote-integration/user/${ghost}`,
      `/api/users/childAccounts/${ghost}/1`,
      `/api/permissions/get-permissions-for-user-by-user-id/${ghost}`,
    ]) {
      const res = await admin.get(path);
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 404, message: 'User not found' });
    }
  });

  it('adds sales people only to dealership accounts', async () => {
    const qa = await createAccount(stack, { role: 'QA' });
    const res = await admin
      .post('/api/salesman')
      .send({ userId: qa.id, salesMan: [{ name: 'Not Here', email: 'not.here@example.test', phone: '+45 11 11 11 11' }] })
      .expect(400);
    expect(res.body.message).toBe('Sales people belong to dealership accounts');
  });

  it('a resent temporary password ends the challenge opened with the old one', async () => {
    const created = await admin
      .post('/api/users/createAccountWithoutCognito')
      .send({ email: 'resend.me@example.test', displayName: 'Resend Motors', address: { country: 'Denmark' }, contactPerson: { name: 'R', email: 'r@example.test' }, userRole: 'QA' })
      .expect(201);
    expect(created.body.userStatus).toBe('FORCE_CHANGE_PASSWORD');
    const firstMail = await waitFor(async () => (await stack.mails('resend.me@example.test'))[0], 'the first mail');
    const firstPassword = /password:\s+(\S+)/.exec(firstMail.text)![1];
    const challenge = await stack.http().post('/api/auth/login').send({ email: 'resend.me@example.test', password: firstPassword }).expect(200);
    expect(challenge.body.challenge).toBe('NEW_PASSWORD_REQUIRED');

    await admin.post('/api/users/resend-temporary-password').send({ email: 'resend.me@example.test' }).expect(200);
    await stack.http().post('/api/auth/new-password').send({ session: challenge.body.session, newPassword: 'Brand-New-Pass-42!' }).expect(401);
    await stack.http().post('/api/auth/login').send({ email: 'resend.me@example.test', password: firstPassword }).expect(401);

    const second = await waitFor(async () => (await stack.mails('resend.me@example.test'))[1], 'the second mail');
    const secondPassword = /password:\s+(\S+)/.exec(second.text)![1];
    expect(secondPassword).not.toBe(TEST_PASSWORD);
    const again = await stack.http().post('/api/auth/login').send({ email: 'resend.me@example.test', password: secondPassword }).expect(200);
    await stack.http().post('/api/auth/new-password').send({ session: again.body.session, newPassword: 'Brand-New-Pass-42!' }).expect(200);
  });
});

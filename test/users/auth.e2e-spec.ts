import { AUTH_MESSAGES } from '@app/contracts';
import {
  createAccount,
  createSalesPerson,
  mailsTo,
  signIn,
  startTestStack,
  TEST_PASSWORD,
  verificationCodeIn,
  type TestAccount,
  type TestStack,
} from '../support';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';

const NEW_PASSWORD = 'Brand-New-Pass-42!';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-in, sessions and password resets', () => {
  let stack: TestStack;
  let admin: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({
      label: 'auth',
      env: {
        AUTH_MAX_FAILURES: '3',
        AUTH_LOCKOUT_MS: '1500',
        RESET_CODE_TTL_MS: '3000',
        REFRESH_REUSE_GRACE_MS: '1500',
      },
    });
    admin = await createAccount(stack, { role: 'Admin' });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const login = (email: string, password: string) => stack.http().post('/api/auth/login').send({ email, password });

  const codeFrom = async (email: string, nth = 1) => verificationCodeIn((await mailsTo(stack, email, nth))[nth - 1].text);

  it('signs in with e-mail and password and returns tokens and the user, never a password', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], email: 'Mixed.Case@Example.test' });
    const res = await login('  mixed.case@example.TEST ', TEST_PASSWORD).expect(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
      user: expect.objectContaining({ id: dealer.id, userRole: 'Dealership', permissions: ['CREATE_ORDERS'], loggedInSalesPersonInfo: null }),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|passwordHash|password_hash/);
    const me = await stack.http().get('/api/me').set('authorization', `Bearer ${res.body.accessToken}`).expect(200);
    expect(me.body.email).toBe('Mixed.Case@Example.test');
  });

  it('answers a wrong password and an unknown e-mail alike: 401 "Incorrect username or password."', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const wrong = await login(dealer.email, 'Wrong-Pass-123!').expect(401);
    const unknown = await login('nobody@example.test', 'Wrong-Pass-123!').expect(401);
    expect(wrong.body).toEqual({ statusCode: 401, message: 'Incorrect username or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rejects malformed sign-in input with 400 naming the field', async () => {
    const badEmail = await login('not-an-email', 'Secret-123!').expect(400);
    expect(badEmail.body.message).toContain('Please use a valid email address');
    const shortPassword = await login('a@b.dk', '12345').expect(400);
    expect(shortPassword.body.message).toBe('password must be longer than or equal to 6 characters');
    const extra = await stack.http().post('/api/auth/login').send({ email: 'a@b.dk', password: 'Secret-123!', role: 'Admin' }).expect(400);
    expect(extra.body.message).toBe('property role should not exist');
  });

  it('throttles repeated failures for one e-mail from one client with 429 "Limit…", then recovers after the cool-down', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    for (let i = 0; i < 3; i++) await login(dealer.email, 'Wrong-Pass-123!').expect(401);
    const locked = await login(dealer.email, TEST_PASSWORD).expect(429);
    expect(locked.body.message).toMatch(/^Limit/);
    expect(locked.body.message).toBe(AUTH_MESSAGES.limitExceeded);
    await sleep(1700);
    await login(dealer.email, TEST_PASSWORD).expect(200);
  });

  it('an account on its temporary password gets the NEW_PASSWORD_REQUIRED challenge, then signs in with the new one', async () => {
    const fresh = await createAccount(stack, { role: 'Dealership', temporary: true });
    const res = await login(fresh.email, TEST_PASSWORD).expect(200);
    expect(res.body).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });
    expect(res.body.accessToken).toBeUndefined();

    const weak = await stack.http().post('/api/auth/new-password').send({ session: res.body.session, newPassword: 'short1!A' }).expect(400);
    expect(weak.body.message).toMatch(/^Password must be 10 to 50 characters/);

    const done = await stack.http().post('/api/auth/new-password').send({ session: res.body.session, newPassword: NEW_PASSWORD }).expect(200);
    expect(done.body.user.id).toBe(fresh.id);
    expect(done.body.user.userStatus).toBe('CONFIRMED');
    // a challenge works once
    await stack.http().post('/api/auth/new-password').send({ session: res.body.session, newPassword: NEW_PASSWORD }).expect(401);
    await login(fresh.email, TEST_PASSWORD).expect(401);
    await login(fresh.email, NEW_PASSWORD).expect(200);
  });

  it('resets a forgotten password with the e-mailed code, once; old sessions and the old password stop working', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const before = await signIn(stack, dealer.email);

    const unknown = await stack.http().post('/api/auth/forgot-password').send({ email: 'ghost@example.test' }).expect(200);
    expect(unknown.body).toEqual({ sent: true });
    expect(await stack.mails('ghost@example.test')).toHaveLength(0);

    await stack.http().post('/api/auth/forgot-password').send({ email: dealer.email }).expect(200);
    const code = await codeFrom(dealer.email);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await stack
      .http()
      .post('/api/auth/confirm-forgot-password')
      .send({ email: dealer.email, code: wrongCode, newPassword: NEW_PASSWORD })
      .expect(400);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.invalidCode);

    const weak = await stack.http().post('/api/auth/confirm-forgot-password').send({ email: dealer.email, code, newPassword: 'weakpassword' }).expect(400);
    expect(weak.body.message).toMatch(/^Password/);

    await stack.http().post('/api/auth/confirm-forgot-password').send({ email: dealer.email, code, newPassword: NEW_PASSWORD }).expect(200);
    const again = await stack.http().post('/api/auth/confirm-forgot-password').send({ email: dealer.email, code, newPassword: NEW_PASSWORD }).expect(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.invalidCode);

    await login(dealer.email, TEST_PASSWORD).expect(401);
    await login(dealer.email, NEW_PASSWORD).expect(200);
    await before.get('/api/me').expect(401);
  });

  it('refuses an expired code with the expired message', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    await stack.http().post('/api/auth/forgot-password').send({ email: dealer.email }).expect(200);
    const code = await codeFrom(dealer.email);
    await sleep(3200);
    const res = await stack.http().post('/api/auth/confirm-forgot-password').send({ email: dealer.email, code, newPassword: NEW_PASSWORD }).expect(400);
    expect(res.body.message).toMatch(/^Expired/);
  });

  it('rotates the refresh token; reusing a spent one ends the whole session', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const session = await signIn(stack, dealer.email);
    const first = await stack.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }).expect(200);
    expect(first.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(first.body.refreshToken).not.toBe(session.refreshToken);
    await stack.http().get('/api/me').set('authorization', `Bearer ${first.body.accessToken}`).expect(200);

    // the spent token comes back after the grace window: someone copied it
    await sleep(1600);
    const reuse = await stack.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }).expect(401);
    expect(reuse.body.message).toBe('Your session cannot be refreshed. Please log in again');
    // the whole family is revoked: the rotated token and every access token of the session
    await stack.http().post('/api/auth/refresh').send({ refreshToken: first.body.refreshToken }).expect(401);
    await stack.http().get('/api/me').set('authorization', `Bearer ${first.body.accessToken}`).expect(401);
    await session.get('/api/me').expect(401);
  });

  it('two refreshes with the same token at once (two tabs) both get the same new pair, and the session goes on', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const session = await signIn(stack, dealer.email);
    const refresh = (refreshToken: string) => stack.http().post('/api/auth/refresh').send({ refreshToken });
    const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).not.toBe(session.refreshToken);
    expect(b.body.refreshToken).toBe(a.body.refreshToken);
    for (const pair of [a.body, b.body]) {
      expect((await stack.http().get('/api/me').set('authorization', `Bearer ${pair.accessToken}`).expect(200)).body.id).toBe(dealer.id);
    }
    // a third tab a moment later still gets the same pair
    expect((await refresh(session.refreshToken).expect(200)).body.refreshToken).toBe(a.body.refreshToken);
    // the shared new token rotates on as usual, and the session keeps working
    const next = await refresh(a.body.refreshToken).expect(200);
    expect(next.body.refreshToken).not.toBe(a.body.refreshToken);
    await stack.http().get('/api/me').set('authorization', `Bearer ${next.body.accessToken}`).expect(200);
    // the first token now names a spent successor: that is a reuse, and ends the session
    await refresh(session.refreshToken).expect(401);
    await stack.http().get('/api/me').set('authorization', `Bearer ${next.body.accessToken}`).expect(401);
  });

  it('never stores a refresh token in plaintext, the one kept for the grace window included', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const session = await signIn(stack, dealer.email);
    const next = (await stack.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }).expect(200)).body.refreshToken as string;
    const c = new Client({ connectionString: stack.db.url });
    await c.connect();
    try {
      const rows = await c.query(`SELECT t.* FROM users.refresh_token t JOIN users.auth_session s ON s.id = t.session_id WHERE s.user_id = $1`, [dealer.id]);
      expect(rows.rows).toHaveLength(2);
      const stored = JSON.stringify(rows.rows);
      for (const token of [session.refreshToken, next]) {
        expect(stored).not.toContain(token);
        expect(stored).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
      }
      expect(rows.rows.filter((r) => r.successor_sealed)).toHaveLength(1);
    } finally {
      await c.end();
    }
  });

  it('logout revokes the session: its access and refresh tokens stop working, other sessions stay', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const a = await signIn(stack, dealer.email);
    const b = await signIn(stack, dealer.email);
    await a.post('/api/auth/logout').expect(200);
    await a.get('/api/me').expect(401);
    await stack.http().post('/api/auth/refresh').send({ refreshToken: a.refreshToken }).expect(401);
    await b.get('/api/me').expect(200);
  });

  it('refuses missing, malformed, foreign-signed and expired tokens, and those of a deleted user, with 401', async () => {
    await stack.http().get('/api/me').expect(401);
    await stack.http().get('/api/me').set('authorization', 'Bearer not.a.jwt').expect(401);
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const session = await signIn(stack, dealer.email);
    const claims = jwt.decode(session.accessToken) as jwt.JwtPayload;
    const opts = { issuer: claims.iss, audience: claims.aud as string, algorithm: 'HS256' as const };
    const body = { sub: claims.sub, sid: claims.sid, typ: 'access' };
    const foreign = jwt.sign(body, 'another-secret-that-is-long-enough-0123456789', { ...opts, expiresIn: 600 });
    await stack.http().get('/api/me').set('authorization', `Bearer ${foreign}`).expect(401);
    const expired = jwt.sign({ ...body, exp: Math.floor(Date.now() / 1000) - 10 }, stack.env.JWT_SECRET, opts);
    const res = await stack.http().get('/api/me').set('authorization', `Bearer ${expired}`).expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const unsigned = jwt.sign(body, '', { ...opts, algorithm: 'none' as const });
    await stack.http().get('/api/me').set('authorization', `Bearer ${unsigned}`).expect(401);

    await session.get('/api/me').expect(200);
    const adminSession = await signIn(stack, admin.email);
    const view = await adminSession.get(`/api/users/${dealer.id}`).expect(200);
    await adminSession.post('/api/users/delete-user-account').send({ userId: dealer.id, hash: view.body.deleteConfirmationHash }).expect(200);
    await session.get('/api/me').expect(401);
  });

  it('a sales person signs in with its own login and is shown as such on /me', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    const sales = await createSalesPerson(stack, dealer.id, { name: 'Anna Sales', login: true });
    const session = await signIn(stack, sales.email);
    expect(session.user.id).toBe(dealer.id);
    expect(session.user.loggedInSalesPersonInfo).toEqual({ id: sales.id, name: 'Anna Sales', email: sales.email });
    expect(session.user.permissions).toEqual(['CREATE_ORDERS']);
    // a sales person without a login cannot sign in
    const noLogin = await createSalesPerson(stack, dealer.id);
    await login(noLogin.email, TEST_PASSWORD).expect(401);
  });
});

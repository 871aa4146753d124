import { AUTH_MESSAGES, DELIVERY_MESSAGES } from '@app/contracts';
import { requestFrom, waitFor, type ClientAnswer } from '@app/testing';
import { connect, type AddressInfo } from 'node:net';
import { createAccount, createSalesPerson, mailsTo, signIn, startTestStack, TEST_PASSWORD, type TestStack, type UserSession } from '../support';

const WRONG = 'Wrong-Pass-123!';

type Answer = ClientAnswer;

/**
 * Sign-in limits: counted at once under a burst, per e-mail and client so that a guesser does
 * not lock the owner out, with a client that is the connection's peer unless a proxy the
 * operator names forwards it; forgot-password answering alike for any e-mail; robot keys
 * throttled; mobile app access enforced. The gateway trusts 127.0.0.1 as its proxy here;
 * requests from other loopback addresses (127.0.0.2 …) are direct clients.
 */
describe('sign-in limits', () => {
  let stack: TestStack;
  let port: number;
  let admin: UserSession;

  /** A request to the gateway from a chosen local address (another client), optionally through headers naming a forwarded client. */
  const send = (method: string, path: string, opts: { from?: string; headers?: Record<string, string>; body?: object } = {}): Promise<Answer> =>
    requestFrom(port, method, path, opts);

  const login = (email: string, password: string, opts: { from?: string; headers?: Record<string, string> } = {}) =>
    send('POST', '/api/auth/login', { ...opts, body: { email, password } });
  const statuses = (answers: Answer[]) => answers.map((a) => a.status);
  const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

  beforeAll(async () => {
    stack = await startTestStack({
      label: 'sign-in-limits',
      env: { TRUSTED_PROXIES: '127.0.0.1', AUTH_MAX_FAILURES: '5', AUTH_CLIENT_MAX_FAILURES: '30', AUTH_EMAIL_MAX_FAILURES: '12', AUTH_LOCKOUT_MS: '1000', ROBOT_KEY_MAX_FAILURES: '20' },
    });
    port = (stack.gateway.getHttpServer().address() as AddressInfo).port;
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('16 wrong passwords at once for one e-mail: exactly 5 are checked (401), the other 11 refused (429)', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const answers = await Promise.all(Array.from({ length: 16 }, () => login(dealer.email, WRONG, { from: '127.0.0.2' })));
    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(11);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ statusCode: 429, message: AUTH_MESSAGES.limitExceeded });
    // locked for that client, even with the right password
    expect((await login(dealer.email, TEST_PASSWORD, { from: '127.0.0.2' })).status).toBe(429);
  });

  it('a guesser locks the e-mail for itself only: the owner signs in from another client', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const guesser = { headers: { 'x-forwarded-for': '203.0.113.5' } };
    for (let i = 0; i < 5; i++) expect((await login(dealer.email, WRONG, guesser)).status).toBe(401);
    expect((await login(dealer.email, TEST_PASSWORD, guesser)).status).toBe(429);
    const owner = await login(dealer.email, TEST_PASSWORD, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(owner.status).toBe(200);
    expect(owner.body.accessToken).toEqual(expect.any(String));
  });

  it('each next lock of the same e-mail and client lasts twice as long as the one before', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const from = { headers: { 'x-forwarded-for': '203.0.113.77' } };
    const lockLeftMs = async (): Promise<{ ms: number; lockouts: number }> => {
      const [row] = await stack.db.query<{ ms: number; lockouts: number }>(
        `SELECT extract(epoch FROM locked_until - now()) * 1000 AS ms, lockouts FROM users.sign_in_attempt WHERE key = $1`,
        [`login:${dealer.email.toLowerCase()}|203.0.113.77`],
      );
      return { ms: Number(row.ms), lockouts: row.lockouts };
    };
    const lockOnce = async () => {
      for (let i = 0; i < 5; i++) expect((await login(dealer.email, WRONG, from)).status).toBe(401);
      expect((await login(dealer.email, TEST_PASSWORD, from)).status).toBe(429);
    };
    await lockOnce();
    const first = await lockLeftMs();
    expect(first.lockouts).toBe(1);
    expect(first.ms).toBeLessThanOrEqual(1000);
    // the first lock (1 s) ends: 5 more tries, then a lock of 2 s
    await waitFor(async () => (await login(dealer.email, WRONG, from)).status === 401, 'the first lock to end');
    for (let i = 0; i < 4; i++) expect((await login(dealer.email, WRONG, from)).status).toBe(401);
    const second = await lockLeftMs();
    expect(second.lockouts).toBe(2);
    expect(second.ms).toBeGreaterThan(1000);
    expect(second.ms).toBeLessThanOrEqual(2000);
  });

  it('a guess spread over many clients is still bounded by the e-mail\'s own limit', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    // 3 clients × 4 wrong passwords = the e-mail's 12: none of them reached its own 5
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      for (let i = 0; i < 4; i++) expect((await login(dealer.email, WRONG, { headers: { 'x-forwarded-for': client } })).status).toBe(401);
    }
    expect((await login(dealer.email, TEST_PASSWORD, { headers: { 'x-forwarded-for': '192.0.2.4' } })).status).toBe(429);
  });

  it('a direct client cannot choose its own key: its X-Forwarded-For is ignored (only a named proxy is believed)', async () => {
    // 32 sign-ins for different e-mails, each claiming another client address
    const answers: Answer[] = [];
    for (let i = 0; i < 32; i++) {
      answers.push(await login(`nobody-${i}@example.test`, WRONG, { from: '127.0.0.3', headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } }));
    }
    expect(statuses(answers).slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses(answers).slice(30)).toEqual([429, 429]);
    // the same claims through the named proxy are separate clients
    expect((await login('nobody-x@example.test', WRONG, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(401);
  });

  it('forgot-password answers in the same time for a known and an unknown e-mail, and mails the code afterwards', async () => {
    const SAMPLES = 12;
    const known = await Promise.all(Array.from({ length: SAMPLES }, () => createAccount(stack, { role: 'Dealership' })));
    const timeOf = async (email: string): Promise<number> => {
      const started = process.hrtime.bigint();
      const res = await send('POST', '/api/auth/forgot-password', { from: '127.0.0.4', body: { email } });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: true });
      return ms;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // interleaved, so a busy moment of the machine falls on both alike
    for (let i = 0; i < SAMPLES; i++) {
      knownMs.push(await timeOf(known[i].email));
      unknownMs.push(await timeOf(`ghost-${i}-${Date.now()}@example.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // the answer runs the same statements for both (two counts and an outbox row); the
    // account's work (a code and a mail) comes after it. Before, the known e-mail's answer
    // waited for the code and the mail: several times the unknown one's.
    const ratio = median(knownMs) / median(unknownMs);
    expect(ratio).toBeLessThan(2);
    expect(ratio).toBeGreaterThan(0.5);
    // the work still happens: the code reaches the account
    const [mail] = await mailsTo(stack, known[0].email);
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });

  describe('robot keys', () => {
    const pull = (key: string, from: string) => send('POST', '/api/robot/messages/pull', { from, headers: { 'x-robot-key': key }, body: {} });

    it('600 wrong keys from one client: 429 with Retry-After after 20, while a right key from another client still pulls', async () => {
      const account = await createAccount(stack, { role: 'Dealership' });
      const integration = (await admin.post('/api/remote-integration').send({ provider: 'DELIVERY_ROBOT', isActive: true, userId: account.id }).expect(201)).body.id as string;
      const key = (await admin.post(`/api/order-delivery-messages/robot-credentials/${integration}`).expect(200)).body.key as string;
      const [keyId] = key.split('.');
      const answers: Answer[] = [];
      for (let i = 0; i < 600; i++) answers.push(await pull(`${i % 2 ? keyId : '00000000-0000-4000-8000-000000000000'}.wrong-secret-${i}`, '127.0.0.5'));
      expect(statuses(answers).slice(0, 20)).toEqual(Array(20).fill(401));
      expect(count(answers, 429)).toBe(580);
      const refused = answers[20];
      expect(refused.body).toEqual({ statusCode: 429, message: DELIVERY_MESSAGES.robotKeyLimit });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // even the right key waits on that client; another client is not affected
      expect((await pull(key, '127.0.0.5')).status).toBe(429);
      expect((await pull(key, '127.0.0.6')).status).toBe(200);
    });

    it('right keys do not count: a robot pulling often is never throttled', async () => {
      const account = await createAccount(stack, { role: 'Dealership' });
      const integration = (await admin.post('/api/remote-integration').send({ provider: 'DELIVERY_ROBOT', isActive: true, userId: account.id }).expect(201)).body.id as string;
      const key = (await admin.post(`/api/order-delivery-messages/robot-credentials/${integration}`).expect(200)).body.key as string;
      for (let i = 0; i < 30; i++) expect((await pull(key, '127.0.0.7')).status).toBe(200);
    });
  });

  describe('mobile app access', () => {
    const MOBILE = { 'x-client-app': 'mobile' };

    it('an account without it cannot sign in from the mobile app nor register a device; the web app signs in as before', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership', mobileAppAccess: false });
      const mobile = await login(dealer.email, TEST_PASSWORD, { from: '127.0.0.8', headers: MOBILE });
      expect(mobile.status).toBe(403);
      expect(mobile.body).toEqual({ statusCode: 403, message: AUTH_MESSAGES.noMobileAppAccess });
      // a wrong password is still a wrong password
      expect((await login(dealer.email, WRONG, { from: '127.0.0.8', headers: MOBILE })).status).toBe(401);
      const web = await login(dealer.email, TEST_PASSWORD, { from: '127.0.0.8' });
      expect(web.status).toBe(200);
      const device = await send('POST', '/api/mobile/device-tokens', {
        from: '127.0.0.8',
        headers: { authorization: `Bearer ${String(web.body.accessToken)}` },
        body: { token: `phone-${dealer.id}`, platform: 'android' },
      });
      expect(device.status).toBe(403);
      expect(device.body).toEqual({ statusCode: 403, message: AUTH_MESSAGES.noMobileAppAccess });
    });

    it("a sales person signs in from the mobile app only when its account has it", async () => {
      const without = await createAccount(stack, { role: 'Dealership', mobileAppAccess: false });
      const withIt = await createAccount(stack, { role: 'Dealership', mobileAppAccess: true });
      const refused = await createSalesPerson(stack, without.id, { login: true });
      const allowed = await createSalesPerson(stack, withIt.id, { login: true });
      expect((await login(refused.email, refused.password, { from: '127.0.0.8', headers: MOBILE })).status).toBe(403);
      expect((await login(allowed.email, allowed.password, { from: '127.0.0.8', headers: MOBILE })).status).toBe(200);
    });

    it('an account with it signs in from the mobile app and registers its device', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership', mobileAppAccess: true });
      const mobile = await login(dealer.email, TEST_PASSWORD, { from: '127.0.0.8', headers: MOBILE });
      expect(mobile.status).toBe(200);
      const device = await send('POST', '/api/mobile/device-tokens', {
        from: '127.0.0.8',
        headers: { authorization: `Bearer ${String(mobile.body.accessToken)}`, ...MOBILE },
        body: { token: `phone-${dealer.id}`, platform: 'ios' },
      });
      expect(device.status).toBe(200);
    });
  });

  describe('the HTTP edge', () => {
    /** Raw bytes to the gateway, and what comes back until it closes the connection. */
    const raw = (bytes: Buffer): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port }, () => socket.end(bytes));
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });

    it('a NUL byte in the Authorization header: 400 with { statusCode, message } as JSON, not a bare status line', async () => {
      const answer = await raw(Buffer.from('GET /api/me HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer abc\u0000def\r\n\r\n', 'latin1'));
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(head.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(body)).toEqual({ statusCode: 400, message: expect.stringContaining('header') });
    });

    it('the ping of one service tells anyone up or down; which instance answered, and since when, only staff', async () => {
      const anonymous = await send('GET', '/api/health/services/users');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ service: 'users', status: 'up' });
      const health = await send('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ services: { users: 'up' } });
      // the gateway's own liveness is public too, and says no more than that it answers
      const live = await send('GET', '/api/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ service: 'gateway', status: 'up' });
      const dealerSession = await signIn(stack, (await createAccount(stack, { role: 'Dealership' })).email);
      const dealer = await dealerSession.get('/api/health/services/users').expect(200);
      expect(dealer.body).toEqual({ service: 'users', status: 'up' });
      const staff = await admin.get('/api/health/services/users').expect(200);
      expect(staff.body).toMatchObject({ service: 'users', status: 'up', instance: expect.any(String), uptime: expect.any(Number) });
    });
  });
});

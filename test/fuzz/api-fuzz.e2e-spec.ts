import { testJpeg, testMp4, waitFor } from '@app/testing';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  mailsTo,
  postOrderImage,
  postMedia360Frame,
  postToPresigned,
  signMedia360,
  signIn,
  startTestStack,
  TEST_PASSWORD,
  verificationCodeIn,
  type TestStack,
  type UserSession,
} from '../support';
import { expectedFor, WHO, type MatrixContext, type RequestSpec, type Who } from '../authorization/matrix';
import { MATRIX } from '../authorization/routes';
import { badRequest, baseFromUrl, toJsonText, type BaseRequest, type FuzzRequest } from './bad-input';
import { describeRequest, sendRaw } from './fuzz-http';
import { openApiBackendValidator, operationsOf, ResponseChecker, routeName, SLOW_MS, type Answer, type JsonObject, type OpenApiDocument, type Operation } from './response-checker';
import { SeededRandom } from './seeded-random';

/**
 * The fuzz tier: every operation of the gateway's OpenAPI document, called by every role and
 * by nobody, with generated bad input. Nothing may answer 5xx or take more than 2 s; every
 * error is `{ statusCode, message }`; every success answer matches its documented schema.
 *
 * FUZZ_SEED (printed at the start) fixes the cases; FUZZ_CASES is how many per operation and
 * role. A failure prints the request and the variables that replay just that case:
 * FUZZ_SEED, FUZZ_ROUTE ("POST /api/orders"), FUZZ_ROLE and FUZZ_CASE.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.FUZZ_CASES ?? 8);
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
const ONLY_ROLE = process.env.FUZZ_ROLE as Who | undefined;
const ONLY_CASE = process.env.FUZZ_CASE === undefined ? undefined : Number(process.env.FUZZ_CASE);

/**
 * Routes whose success the matrix never reaches (it checks who may call them, and these
 * answer 4xx to a made-up input); the suite makes a real success of each below.
 */
const SUCCESS_MADE_HERE = [
  'POST /api/auth/login',
  'POST /api/auth/new-password',
  'POST /api/auth/confirm-forgot-password',
  'POST /api/auth/refresh',
  'POST /api/images/upload-complete',
  'POST /api/images/replace-image/{id}/complete',
  'POST /api/videos/upload-complete',
  'POST /api/media360/upload-complete',
];

const DEALER_PERMISSIONS = ['CREATE_ORDERS', 'CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN', 'READ_USER_INTEGRATIONS', 'UPDATE_USER_INTEGRATIONS', 'READ_USER_STATISTICS'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('API fuzz: every OpenAPI operation x every role, bad input and documented answers', () => {
  let stack: TestStack;
  let ctx: MatrixContext;
  let doc: OpenApiDocument;
  let checker: ResponseChecker;
  let counter = 0;
  /** ids seen in answers, minus the signed-in identities: "another tenant's id", "some other thing's id" */
  const ids = new Set<string>();
  const protectedIds = new Set<string>();

  beforeAll(async () => {
    process.stdout.write(`API fuzz: FUZZ_SEED=${SEED} FUZZ_CASES=${CASES}\n`);
    // failed sign-ins are part of the input: the per-client lock would otherwise shut out the suite's own sign-ins
    stack = await startTestStack({ label: 'fuzz', env: { AUTH_CLIENT_MAX_FAILURES: '10000' } });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: DEALER_PERMISSIONS });
    const dealer2 = await createAccount(stack, { role: 'Dealership', permissions: DEALER_PERMISSIONS });
    const accounts = {
      admin: await createAccount(stack, { role: 'Admin' }),
      qa: await createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR', 'QA_COORDINATOR'], permissions: ['READ_ADMIN_STATISTICS'] }),
      dealer,
      dealer2,
      manager: await createAccount(stack, { role: 'Management', children: [dealer.id], permissions: ['READ_USER_STATISTICS'] }),
    };
    const salesLogin = await createSalesPerson(stack, dealer.id, { login: true });
    for (const id of [...Object.values(accounts).map((a) => a.id), salesLogin.id]) protectedIds.add(id);
    const sessionOf = async (who: Exclude<Who, 'anonymous'>): Promise<UserSession> =>
      signIn(stack, who === 'sales' ? salesLogin.email : accounts[who].email);
    ctx = {
      stack,
      sessions: {
        admin: await sessionOf('admin'),
        qa: await sessionOf('qa'),
        dealer: await sessionOf('dealer'),
        sales: await sessionOf('sales'),
        manager: await sessionOf('manager'),
      },
      accounts,
      ownAccount: (who) => (who === 'manager' ? accounts.manager : accounts.dealer),
      freshSession: sessionOf,
      unique: () => `${Date.now().toString(36)}-${++counter}`,
    };
    doc = (await stack.http().get('/api/docs/openapi.json').expect(200)).body as OpenApiDocument;
    // every success answer through two readers: the suite's strict ajv and openapi-backend's own
    checker = new ResponseChecker(doc, await openApiBackendValidator(doc));
    // booting seven services, signing in five roles and openapi-backend compiling the document's schemas
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  const collectIds = (body: unknown) => {
    for (const id of JSON.stringify(body ?? null).match(UUID) ?? []) if (!protectedIds.has(id) && ids.size < 300) ids.add(id);
  };

  /** Sends and checks one request; a slow answer is sent once more and fails only if slow again (the machine may be busy). */
  async function sendAndCheck(route: string, req: FuzzRequest, token?: string): Promise<{ answer: Answer; problems: string[] }> {
    let answer = await sendRaw(stack, req, token);
    if (answer.ms > SLOW_MS && answer.status < 500) answer = await sendRaw(stack, req, token);
    return { answer, problems: checker.check(route, answer) };
  }

  const specRequest = (method: string, spec: RequestSpec): FuzzRequest => ({
    method,
    url: spec.path,
    ...(spec.body !== undefined ? { contentType: 'application/json', body: toJsonText(spec.body) } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    label: 'valid request',
  });

  /** Signed-in roles still signed in as themselves, with the dealership's permissions (a fuzzed admin call may have changed them). */
  async function restoreSessions(): Promise<void> {
    await ctx.sessions.admin.put(`/api/permissions/user/${ctx.accounts.dealer.id}`).send({ permissions: DEALER_PERMISSIONS });
    for (const who of WHO) {
      if (who === 'anonymous') continue;
      const me = await ctx.sessions[who].get('/api/me');
      if (me.status !== 200) ctx.sessions[who] = await ctx.freshSession(who);
    }
  }

  it('describes a success body for every operation, and errors as { statusCode, message }', () => {
    const problems: string[] = [];
    for (const o of operationsOf(doc)) {
      const entries = Object.entries(o.op.responses);
      const success = entries.filter(([status]) => status.startsWith('2'));
      if (!success.length) problems.push(`${routeName(o)}: no success answer`);
      for (const [status, r] of success) {
        if (!r.content?.['application/json']?.schema) problems.push(`${routeName(o)} ${status}: no JSON body described`);
      }
      for (const [status, r] of entries.filter(([s]) => s === 'default' || Number(s) >= 400)) {
        const ref = (r.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
        if (ref !== '#/components/schemas/ErrorResponse') problems.push(`${routeName(o)} ${status}: not the shared error schema`);
      }
      if (!entries.some(([s]) => s === 'default')) problems.push(`${routeName(o)}: no default error answer`);
    }
    // the security each operation states is what the server does to a caller without a sign-in:
    // none needed (`[]`, or an empty requirement `{}` beside the bearer one) where it answers
    // without one; a requirement where it answers 401 (but on the sign-in routes, whose 401 is
    // about the credentials in the body)
    const CREDENTIALS_IN_BODY = ['POST /api/auth/login', 'POST /api/auth/new-password', 'POST /api/auth/refresh'];
    for (const route of MATRIX) {
      const security = operation(route.route).op.security as Array<Record<string, unknown>> | undefined;
      const anonymous = expectedFor(route.expect.anonymous, 'own');
      const open = Array.isArray(security) && (!security.length || security.some((s) => !Object.keys(s).length));
      if (!Array.isArray(security)) problems.push(`${route.route}: no security stated`);
      else if (anonymous === 401 && open && !CREDENTIALS_IN_BODY.includes(route.route)) problems.push(`${route.route}: no sign-in required, but answers 401 without one`);
      else if (anonymous !== 401 && !open) problems.push(`${route.route}: requires ${JSON.stringify(security)}, but answers ${anonymous} without a sign-in`);
    }
    expect(problems).toEqual([]);
    expect(doc.components.schemas.ErrorResponse).toMatchObject({ required: ['statusCode', 'message'] });
  });

  /**
   * The limits the document states are the ones the validation enforces: one past the
   * documented limit is 400 naming the field; at the limit the field is not what is refused.
   * The limits come from class-validator's rules (gateway/src/openapi.ts), so each row here
   * also shows that the rule reached the document.
   */
  it('documents the limits the server enforces: one past is 400 naming the field, at the limit the field passes', async () => {
    const LIMITS: Array<{ route: string; field: string; in: 'query' | 'body'; keyword: 'maxLength' | 'minLength' | 'maximum' | 'minimum'; expected: number; path?: string }> = [
      { route: 'GET /api/orders/get-orders', field: 'search', in: 'query', keyword: 'maxLength', expected: 100 },
      { route: 'GET /api/order-delivery-messages', field: 'search', in: 'query', keyword: 'maxLength', expected: 100 },
      { route: 'GET /api/app-versions', field: 'search', in: 'query', keyword: 'maxLength', expected: 20 },
      { route: 'POST /api/orders', field: 'orderName', in: 'body', keyword: 'maxLength', expected: 60 },
      { route: 'POST /api/orders', field: 'orderName', in: 'body', keyword: 'minLength', expected: 3 },
      { route: 'POST /api/orders', field: 'takenImagesCount', in: 'body', keyword: 'maximum', expected: 100 },
      { route: 'POST /api/orders', field: 'takenImagesCount', in: 'body', keyword: 'minimum', expected: 1 },
    ];
    const schemaOf = (route: string, where: 'query' | 'body', field: string): JsonObject => {
      const op = operation(route).op;
      if (where === 'query') return op.parameters?.find((p) => p.in === 'query' && p.name === field)?.schema ?? {};
      const ref = (op.requestBody?.content['application/json']?.schema as { $ref: string }).$ref;
      const body = doc.components.schemas[ref.split('/').pop()!] as { properties: Record<string, JsonObject> };
      return body.properties[field] ?? {};
    };
    const valueAt = (keyword: string, limit: number, past: boolean): string | number => {
      const n = keyword === 'maxLength' || keyword === 'maximum' ? limit + (past ? 1 : 0) : limit - (past ? 1 : 0);
      return keyword.endsWith('Length') ? 'x'.repeat(n) : n;
    };
    const seen: string[] = [];
    for (const row of LIMITS) {
      const limit = schemaOf(row.route, row.in, row.field)[row.keyword];
      seen.push(`${row.route} ${row.field} ${row.keyword} ${String(limit)}`);
      const send = async (value: string | number) => {
        const [method, path] = row.route.split(' ');
        const req = ctx.sessions.admin[method === 'GET' ? 'get' : 'post'](path);
        const res = row.in === 'query' ? await req.query({ [row.field]: value }) : await req.send({ [row.field]: value });
        return { status: res.status, message: String(res.body?.message ?? '') };
      };
      const past = await send(valueAt(row.keyword, row.expected, true));
      const at = await send(valueAt(row.keyword, row.expected, false));
      // one past the limit is refused with a sentence the value at the limit does not get (a
      // body's other fields are missing in both: their sentences are the same)
      const pastOnly = past.message.split('; ').filter((m) => !at.message.split('; ').includes(m));
      const which = `${row.route} ${row.field} ${row.keyword}`;
      expect({ which, status: past.status, refusedForTheLimit: pastOnly.length > 0 }).toEqual({ which, status: 400, refusedForTheLimit: true });
      if (row.in === 'query') expect({ which, status: at.status }).not.toEqual({ which, status: 400 });
      else expect({ which, atOnly: at.message.split('; ').filter((m) => !past.message.split('; ').includes(m)) }).toEqual({ which, atOnly: [] });
    }
    expect(seen).toEqual(LIMITS.map((r) => `${r.route} ${r.field} ${r.keyword} ${r.expected}`));
  });

  it('valid requests: every success answer matches its documented schema', async () => {
    const problems: string[] = [];
    const checked = new Set<string>();
    const record = (route: string, who: string, req: FuzzRequest, answer: Answer, found: string[]) => {
      if (answer.status >= 200 && answer.status < 300) checked.add(route);
      collectIds(answer.body);
      for (const p of found) problems.push(`${route} as ${who}: ${p}\n    request: ${describeRequest(req)}`);
    };
    for (const route of MATRIX) {
      const [method] = route.route.split(' ');
      for (const who of WHO) {
        for (const tenant of ['own', 'other'] as const) {
          const expected = expectedFor(route.expect[who], tenant);
          if (expected < 200 || expected >= 300) continue;
          const spec = await route.request(ctx, who, tenant);
          const session = spec.session ?? (who === 'anonymous' ? undefined : ctx.sessions[who]);
          const req = specRequest(method, spec);
          const { answer, problems: found } = await sendAndCheck(route.route, req, session?.accessToken);
          record(route.route, who, req, answer, found);
        }
      }
    }

    // the successes the matrix does not reach: sign-in with real credentials, codes and tokens; uploads with real files
    const call = async (route: string, body: object, path = route.split(' ')[1], session?: UserSession) => {
      const req = specRequest('POST', { path, body });
      const { answer, problems: found } = await sendAndCheck(route, req, session?.accessToken);
      record(route, session ? 'admin' : 'anonymous', req, answer, found);
      return answer.body as Record<string, string>;
    };
    const admin = ctx.sessions.admin;
    const guide = await admin.post('/api/style-guides').send({ name: 'Fuzz pictures', outputWidth: 640, outputHeight: 480, maxImageSize: 200_000, frameFreeRouting: 'bypass' });
    const order = await createOrder(stack, { accountId: ctx.accounts.dealer.id, styleGuideId: guide.body.id, takenImagesCount: 2, status: 'Uploading' });
    const photo = await testJpeg(640, 480);
    const { imageId } = await postOrderImage(admin, order.id, 1, photo, { width: 640, height: 480 });
    await call('POST /api/images/upload-complete', { imageId }, undefined, admin);
    await waitFor(async () => (await admin.get(`/api/images/data/${imageId}`)).body.optimisationStatus === 'completed', 'the picture processed', 60_000, 200);
    const replace = await admin.post(`/api/images/replace-image/${imageId}`).send({ fileSize: photo.length, width: 640, height: 480 });
    await postToPresigned(replace.body.url, JSON.parse(replace.body.fields), photo, 'image/jpeg');
    await call('POST /api/images/replace-image/{id}/complete', {}, `/api/images/replace-image/${imageId}/complete`, admin);
    const mp4 = await testMp4(1);
    const video = await admin.post('/api/videos/get-signed-url-for-upload').send({ order: order.id, fileSize: mp4.length, contentType: 'video/mp4' });
    await postToPresigned(video.body.url, JSON.parse(video.body.fields), mp4, 'video/mp4');
    await call('POST /api/videos/upload-complete', { videoId: video.body.videoId }, undefined, admin);
    const panorama = await testJpeg(2048, 1024);
    const spin = await signMedia360(admin, order.id, 'interior360', [panorama]);
    await postMedia360Frame(spin, 0, panorama);
    await call('POST /api/media360/upload-complete', { media360Id: spin.media360Id }, undefined, admin);

    const qa = await call('POST /api/auth/login', { email: ctx.accounts.qa.email, password: TEST_PASSWORD });
    await call('POST /api/auth/refresh', { refreshToken: qa.refreshToken });
    const temporary = await createAccount(stack, { role: 'Dealership', temporary: true, email: `fuzz-tmp-${ctx.unique()}@example.test` });
    const challenge = await call('POST /api/auth/login', { email: temporary.email, password: temporary.password });
    await call('POST /api/auth/new-password', { session: challenge.session, newPassword: 'Fuzz-New-Pass-2026!' });
    await call('POST /api/auth/forgot-password', { email: temporary.email });
    const code = verificationCodeIn((await mailsTo(stack, temporary.email))[0].text);
    await call('POST /api/auth/confirm-forgot-password', { email: temporary.email, code, newPassword: 'Fuzz-Other-Pass-2026!' });

    expect(problems).toEqual([]);
    // every operation had at least one success answer checked: a route the matrix cannot make succeed is made to here
    const unchecked = operationsOf(doc).map(routeName).filter((r) => !checked.has(r));
    expect(unchecked).toEqual([]);
    expect(SUCCESS_MADE_HERE.filter((r) => !checked.has(r))).toEqual([]);
  }, 300_000);

  /** A valid request to start from (the admin's own-tenant one of the matrix), and the session it needs. */
  async function baseOf(operation: Operation): Promise<{ base: BaseRequest; ownSession: boolean; headers?: Record<string, string> }> {
    const route = MATRIX.find((r) => r.route === routeName(operation));
    if (!route) return { base: { pathParams: {}, query: {} }, ownSession: false };
    const spec = await route.request(ctx, 'admin', 'own');
    return { base: baseFromUrl(operation.path, spec.path, spec.body), ownSession: spec.session !== undefined, headers: spec.headers };
  }

  async function fuzz(operation: Operation): Promise<string[]> {
    const route = routeName(operation);
    // the headers of the valid request (the robot API's key) go with every case but a broken sign-in, which replaces them
    const { base, ownSession, headers } = await baseOf(operation);
    const failures: string[] = [];
    for (const who of WHO) {
      if (ONLY_ROLE && who !== ONLY_ROLE) continue;
      // a route that ends its caller's session (logout) gets a session of its own per role
      const session = who === 'anonymous' ? undefined : ownSession ? await ctx.freshSession(who) : ctx.sessions[who];
      for (let n = 0; n < CASES; n++) {
        if (ONLY_CASE !== undefined && n !== ONLY_CASE) continue;
        const req = badRequest(SeededRandom.forCase(SEED, route, who, n), doc, operation, base, [...ids]);
        if (headers && !req.brokenSignIn) req.headers = { ...headers, ...req.headers };
        const { answer, problems } = await sendAndCheck(route, req, session?.accessToken);
        if (req.brokenSignIn && operation.op.security?.length && answer.status !== 401) {
          problems.push(`answered ${answer.status} to a broken sign-in, not 401`);
        }
        for (const p of problems) {
          failures.push(
            `${route} as ${who}, case ${n} (${req.label}): ${p}\n` +
              `    replay: FUZZ_SEED=${SEED} FUZZ_ROUTE='${route}' FUZZ_ROLE=${who} FUZZ_CASE=${n}\n` +
              `    request: ${describeRequest(req)}`,
          );
        }
        if (answer.status < 300) collectIds(answer.body);
      }
    }
    await restoreSessions();
    return failures;
  }

  const operation = (route: string): Operation => {
    const found = operationsOf(doc).find((o) => routeName(o) === route);
    if (!found) throw new Error(`${route} is not in the OpenAPI document`);
    return found;
  };

  for (const route of MATRIX.map((r) => r.route)) {
    const skip = ONLY_ROUTE !== undefined && ONLY_ROUTE !== route;
    (skip ? it.skip : it)(`bad input: ${route}`, async () => {
      expect(await fuzz(operation(route))).toEqual([]);
    }, 120_000);
  }

  it('bad input: operations the authorization matrix does not list yet, from the document alone', async () => {
    const known = new Set(MATRIX.map((r) => r.route));
    const failures: string[] = [];
    for (const o of operationsOf(doc).filter((x) => !known.has(routeName(x)))) {
      if (ONLY_ROUTE === undefined || ONLY_ROUTE === routeName(o)) failures.push(...(await fuzz(o)));
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

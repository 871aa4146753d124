import { createAccount, createSalesPerson, signIn, startTestStack, type TestStack, type UserSession } from '../support';
import { expectedFor, WHO, type MatrixContext, type Tenant, type Who } from './matrix';
import { MATRIX } from './routes';

/**
 * Every permission a route or a service asks of a dealership or management account. The
 * dealership and management callers hold them all, so that an `other` cell (and management's
 * cells on its child's data) can only be refused by the ownership check, never by a missing
 * permission. What a missing permission does is tested beside each feature.
 */
const TENANT_PERMISSIONS = [
  'CREATE_ORDERS',
  'UPDATE_ORDERS',
  'DELETE_ORDERS',
  'CREATE_SALESMAN',
  'UPDATE_SALESMAN',
  'DELETE_SALESMAN',
  'READ_USER_INTEGRATIONS',
  'UPDATE_USER_INTEGRATIONS',
  'UPDATE_USER_INTEGRATION_CREDENTIALS',
  'READ_USER_STATISTICS',
];

describe('authorization matrix: every route x every role x own / other tenant', () => {
  let stack: TestStack;
  let ctx: MatrixContext;
  let counter = 0;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'authz' });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: TENANT_PERMISSIONS });
    const dealer2 = await createAccount(stack, { role: 'Dealership', permissions: TENANT_PERMISSIONS });
    const accounts = {
      admin: await createAccount(stack, { role: 'Admin' }),
      qa: await createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR', 'QA_COORDINATOR'], permissions: ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST', 'READ_ADMIN_STATISTICS'] }),
      dealer,
      dealer2,
      manager: await createAccount(stack, { role: 'Management', permissions: TENANT_PERMISSIONS, children: [dealer.id] }),
    };
    const salesLogin = await createSalesPerson(stack, dealer.id, { login: true });
    const sessionOf = async (who: Exclude<Who, 'anonymous'>): Promise<UserSession> =>
      signIn(stack, who === 'sales' ? salesLogin.email : accounts[who].email);
    const sessions = {
      admin: await sessionOf('admin'),
      qa: await sessionOf('qa'),
      dealer: await sessionOf('dealer'),
      sales: await sessionOf('sales'),
      manager: await sessionOf('manager'),
    };
    ctx = {
      stack,
      sessions,
      accounts,
      // management's own account is itself; everyone else's is the dealership (admin and QA reach it anyway)
      ownAccount: (who) => (who === 'manager' ? accounts.manager : accounts.dealer),
      freshSession: sessionOf,
      unique: () => `${Date.now().toString(36)}-${++counter}`,
    };
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('lists every gateway route, and only existing ones', async () => {
    const doc = await stack.http().get('/api/docs/openapi.json').expect(200);
    const routes = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const inMatrix = MATRIX.map((r) => r.route);
    expect(routes.filter((r) => !inMatrix.includes(r)).sort()).toEqual([]);
    expect(inMatrix.filter((r) => !routes.includes(r)).sort()).toEqual([]);
    expect(new Set(inMatrix).size).toBe(inMatrix.length);
  });

  for (const route of MATRIX) {
    it(route.route, async () => {
      const [method] = route.route.split(' ');
      const mismatches: string[] = [];
      for (const who of WHO) {
        for (const tenant of ['own', 'other'] as Tenant[]) {
          const spec = await route.request(ctx, who, tenant);
          const session = spec.session ?? (who === 'anonymous' ? undefined : ctx.sessions[who]);
          const call = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
          let req = session ? session[call](spec.path) : stack.http()[call](spec.path);
          if (spec.headers) req = req.set(spec.headers);
          if (spec.body) req = req.send(spec.body);
          const res = await req;
          const expected = expectedFor(route.expect[who], tenant);
          if (res.status !== expected) {
            mismatches.push(`${who}/${tenant}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

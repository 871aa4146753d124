import { createAccount, createSalesPerson, signIn, TEST_PASSWORD } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';

const target = (ctx: MatrixContext, who: Who, tenant: Tenant) => (tenant === 'own' ? ctx.ownAccount(who) : ctx.accounts.dealer2);
/** the dealership whose people and integrations count as `own` (management: its child) */
const dealership = (ctx: MatrixContext, tenant: Tenant) => (tenant === 'own' ? ctx.accounts.dealer : ctx.accounts.dealer2);

const accountBody = (ctx: MatrixContext) => ({
  email: `new-${ctx.unique()}@example.test`,
  displayName: 'Matrix Motors',
  address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK12345678' },
  contactPerson: { name: 'Matrix Contact', email: 'contact@example.test', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
});

async function salesPersonOf(ctx: MatrixContext, tenant: Tenant, opts: { login?: boolean; temporary?: boolean } = {}) {
  return createSalesPerson(ctx.stack, dealership(ctx, tenant).id, { email: `sp-${ctx.unique()}@example.test`, ...opts });
}

const providerIndex = new Map<string, number>();
/** a provider the account does not have yet (each cell adds at most one; the delivery matrix takes one of the dealer's too) */
export function nextProvider(userId: string): string {
  const i = providerIndex.get(userId) ?? 0;
  providerIndex.set(userId, i + 1);
  if (i >= PROVIDERS.length) throw new Error('the matrix used up the providers of one account');
  return PROVIDERS[i];
}
const PROVIDERS = [
  'DMS_REST_API', 'DMS_SOAP_API', 'INVENTORY_SYNC_API', 'WEBHOOK_API', 'PRODUCT_API', 'GENERIC_FTP', 'DEALER_FTP', 'PORTAL_FTP',
  'FTPS', 'AD_PORTAL_NORDIC', 'AD_PORTAL_EU', 'AD_PORTAL_MOBILE', 'MARKETPLACE_FEED', 'LEASING_PORTAL', 'AZURE_BLOB', 'S3_BUCKET',
  'SHAREPOINT', 'DELIVERY_ROBOT', 'CUSTOM_ROBOT',
];

/** An integration on a fresh account owned like the tenant says (so each cell has its own). */
async function integrationOf(ctx: MatrixContext, tenant: Tenant): Promise<string> {
  const res = await ctx.sessions.admin
    .post('/api/remote-integration')
    .send({ provider: nextProvider(dealership(ctx, tenant).id), isActive: true, userId: dealership(ctx, tenant).id })
    .expect(201);
  return res.body.id as string;
}

const testedIntegration: Partial<Record<Tenant, Promise<string>>> = {};
const updatedIntegration: Partial<Record<Tenant, Promise<string>>> = {};

/** A management account with no children yet, for setting child accounts. */
async function managementAccount(ctx: MatrixContext) {
  return createAccount(ctx.stack, { role: 'Management', email: `mgmt-${ctx.unique()}@example.test` });
}

let versionCounter = 0;
let settingCounter = 0;
let versionId: Promise<string> | null = null;
let bannerId: Promise<string> | null = null;

function aVersion(ctx: MatrixContext): Promise<string> {
  versionId ??= ctx.sessions.admin
    .post('/api/app-versions')
    .send({ versionString: '0.0.1' })
    .expect(201)
    .then((res) => res.body.id as string);
  return versionId;
}

function aBanner(ctx: MatrixContext): Promise<string> {
  bannerId ??= ctx.sessions.admin
    .post('/api/banner')
    .send({ message: 'Matrix banner', isActive: true })
    .expect(201)
    .then((res) => res.body.id as string);
  return bannerId;
}

const PUBLIC = (status: number) => ({ anonymous: status, admin: status, qa: status, dealer: status, sales: status, manager: status });
const SIGNED_IN = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: status, sales: status, manager: status });
const ADMIN_ONLY = (status: number) => ({ anonymous: 401, admin: status, qa: 403, dealer: 403, sales: 403, manager: 403 });
/** readable by whoever can see the account: admin and QA everything, the others their own */
const READ_SCOPED = { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] } as const;

export const USER_ROUTES: RouteCase[] = [
  // health: public
  { route: 'GET /api/health', request: () => ({ path: '/api/health' }), expect: PUBLIC(200) },
  { route: 'GET /api/health/live', request: () => ({ path: '/api/health/live' }), expect: PUBLIC(200) },
  // health of one service: public up or down; its instance id and uptime only for staff (test/hardening/sign-in-limits)
  { route: 'GET /api/health/services/{service}', request: () => ({ path: '/api/health/services/users' }), expect: PUBLIC(200) },

  // sign-in: public; the answer depends on the input, never on who asks
  {
    route: 'POST /api/auth/login',
    // a new e-mail each time: repeated failures for one e-mail are throttled (429)
    request: (ctx) => ({ path: '/api/auth/login', body: { email: `nobody-${ctx.unique()}@example.test`, password: 'Wrong-Pass-1!' } }),
    expect: PUBLIC(401),
  },
  {
    route: 'POST /api/auth/new-password',
    request: () => ({ path: '/api/auth/new-password', body: { session: 'x'.repeat(43), newPassword: 'Brand-New-Pass-42!' } }),
    expect: PUBLIC(401),
  },
  {
    route: 'POST /api/auth/forgot-password',
    request: (ctx) => ({ path: '/api/auth/forgot-password', body: { email: `nobody-${ctx.unique()}@example.test` } }),
    expect: PUBLIC(200),
  },
  {
    route: 'POST /api/auth/confirm-forgot-password',
    request: () => ({ path: '/api/auth/confirm-forgot-password', body: { email: 'nobody@example.test', code: '123456', newPassword: 'Brand-New-Pass-42!' } }),
    expect: PUBLIC(400),
  },
  { route: 'POST /api/auth/refresh', request: () => ({ path: '/api/auth/refresh', body: { refreshToken: 'y'.repeat(43) } }), expect: PUBLIC(401) },
  {
    route: 'POST /api/auth/logout',
    request: async (ctx, who) => ({ path: '/api/auth/logout', session: who === 'anonymous' ? undefined : await ctx.freshSession(who) }),
    expect: SIGNED_IN(200),
  },
  { route: 'GET /api/me', request: () => ({ path: '/api/me' }), expect: SIGNED_IN(200) },

  // accounts
  { route: 'GET /api/users', request: () => ({ path: '/api/users?page=1' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/users/customers',
    request: () => ({ path: '/api/users/customers?page=1' }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: 403, sales: 403, manager: 403 },
  },
  {
    route: 'GET /api/users/{id}',
    request: (ctx, who, tenant) => ({ path: `/api/users/${target(ctx, who, tenant).id}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'PUT /api/users/{id}',
    request: (ctx, who, tenant) => ({ path: `/api/users/${target(ctx, who, tenant).id}`, body: { language: 'en' } }),
    // QA edits dealerships' customer forms; a sales person never edits the account
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [403, 404], manager: [200, 404] },
  },
  {
    route: 'POST /api/users/createAccountWithoutCognito',
    request: (ctx) => ({ path: '/api/users/createAccountWithoutCognito', body: accountBody(ctx) }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: 'POST /api/users/resend-temporary-password',
    request: async (ctx) => {
      const fresh = await createAccount(ctx.stack, { role: 'Dealership', temporary: true, email: `tmp-${ctx.unique()}@example.test` });
      return { path: '/api/users/resend-temporary-password', body: { email: fresh.email } };
    },
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'POST /api/users/delete-user-account',
    request: async (ctx) => {
      const victim = await createAccount(ctx.stack, { role: 'Dealership', email: `victim-${ctx.unique()}@example.test` });
      const view = await ctx.sessions.admin.get(`/api/users/${victim.id}`).expect(200);
      return { path: '/api/users/delete-user-account', body: { userId: victim.id, hash: view.body.deleteConfirmationHash } };
    },
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'PUT /api/users/childAccounts/{id}',
    request: async (ctx, _who, tenant) => {
      const mgmt = await managementAccount(ctx);
      return { path: `/api/users/childAccounts/${mgmt.id}`, body: { childAccounts: [dealership(ctx, tenant).id] } };
    },
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'GET /api/users/childAccounts/{userId}/{page}',
    request: (ctx, who, tenant) => ({ path: `/api/users/childAccounts/${target(ctx, who, tenant).id}/1` }),
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/users/get-child-accounts-data-by-user-id/{id}',
    request: (ctx, who, tenant) => ({ path: `/api/users/get-child-accounts-data-by-user-id/${target(ctx, who, tenant).id}` }),
    expect: READ_SCOPED,
  },

  // permissions
  { route: 'GET /api/permissions', request: () => ({ path: '/api/permissions' }), expect: ADMIN_ONLY(200) },
  {
    route: 'GET /api/permissions/get-permissions-for-user-by-user-id/{id}',
    request: (ctx, who, tenant) => ({ path: `/api/permissions/get-permissions-for-user-by-user-id/${target(ctx, who, tenant).id}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'PUT /api/permissions/user/{id}',
    request: async (ctx) => {
      const fresh = await createAccount(ctx.stack, { role: 'Dealership', email: `perm-${ctx.unique()}@example.test` });
      return { path: `/api/permissions/user/${fresh.id}`, body: { permissions: [] } };
    },
    expect: ADMIN_ONLY(200),
  },

  // sales people
  {
    route: 'GET /api/salesman/user/{id}/all',
    request: (ctx, _who, tenant) => ({ path: `/api/salesman/user/${dealership(ctx, tenant).id}/all` }),
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/salesman/user/{id}',
    request: (ctx, _who, tenant) => ({ path: `/api/salesman/user/${dealership(ctx, tenant).id}?page=1` }),
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/salesman/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/salesman/${(await salesPersonOf(ctx, tenant)).id}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'POST /api/salesman',
    request: (ctx, _who, tenant) => ({
      path: '/api/salesman',
      body: { userId: dealership(ctx, tenant).id, salesMan: [{ name: 'Matrix Seller', email: `seller-${ctx.unique()}@example.test`, phone: '+45 12 12 12 12' }] },
    }),
    expect: { anonymous: 401, admin: 201, qa: 403, dealer: [201, 404], sales: 403, manager: 403 },
  },
  {
    route: 'PUT /api/salesman/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/salesman/${(await salesPersonOf(ctx, tenant)).id}`, body: { phone: '+45 99 88 77 66' } }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: 403, manager: 403 },
  },
  {
    route: 'DELETE /api/salesman/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/salesman/${(await salesPersonOf(ctx, tenant)).id}` }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: 403, manager: 403 },
  },
  {
    route: 'PUT /api/salesman/{id}/activate',
    request: async (ctx, _who, tenant) => ({ path: `/api/salesman/${(await salesPersonOf(ctx, tenant)).id}/activate` }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'PUT /api/salesman/{id}/resend-password',
    request: async (ctx, _who, tenant) => ({
      path: `/api/salesman/${(await salesPersonOf(ctx, tenant, { login: true, temporary: true })).id}/resend-password`,
    }),
    expect: ADMIN_ONLY(200),
  },

  // app settings: every signed-in user reads them (the web app's footer), the admin changes them
  { route: 'GET /api/appSettings', request: () => ({ path: '/api/appSettings' }), expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/appSettings/{name}',
    request: () => ({ path: '/api/appSettings/CONTACT_EMAIL', body: { value: 'support@example.test' } }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'POST /api/appSettings',
    request: () => ({ path: '/api/appSettings', body: { name: `MATRIX_SETTING_${++settingCounter}`, value: '1, 2', valueType: 'number', category: 'DEFAULT_ZOOM', settingType: 'MULTI_VALUE' } }),
    expect: ADMIN_ONLY(201),
  },

  // app versions: public (the capture app checks them before anyone signs in), kept by the admin
  { route: 'GET /api/app-versions', request: () => ({ path: '/api/app-versions' }), expect: PUBLIC(200) },
  { route: 'GET /api/app-versions/{id}', request: async (ctx) => ({ path: `/api/app-versions/${await aVersion(ctx)}` }), expect: PUBLIC(200) },
  {
    route: 'POST /api/app-versions',
    request: () => ({ path: '/api/app-versions', body: { versionString: `3.0.${++versionCounter}` } }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: 'PUT /api/app-versions/{id}',
    request: async (ctx) => ({ path: `/api/app-versions/${await aVersion(ctx)}`, body: { needsDatabaseDeleteOnMobile: true } }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'DELETE /api/app-versions/{id}',
    request: async (ctx) => {
      const res = await ctx.sessions.admin.post('/api/app-versions').send({ versionString: `4.0.${++versionCounter}` }).expect(201);
      return { path: `/api/app-versions/${res.body.id}` };
    },
    expect: ADMIN_ONLY(200),
  },

  // banners: every signed-in user reads them, the admin keeps them
  { route: 'GET /api/banner', request: () => ({ path: '/api/banner' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/banner/by-id/{id}', request: async (ctx) => ({ path: `/api/banner/by-id/${await aBanner(ctx)}` }), expect: SIGNED_IN(200) },
  { route: 'POST /api/banner', request: () => ({ path: '/api/banner', body: { message: 'New banner' } }), expect: ADMIN_ONLY(201) },
  { route: 'PUT /api/banner/{id}', request: async (ctx) => ({ path: `/api/banner/${await aBanner(ctx)}`, body: { isActive: true } }), expect: ADMIN_ONLY(200) },

  // remote integrations
  { route: 'GET /api/remote-integration/providers', request: () => ({ path: '/api/remote-integration/providers' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/remote-integration/user/{userId}',
    request: (ctx, _who, tenant) => ({ path: `/api/remote-integration/user/${dealership(ctx, tenant).id}` }),
    // QA has no integrations tab; management reads its child's integrations
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
  {
    route: 'POST /api/remote-integration',
    request: async (ctx, _who, tenant) => {
      const fresh = await createAccount(ctx.stack, { role: 'Dealership', email: `int-${ctx.unique()}@example.test` });
      // own: the dealer itself (a new provider each time); other: a fresh foreign account
      const userId = tenant === 'own' ? ctx.accounts.dealer.id : fresh.id;
      return { path: '/api/remote-integration', body: { provider: nextProvider(userId), isActive: true, userId } };
    },
    expect: { anonymous: 401, admin: 201, qa: 403, dealer: [201, 404], sales: 403, manager: 403 },
  },
  {
    route: 'PUT /api/remote-integration/{id}',
    // the same change every time: one integration per tenant serves every cell
    request: async (ctx, _who, tenant) => ({
      path: `/api/remote-integration/${await (updatedIntegration[tenant] ??= integrationOf(ctx, tenant))}`,
      body: {
        isActive: false,
        outputRules: { positions: [2, 1], maxFiles: 10, width: 1600, height: null, format: 'webp', quality: 80, fileNamePattern: '{orderName}-{index}', logo: false, editedLabel: true },
      },
    }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: 403, manager: 403 },
  },
  {
    route: 'POST /api/remote-integration/{id}/test-connection',
    // an integration without settings answers at once what is missing; who may change it may test it.
    // Testing changes nothing, so one integration per tenant serves every cell.
    request: async (ctx, _who, tenant) => {
      testedIntegration[tenant] ??= integrationOf(ctx, tenant);
      return { path: `/api/remote-integration/${await testedIntegration[tenant]}/test-connection` };
    },
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: 403, manager: 403 },
  },
  {
    route: 'DELETE /api/remote-integration/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/remote-integration/${await integrationOf(ctx, tenant)}` }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: 403, manager: 403 },
  },
];

export { signIn, TEST_PASSWORD };

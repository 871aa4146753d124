import type { MatrixContext, RouteCase, Tenant } from './matrix';

/** the dealership that counts as `own` (for management: its child account) */
const dealership = (ctx: MatrixContext, tenant: Tenant) => (tenant === 'own' ? ctx.accounts.dealer : ctx.accounts.dealer2);

export const DASHBOARD_ROUTES: RouteCase[] = [
  {
    // readable by whoever may read the account: admin and QA every account, the dealership
    // (and its sales person) itself, management its child; another tenant's account is 404
    route: 'GET /api/dashboard/userStatistics/{id}',
    request: (ctx, _who, tenant) => ({ path: `/api/dashboard/userStatistics/${dealership(ctx, tenant).id}` }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
  {
    // the QA dashboards' numbers: admin and QA only
    route: 'GET /api/dashboard/rejection-reasons',
    request: () => ({ path: '/api/dashboard/rejection-reasons' }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: 403, sales: 403, manager: 403 },
  },
];

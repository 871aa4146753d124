import { lastStatisticsMonth } from '@app/contracts';
import type { Expected, MatrixContext, RouteCase, Tenant, Who } from './matrix';

/** the dealership that counts as `own` (for management: its child account) */
const dealership = (ctx: MatrixContext, tenant: Tenant) => (tenant === 'own' ? ctx.accounts.dealer : ctx.accounts.dealer2);
/** the account whose child accounts are asked about: management's own is itself; another tenant is a dealership outside its reach */
const parent = (ctx: MatrixContext, who: Who, tenant: Tenant) => (tenant === 'own' ? ctx.ownAccount(who) : ctx.accounts.dealer2);

/**
 * An account's dashboards: the dealership (and its sales person) and management with
 * READ_USER_STATISTICS (the callers here hold it), the admin any account; QA none. Another
 * tenant's account is 404 from the statistics service.
 */
const ACCOUNT: Record<Who, Expected> = { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: [200, 404], manager: [200, 404] };
/** about a management account's child accounts: management and the admin only */
const CHILD_ACCOUNTS: Record<Who, Expected> = { anonymous: 401, admin: 200, qa: 403, dealer: 403, sales: 403, manager: [200, 404] };
/** the admin dashboard */
const ADMIN: Record<Who, Expected> = { anonymous: 401, admin: 200, qa: 403, dealer: 403, sales: 403, manager: 403 };
/** its QA section: QA too, holding READ_ADMIN_STATISTICS (the QA caller here holds it) */
const QA_SECTION: Record<Who, Expected> = { ...ADMIN, qa: 200 };

const WINDOW = 'timePeriod=month&timeFrame=current';

/** a route of the admin dashboard and its valid query (made when the request is built: a month stays "last month") */
const adminRoute = (path: string, query: string | (() => string), expect: Record<Who, Expected> = ADMIN): RouteCase => ({
  route: `GET /api/dashboard/${path}`,
  request: () => ({ path: `/api/dashboard/${path}?${typeof query === 'string' ? query : query()}` }),
  expect,
});

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
  {
    route: 'GET /api/dashboard/getDealershipOrderStatistics/{id}',
    request: (ctx, _who, tenant) => ({ path: `/api/dashboard/getDealershipOrderStatistics/${dealership(ctx, tenant).id}?${WINDOW}` }),
    expect: ACCOUNT,
  },
  {
    route: 'GET /api/dashboard/getOrdersPerSalesMan/{id}',
    request: (ctx, _who, tenant) => ({ path: `/api/dashboard/getOrdersPerSalesMan/${dealership(ctx, tenant).id}?timePeriod=year&timeFrame=last` }),
    expect: ACCOUNT,
  },
  {
    route: 'GET /api/dashboard/get-orders-by-dealership/{id}',
    request: (ctx, who, tenant) => ({ path: `/api/dashboard/get-orders-by-dealership/${parent(ctx, who, tenant).id}?timePeriod=month&timeFrame=LAST_3_MONTHS` }),
    expect: CHILD_ACCOUNTS,
  },
  {
    route: 'GET /api/dashboard/get-amount-of-orders-per-styleguide-from-child-accounts/{userId}',
    request: (ctx, who, tenant) => ({
      path: `/api/dashboard/get-amount-of-orders-per-styleguide-from-child-accounts/${parent(ctx, who, tenant).id}?${WINDOW}`,
    }),
    expect: CHILD_ACCOUNTS,
  },
  {
    route: 'GET /api/dashboard/getQAActivitiesByTimePeriod',
    request: () => ({ path: `/api/dashboard/getQAActivitiesByTimePeriod?${WINDOW}&tagCategoryFromQA=QA_EDITOR` }),
    expect: QA_SECTION,
  },
  adminRoute('get-device-statistics', WINDOW),
  adminRoute('get-appVersion-statistics', WINDOW),
  adminRoute('getOrderStatisticsPerMonth', 'timePeriod=year&timeFrame=current'),
  adminRoute('getImageStatisticsPerMonthTotal', 'timePeriod=year&timeFrame=last'),
  adminRoute('get-order-timeline-data', 'timeLineStep=day'),
  adminRoute('get-average-images-per-car', WINDOW),
  adminRoute('get-total-orders-by-status', 'timePeriod=week&timeFrame=current'),
  adminRoute('get-inactive-users', 'timeFrame=14&page=1'),
  adminRoute('get-repushed-images-statistics', () => `timeStamp=${lastStatisticsMonth()}`, QA_SECTION),
  adminRoute('get-edited-images-statistics', 'timeStamp=2023-01', QA_SECTION),
  adminRoute('get-statistics-total-events-last-30-days', 'eventName=IMAGE_REPUSHED', QA_SECTION),
  adminRoute('get-amount-of-flawless-orders', WINDOW, QA_SECTION),
  adminRoute('get-qa-service-levels', 'weeks=12'),
];

import { lastStatisticsMonth, STATISTICS_MESSAGES, STATISTICS_TIME_FRAMES } from '@app/contracts';
import { createAccount, createSalesPerson, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

/**
 * The dashboard routes the statistics service answers, as the gateway guards and checks
 * them: who may call which, and what bad input is told. The statistics service is not
 * started here, so a request the gateway lets through is answered 503 by the missing
 * service; what it answers when running is the authorization matrix's and the service's own
 * tests' business.
 */

const UNAVAILABLE = { statusCode: 503, message: 'The statistics service is unavailable. Please try again shortly.' };
const NO_ROLE = { statusCode: 403, message: 'You do not have permission to do this.' };
const missing = (permission: string) => ({ statusCode: 403, message: `Missing permission ${permission}` });
const bad = (message: string) => ({ statusCode: 400, message });

/** routes about one account, `{id}` (the last two about a management account's child accounts) */
const ACCOUNT_ROUTES = ['getDealershipOrderStatistics', 'getOrdersPerSalesMan'];
const CHILD_ACCOUNT_ROUTES = ['get-orders-by-dealership', 'get-amount-of-orders-per-styleguide-from-child-accounts'];
/** the admin dashboard's routes, each with a valid query */
const ADMIN_ROUTES: Record<string, string> = {
  'get-device-statistics': 'timePeriod=month',
  'get-appVersion-statistics': 'timePeriod=week&timeFrame=last',
  'getOrderStatisticsPerMonth': 'timePeriod=year',
  'getImageStatisticsPerMonthTotal': 'timeFrame=LAST_QUARTER',
  'get-order-timeline-data': 'timeLineStep=week',
  'get-average-images-per-car': '',
  'get-total-orders-by-status': 'timePeriod=week',
  'get-inactive-users': 'timeFrame=30&page=2',
  'get-qa-service-levels': 'weeks=52',
};
const QA_ACTIVITIES = 'getQAActivitiesByTimePeriod';
/** the admin dashboard's QA section, which QA holding READ_ADMIN_STATISTICS sees too */
const QA_SECTION_ROUTES: Record<string, string> = {
  [QA_ACTIVITIES]: 'tagCategoryFromQA=QA_COORDINATOR',
  'get-repushed-images-statistics': 'timeStamp=2023-01',
  'get-edited-images-statistics': '',
  'get-statistics-total-events-last-30-days': 'eventName=DELIVERED',
  'get-amount-of-flawless-orders': 'timePeriod=day&timeFrame=TODAY',
};

describe('the dashboard routes: who may ask, and what bad input is told', () => {
  let stack: TestStack;
  let dealer: TestAccount;
  let manager: TestAccount;
  let admin: UserSession;
  let qa: UserSession;
  let qaGranted: UserSession;
  let asDealer: UserSession;
  let asSales: UserSession;
  let asManager: UserSession;
  let dealerWithout: UserSession;
  let salesWithout: UserSession;
  let managerWithout: UserSession;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'dashboard_routes', services: ['users'] });
    dealer = await createAccount(stack, { role: 'Dealership', permissions: ['READ_USER_STATISTICS'] });
    manager = await createAccount(stack, { role: 'Management', permissions: ['READ_USER_STATISTICS'], children: [dealer.id] });
    // the same roles, without the permission (another dealership's sales person signs in as it)
    const plainDealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    const plainManager = await createAccount(stack, { role: 'Management', children: [plainDealer.id] });
    const sales = await createSalesPerson(stack, dealer.id, { login: true });
    const plainSales = await createSalesPerson(stack, plainDealer.id, { login: true });
    [admin, qa, qaGranted, asDealer, asSales, asManager, dealerWithout, salesWithout, managerWithout] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'], permissions: ['READ_QA_EDITOR_LIST'] }).then((a) => signIn(stack, a.email)),
      createAccount(stack, { role: 'QA', roleTags: ['QA_COORDINATOR'], permissions: ['READ_ADMIN_STATISTICS'] }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealer.email),
      signIn(stack, sales.email),
      signIn(stack, manager.email),
      signIn(stack, plainDealer.email),
      signIn(stack, plainSales.email),
      signIn(stack, plainManager.email),
    ]);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const url = (route: string, query = '') => `/api/dashboard/${route}${query ? `?${query}` : ''}`;
  const accountUrl = (route: string, id: string, query = '') => url(`${route}/${id}`, query);
  const every = () => [
    ...[...ACCOUNT_ROUTES, ...CHILD_ACCOUNT_ROUTES].map((r) => accountUrl(r, dealer.id)),
    ...Object.keys(ADMIN_ROUTES).map((r) => url(r)),
    ...Object.keys(QA_SECTION_ROUTES).map((r) => url(r)),
  ];

  describe('who may ask', () => {
    it('answers nobody signed in 401 on every route', async () => {
      for (const path of every()) {
        const res = await stack.http().get(path);
        expect([path, res.status]).toEqual([path, 401]);
      }
    });

    it("lets a dealership, its signed-in sales person and management holding READ_USER_STATISTICS ask about an account, and the admin", async () => {
      for (const route of ACCOUNT_ROUTES) {
        for (const session of [admin, asDealer, asSales, asManager]) {
          const res = await session.get(accountUrl(route, dealer.id, 'timePeriod=week&timeFrame=current'));
          expect([route, res.body]).toEqual([route, UNAVAILABLE]);
        }
      }
    });

    it('refuses an account of those roles without READ_USER_STATISTICS, and QA, whatever the account', async () => {
      for (const route of ACCOUNT_ROUTES) {
        for (const session of [dealerWithout, salesWithout, managerWithout]) {
          expect((await session.get(accountUrl(route, dealer.id)).expect(403)).body).toEqual(missing('READ_USER_STATISTICS'));
        }
        for (const session of [qa, qaGranted]) {
          expect((await session.get(accountUrl(route, dealer.id)).expect(403)).body).toEqual(NO_ROLE);
        }
      }
    });

    it("keeps the child-account routes to management (with READ_USER_STATISTICS) and the admin", async () => {
      for (const route of CHILD_ACCOUNT_ROUTES) {
        for (const session of [admin, asManager]) {
          expect((await session.get(accountUrl(route, manager.id, 'timePeriod=month')).expect(503)).body).toEqual(UNAVAILABLE);
        }
        expect((await managerWithout.get(accountUrl(route, manager.id)).expect(403)).body).toEqual(missing('READ_USER_STATISTICS'));
        for (const session of [asDealer, asSales, qaGranted]) {
          expect((await session.get(accountUrl(route, manager.id)).expect(403)).body).toEqual(NO_ROLE);
        }
      }
    });

    it('keeps the admin dashboard to the admin: QA, dealership, sales person and management are refused even with both permissions', async () => {
      const both = await createAccount(stack, { role: 'Dealership', permissions: ['READ_ADMIN_STATISTICS', 'READ_USER_STATISTICS'] });
      const asBoth = await signIn(stack, both.email);
      for (const [route, query] of Object.entries(ADMIN_ROUTES)) {
        expect([route, (await admin.get(url(route, query))).body]).toEqual([route, UNAVAILABLE]);
        for (const session of [qaGranted, asDealer, asSales, asManager, asBoth]) {
          expect([route, (await session.get(url(route, query))).body]).toEqual([route, NO_ROLE]);
        }
      }
    });

    it("shows the QA section's numbers to the admin and to QA granted READ_ADMIN_STATISTICS, not to QA without it nor to the accounts", async () => {
      for (const [route, query] of Object.entries(QA_SECTION_ROUTES)) {
        for (const session of [admin, qaGranted]) {
          expect([route, (await session.get(url(route, query))).body]).toEqual([route, UNAVAILABLE]);
        }
        expect([route, (await qa.get(url(route, query))).body]).toEqual([route, missing('READ_ADMIN_STATISTICS')]);
        for (const session of [asDealer, asSales, asManager]) {
          expect([route, (await session.get(url(route, query))).body]).toEqual([route, NO_ROLE]);
        }
      }
    });

    it('refuses a caller without access before looking at the input: bad input from them is still 403', async () => {
      expect((await asDealer.get(url('get-repushed-images-statistics', 'timeStamp=2022-12')).expect(403)).body).toEqual(NO_ROLE);
      expect((await dealerWithout.get(accountUrl('getOrdersPerSalesMan', 'not-a-uuid')).expect(403)).body).toEqual(missing('READ_USER_STATISTICS'));
    });
  });

  describe('what bad input is told', () => {
    const periodMessage = 'timePeriod must be one of the following values: day, week, month, year';
    const frameMessage = `timeFrame must be one of the following values: ${STATISTICS_TIME_FRAMES.join(', ')}`;

    it('refuses an account id that is not a UUID, naming the parameter', async () => {
      for (const route of ACCOUNT_ROUTES) {
        expect((await asDealer.get(accountUrl(route, 'not-a-uuid')).expect(400)).body).toEqual(bad('id must be a UUID'));
      }
      expect((await asManager.get(accountUrl('get-orders-by-dealership', '123')).expect(400)).body).toEqual(bad('id must be a UUID'));
      expect((await asManager.get(accountUrl('get-amount-of-orders-per-styleguide-from-child-accounts', `${manager.id}x`)).expect(400)).body).toEqual(
        bad('userId must be a UUID'),
      );
    });

    it('takes the period and frame only from their lists, on every route that has them', async () => {
      const windowed = [
        ...ACCOUNT_ROUTES.map((r) => ({ session: asDealer, path: (q: string) => accountUrl(r, dealer.id, q) })),
        ...CHILD_ACCOUNT_ROUTES.map((r) => ({ session: asManager, path: (q: string) => accountUrl(r, manager.id, q) })),
        ...[
          'get-device-statistics',
          'get-appVersion-statistics',
          'getOrderStatisticsPerMonth',
          'getImageStatisticsPerMonthTotal',
          'get-average-images-per-car',
          'get-total-orders-by-status',
          'get-amount-of-flawless-orders',
          QA_ACTIVITIES,
        ].map((r) => ({ session: admin, path: (q: string) => url(r, q) })),
      ];
      for (const { session, path } of windowed) {
        for (const [query, message] of [
          ['timePeriod=hour', periodMessage],
          ['timePeriod=Week', periodMessage],
          ['timePeriod=', periodMessage],
          ['timeFrame=next', frameMessage],
          ['timeFrame=last_year', frameMessage],
        ]) {
          expect([path(query), (await session.get(path(query))).body]).toEqual([path(query), bad(message)]);
        }
        // the same parameter twice is not one of the list either
        expect((await session.get(path('timePeriod=day&timePeriod=week')).expect(400)).body).toEqual(bad(periodMessage));
      }
    });

    it("takes the QA activities' tag category, the timeline's step and the event name only from their lists", async () => {
      expect((await admin.get(url(QA_ACTIVITIES, 'tagCategoryFromQA=IMAGE_ERROR')).expect(400)).body).toEqual(
        bad('tagCategoryFromQA must be one of the following values: QA_EDITOR, QA_COORDINATOR'),
      );
      expect((await admin.get(url('get-order-timeline-data', 'timeLineStep=month')).expect(400)).body).toEqual(
        bad('timeLineStep must be one of the following values: day, week'),
      );
      expect((await admin.get(url('get-statistics-total-events-last-30-days', 'eventName=image_repushed')).expect(400)).body).toEqual(
        bad(
          'eventName must be one of the following values: IMAGE_REPUSHED, IMAGE_DECLINED, IMAGE_APPROVED, QA_UPLOADED_PICTURE, RE_EDIT_REQUESTED, DELIVERED, DOWNLOADED',
        ),
      );
    });

    it('takes a month from 2023-01 to last month for the ratio charts, and says so otherwise', async () => {
      const [year, month] = lastStatisticsMonth().split('-').map(Number);
      const thisMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
      for (const route of ['get-repushed-images-statistics', 'get-edited-images-statistics']) {
        for (const timeStamp of ['2022-12', '2023-13', '2023-00', '2023-1', '2023-01-15', thisMonth, '9999-01', 'last']) {
          const res = await admin.get(url(route, `timeStamp=${timeStamp}`));
          expect([route, timeStamp, res.body]).toEqual([route, timeStamp, bad(STATISTICS_MESSAGES.badMonth)]);
        }
        for (const timeStamp of ['2023-01', lastStatisticsMonth()]) {
          expect((await admin.get(url(route, `timeStamp=${timeStamp}`)).expect(503)).body).toEqual(UNAVAILABLE);
        }
      }
    });

    it('takes 14, 20 or 30 days and a page from 1 for the inactive users', async () => {
      const inactive = (q: string) => admin.get(url('get-inactive-users', q));
      expect((await inactive('timeFrame=15').expect(400)).body).toEqual(bad('timeFrame must be one of the following values: 14, 20, 30'));
      expect((await inactive('timeFrame=current').expect(400)).body).toEqual(bad('timeFrame must be one of the following values: 14, 20, 30'));
      expect((await inactive('page=0').expect(400)).body).toEqual(bad('page must not be less than 1'));
      expect((await inactive('page=-1').expect(400)).body).toEqual(bad('page must not be less than 1'));
      expect((await inactive('page=1.5').expect(400)).body).toEqual(bad('page must be an integer number'));
      expect((await inactive('page=1000001').expect(400)).body).toEqual(bad('page must not be greater than 1000000'));
      expect((await inactive('page=two').expect(400)).body.message).toContain('page must be an integer number');
      expect((await inactive('timeFrame=20&page=1000000').expect(503)).body).toEqual(UNAVAILABLE);
    });

    it('takes 1 to 52 weeks of service levels', async () => {
      expect((await admin.get(url('get-qa-service-levels', 'weeks=0')).expect(400)).body).toEqual(bad('weeks must not be less than 1'));
      expect((await admin.get(url('get-qa-service-levels', 'weeks=53')).expect(400)).body).toEqual(bad('weeks must not be greater than 52'));
      expect((await admin.get(url('get-qa-service-levels', 'weeks=1')).expect(503)).body).toEqual(UNAVAILABLE);
    });

    it('refuses a parameter the route does not take: an account cannot be slipped in through the query', async () => {
      expect((await asDealer.get(accountUrl('getDealershipOrderStatistics', dealer.id, `accountId=${manager.id}`)).expect(400)).body).toEqual(
        bad('property accountId should not exist'),
      );
      expect((await admin.get(url('get-device-statistics', 'format=csv')).expect(400)).body).toEqual(bad('property format should not exist'));
      expect((await admin.get(url('get-order-timeline-data', 'timePeriod=week')).expect(400)).body).toEqual(bad('property timePeriod should not exist'));
    });
  });

  it('documents every route with its query lists and its answer, for the fuzz tier and generated clients', async () => {
    const doc = (await stack.http().get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; schema?: { enum?: unknown[]; pattern?: string } }>; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> } }>;
    };
    const op = (path: string) => doc.paths[`/api/dashboard/${path}`]?.get;
    const answer = (path: string) => op(path)?.responses['200']?.content?.['application/json']?.schema.$ref?.split('/').pop();
    const param = (path: string, name: string) => op(path)?.parameters?.find((p) => p.name === name);

    expect(answer('getDealershipOrderStatistics/{id}')).toBe('DealershipOrderStatisticsView');
    expect(answer('get-amount-of-orders-per-styleguide-from-child-accounts/{userId}')).toBe('OrdersPerStyleGuideView');
    expect(answer('get-repushed-images-statistics')).toBe('ImageRatioView');
    expect(answer('get-qa-service-levels')).toBe('QaServiceLevelsView');
    expect(param('getOrdersPerSalesMan/{id}', 'id')?.in).toBe('path');
    expect(param('get-device-statistics', 'timePeriod')?.schema?.enum).toEqual(['day', 'week', 'month', 'year']);
    expect(param('get-amount-of-flawless-orders', 'timeFrame')?.schema?.enum).toEqual([...STATISTICS_TIME_FRAMES]);
    expect(param(QA_ACTIVITIES, 'tagCategoryFromQA')?.schema?.enum).toEqual(['QA_EDITOR', 'QA_COORDINATOR']);
    expect(param('get-statistics-total-events-last-30-days', 'eventName')?.schema?.enum).toContain('IMAGE_REPUSHED');
    expect(param('get-inactive-users', 'timeFrame')?.schema?.enum).toEqual([14, 20, 30]);
    expect(param('get-edited-images-statistics', 'timeStamp')?.schema?.pattern).toBe('^\\d{4}-(0[1-9]|1[0-2])$');
  });
});

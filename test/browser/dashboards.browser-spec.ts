import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OrdersEvents, UsersEvents } from '@app/contracts';
import { waitFor } from '@app/testing';
import type { Locator, Page } from 'playwright-core';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  createStyleGuide,
  publishEvent,
  signIn,
  useBrowserStack,
  type TestAccount,
} from '../support';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NARROW = { width: 390, height: 844 };

/**
 * The dashboards in Debian's chromium against the whole product booted in-process. The fixture
 * is made through the product (accounts, sales people, style guides, orders through the API);
 * what is older than today (accounts made 60 days ago, two orders 40 days ago, an account last
 * seen 25 days ago) and QA's work on the orders are published onto the EVENTS stream as the
 * owning services publish them. The statistics service holds every fact before the first page
 * loads (the browser keeps an answer for the day). Then the admin, a manager, a dealership and QA each
 * open `/dashboard` and read the fixture's numbers on the cards, in the charts' CSV files and in
 * the inactive users' table; at 390 px no dashboard scrolls sideways. Last, a dealership makes an
 * order while its dashboard is open, and Refresh figures shows it at once.
 */
describe('dashboards in chromium', () => {
  const web = useBrowserStack('browser-dashboards');
  let adminAccount: TestAccount;
  let qa: TestAccount;
  let nordic: TestAccount;
  let budapest: TestAccount;
  let oldMotors: TestAccount;
  let manager: TestAccount;
  let studioId: string;
  let cleoId: string;
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  // the history of 40 days ago counts in "this year" unless the year began since
  const historyThisYear = new Date(now - 40 * DAY).getUTCFullYear() === new Date(now).getUTCFullYear();
  const history = historyThisYear ? 2 : 0;

  beforeAll(async () => {
    const permissions = ['READ_USER_STATISTICS', 'CREATE_ORDERS'];
    adminAccount = await createAccount(web.stack, { role: 'Admin', displayName: 'Ada Admin' });
    qa = await createAccount(web.stack, { role: 'QA', displayName: 'Edda Editor', roleTags: ['QA_EDITOR'], permissions: ['READ_ADMIN_STATISTICS'] });
    nordic = await createAccount(web.stack, { role: 'Dealership', displayName: 'Nordic Cars', permissions });
    budapest = await createAccount(web.stack, { role: 'Dealership', displayName: 'Budapest Motors', permissions });
    oldMotors = await createAccount(web.stack, { role: 'Dealership', displayName: 'Old Motors', permissions });
    manager = await createAccount(web.stack, { role: 'Management', displayName: 'North Group', children: [nordic.id, budapest.id], permissions: ['READ_USER_STATISTICS'] });
    const anna = await createSalesPerson(web.stack, nordic.id, { name: 'Anna Sales' });
    const bo = await createSalesPerson(web.stack, nordic.id, { name: 'Bo Sales' });
    const cleo = await createSalesPerson(web.stack, budapest.id, { name: 'Cleo Sales' });
    cleoId = cleo.id;
    const admin = await signIn(web.stack, adminAccount.email);
    const studio = await createStyleGuide(admin, { name: 'Studio white', assignTo: [nordic.id, budapest.id] });
    studioId = studio.id;
    const showroom = await createStyleGuide(admin, { name: 'Showroom', assignTo: [nordic.id] });

    // today, through the API: Nordic three orders (two by Anna, one by Bo), Budapest one
    const [asNordic, asBudapest] = [await signIn(web.stack, nordic.email), await signIn(web.stack, budapest.email)];
    const o1 = await createOrder(asNordic, { styleGuide: studio.id, salesMan: anna.id, takenImagesCount: 3 });
    await createOrder(asNordic, { styleGuide: showroom.id, salesMan: anna.id, takenImagesCount: 3 });
    await createOrder(asNordic, { styleGuide: studio.id, salesMan: bo.id, takenImagesCount: 3 });
    await createOrder(asBudapest, { styleGuide: studio.id, salesMan: cleo.id, takenImagesCount: 3 });

    // older history, as the services published it then
    for (const [a, name] of [
      [nordic, 'Nordic Cars'],
      [budapest, 'Budapest Motors'],
      [oldMotors, 'Old Motors'],
    ] as const) {
      await publishEvent(web.stack, UsersEvents.accountSaved, { userId: a.id, userRole: 'Dealership', displayName: name, email: a.email, createdAt: at(60 * DAY), at: at(60 * DAY) });
    }
    await publishEvent(web.stack, UsersEvents.signedIn, { userId: oldMotors.id, at: at(25 * DAY) });
    for (let i = 0; i < 2; i++) {
      await publishEvent(web.stack, OrdersEvents.created, {
        orderId: randomUUID(),
        accountId: nordic.id,
        styleGuideId: showroom.id,
        // made before the app asked for a sales person
        salesPersonId: null,
        platform: 'ios',
        appVersion: '3.2.0',
        takenImagesCount: 6,
        createdAt: at(40 * DAY + i * MINUTE),
      });
    }
    // QA's work on o1 this hour: Edda picks it, approves three pictures and declines one
    const line = (eventName: 'QA_PICKED' | 'IMAGE_APPROVED' | 'IMAGE_DECLINED', payload: Record<string, unknown>, ago: number) =>
      publishEvent(web.stack, OrdersEvents.timelineRecorded, {
        eventId: randomUUID(),
        orderId: o1.id,
        accountId: nordic.id,
        orderName: o1.orderName,
        eventName,
        userId: qa.id,
        userName: 'Edda Editor',
        payload,
        at: at(ago),
      });
    await line('QA_PICKED', { role: 'QA_EDITOR' }, 20 * MINUTE);
    for (let i = 0; i < 3; i++) await line('IMAGE_APPROVED', { imageId: randomUUID() }, 15 * MINUTE);
    await line('IMAGE_DECLINED', { imageId: randomUUID(), tagId: randomUUID(), tagName: 'Bad crop', tagCategory: 'IMAGE_ERROR' }, 10 * MINUTE);

    // every fact is in before the first page asks (the browser keeps an answer for the day)
    await waitFor(
      async () => {
        const [r] = await web.stack.db.query<{ orders: number; lines: number; old: number; sales: number; guides: number }>(
          `SELECT (SELECT count(*)::int FROM statistics.stat_order WHERE created_at IS NOT NULL) AS orders,
                  (SELECT count(*)::int FROM statistics.stat_timeline_event WHERE user_id = $1) AS lines,
                  (SELECT count(*)::int FROM statistics.stat_account WHERE created_at < now() - interval '50 days' AND last_sign_in_at IS NOT NULL AND id = $2) AS old,
                  (SELECT count(*)::int FROM statistics.stat_sales_person) AS sales,
                  (SELECT count(*)::int FROM statistics.stat_style_guide) AS guides`,
          [qa.id, oldMotors.id],
        );
        return r.orders === 6 && r.lines === 5 && r.old === 1 && r.sales === 3 && r.guides === 2 ? r : null;
      },
      'the statistics service to hold every fact',
      60_000,
      300,
    );
  }, 240_000);

  async function signedIn(account: TestAccount, viewport = { width: 1440, height: 900 }): Promise<Page> {
    const page = await web.signedInPage(account.email, { viewport, acceptDownloads: true, timeoutMs: 30_000 });
    await page.goto(`${web.baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    return page;
  }

  /** SCREENSHOTS=/some/dir keeps pictures of the screens on the way (to look at them). */
  async function shot(page: Page, name: string) {
    if (!process.env.SCREENSHOTS) return;
    // the charts draw themselves in (an animation): the picture is of the drawn charts
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** a chart card by its title */
  const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

  /** the number a card shows under its label */
  async function card(page: Page, label: string): Promise<string> {
    const value = page.locator('.MuiCard-root', { has: page.getByText(label, { exact: true }) }).getByTestId('stat-value');
    await value.waitFor();
    return (await value.innerText()).trim();
  }

  /** the chart's CSV as the Download CSV button saves it: header and rows as arrays of fields (no quoting in this fixture) */
  async function csvOf(region: Locator): Promise<string[][]> {
    const button = region.getByRole('button', { name: 'Download CSV' });
    await waitFor(() => button.isEnabled(), 'the chart loaded and its download enabled');
    const [download] = await Promise.all([region.page().waitForEvent('download'), button.click()]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    return text
      .split('\r\n')
      .filter((l) => l !== '')
      .map((l) => l.split(','));
  }

  /** the rows of a CSV as objects of the header's columns */
  const records = (csv: string[][]) => csv.slice(1).map((r) => Object.fromEntries(csv[0].map((h, i) => [h, r[i]])));

  /** nothing wider than the window */
  async function expectNoSideways(page: Page) {
    const { scrollWidth, clientWidth } = (await page.evaluate(`(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))()`)) as {
      scrollWidth: number;
      clientWidth: number;
    };
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }

  it("a dealership sees its cars, its weeks and each sales person's share", async () => {
    const page = await signedIn(nordic);
    await page.getByTestId('dealership-dashboard').waitFor();
    expect(await card(page, 'Cars uploaded')).toBe(String(3 + history));
    expect(await card(page, 'This week')).toBe('3');
    expect(await card(page, 'Best week')).toBe('3');
    const months = records(await csvOf(chart(page, 'Uploaded cars')));
    expect(months).toHaveLength(12);
    const thisMonth = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1)).toISOString();
    expect(months.find((m) => m.period === thisMonth)?.count).toBe('3');
    expect(months.reduce((n, m) => n + Number(m.count), 0)).toBe(3 + history);
    const shares = records(await csvOf(chart(page, 'Orders per sales person')));
    expect(Object.fromEntries(shares.map((r) => [r.salesPerson, r.orders]))).toEqual({
      'Anna Sales': '2',
      'Bo Sales': '1',
      ...(history ? { 'Without a sales person': '2' } : {}),
    });
    await shot(page, 'dashboard-dealership-1440');
  });

  it("another dealership sees its own numbers only, not Nordic's", async () => {
    const page = await signedIn(budapest);
    await page.getByTestId('dealership-dashboard').waitFor();
    expect(await card(page, 'Cars uploaded')).toBe('1');
    expect(await card(page, 'Best week')).toBe('1');
    expect(records(await csvOf(chart(page, 'Orders per sales person')))).toEqual([{ salesPerson: 'Cleo Sales', orders: '1' }]);
  });

  it('a manager sees its dealerships together, then one dealership per sales person through the account picker', async () => {
    const page = await signedIn(manager);
    await page.getByTestId('management-dashboard').waitFor();
    expect(await card(page, 'Cars uploaded')).toBe(String(4 + history));
    expect(await card(page, 'Sales people')).toBe('3');
    const perDealership = records(await csvOf(chart(page, 'Cars per dealership')));
    expect(perDealership).toEqual([
      { dealership: 'Nordic Cars', orders: '3' },
      { dealership: 'Budapest Motors', orders: '1' },
    ]);
    const perGuide = records(await csvOf(chart(page, 'Cars per style guide')));
    expect(Object.fromEntries(perGuide.map((r) => [r.styleGuide, r.orders]))).toEqual({ 'Studio white': '3', Showroom: String(1 + history) });

    await page.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: 'Nordic Cars' }).click();
    await page.waitForURL((url) => url.searchParams.get('account') === nordic.id);
    // the address changes before the page has drawn the chosen account: its count, once there
    await waitFor(async () => (await card(page, 'Cars uploaded')) === String(3 + history), "Nordic's cars uploaded");
    const perSalesPerson = records(await csvOf(chart(page, 'Cars per sales person')));
    expect(Object.fromEntries(perSalesPerson.map((r) => [r.salesPerson, r.orders]))).toEqual({ 'Anna Sales': '2', 'Bo Sales': '1' });
    await shot(page, 'dashboard-management-1440');
  });

  it("the admin sees every account's orders, the inactive accounts and QA's work", async () => {
    const page = await signedIn(adminAccount);
    await page.getByRole('heading', { level: 2, name: 'Orders and apps' }).waitFor();
    expect(await card(page, 'Uploaded cars this month')).toBe('4');
    // (4 × 3 + 2 × 6) / 6 this year
    expect(await card(page, 'Average pictures per car')).toBe(history ? '4.0' : '3.0');
    const devices = records(await csvOf(chart(page, 'Devices')));
    expect(devices).toEqual([
      { label: 'Mobile app', count: String(history) },
      { label: 'Web app', count: '4' },
    ]);
    const guides = records(await csvOf(chart(page, 'Orders per style guide')));
    expect(Object.fromEntries(guides.map((r) => [r.styleGuide, r.orders]))).toEqual({ 'Studio white': '3', Showroom: String(1 + history) });

    const inactive = chart(page, 'Inactive users');
    await inactive.getByRole('link', { name: 'Old Motors' }).waitFor();
    const names = await inactive.getByRole('row').allInnerTexts();
    expect(names.filter((n) => /Nordic Cars|Budapest Motors|North Group/.test(n))).toEqual([]);
    expect(await inactive.getByRole('link', { name: 'Old Motors' }).getAttribute('href')).toBe(`/profile/${oldMotors.id}/settings/`);

    await page.getByRole('heading', { level: 2, name: 'QA', exact: true }).waitFor();
    expect(await card(page, 'Images approved in 30 days')).toBe('3');
    expect(await card(page, 'Images declined in 30 days')).toBe('1');
    const editors = records(await csvOf(chart(page, 'Orders per editor')));
    expect(editors.map((e) => [e.name, Number(e.thisMonth) + Number(e.lastMonth)])).toEqual([['Edda Editor', 1]]);
    await shot(page, 'dashboard-admin-1440');
  });

  it('QA sees only the QA section, with the same numbers', async () => {
    const page = await signedIn(qa);
    await page.getByRole('heading', { level: 2, name: 'QA', exact: true }).waitFor();
    expect(await card(page, 'Images approved in 30 days')).toBe('3');
    expect(await card(page, 'Images declined in 30 days')).toBe('1');
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).not.toContain('Orders and apps');
    await expect(page.getByRole('region', { name: 'Inactive users' }).count()).resolves.toBe(0);
    await expect(page.getByText('Uploaded cars this month').count()).resolves.toBe(0);
  });

  it.each([
    ['dealership', () => nordic, 'dealership-dashboard'],
    ['management', () => manager, 'management-dashboard'],
    ['admin', () => adminAccount, null],
    ['QA', () => qa, null],
  ] as const)('at 390 px the %s dashboard does not scroll sideways', async (name, account, testId) => {
    const page = await signedIn(account(), NARROW);
    if (testId) await page.getByTestId(testId).waitFor();
    else await page.getByRole('heading', { level: 2, name: 'QA', exact: true }).waitFor();
    // every card has its numbers (nothing still loading) before measuring
    await waitFor(async () => (await page.getByTestId('chart-loading').count()) === 0, 'every chart loaded', 30_000, 200);
    await expectNoSideways(page);
    await shot(page, `dashboard-${name}-390`);
  });

  it('a dealership makes an order while its dashboard is open: Refresh figures shows it at once', async () => {
    const page = await signedIn(budapest);
    await page.getByTestId('dealership-dashboard').waitFor();
    expect(await card(page, 'Cars uploaded')).toBe('1');
    const made = await createOrder(await signIn(web.stack, budapest.email), { styleGuide: studioId, salesMan: cleoId, takenImagesCount: 3 });
    await waitFor(
      async () => (await web.stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM statistics.stat_order WHERE id = $1', [made.id]))[0]?.n === 1,
      'the statistics service to hold the new order',
      30_000,
      200,
    );
    // the page keeps its answer until the end of the day; the button asks again now
    expect(await card(page, 'Cars uploaded')).toBe('1');
    await page.getByRole('button', { name: 'Refresh figures' }).click();
    await waitFor(async () => (await card(page, 'Cars uploaded')) === '2', 'the new order counted on the card', 30_000, 200);
    // both orders in this week, unless a week (Monday 00:00 UTC) began between the first and the new one
    const [{ n: thisWeek }] = await web.stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM statistics.stat_order WHERE account_id = $1 AND created_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [budapest.id],
    );
    expect(thisWeek).toBeGreaterThanOrEqual(1);
    expect(await card(page, 'This week')).toBe(String(thisWeek));
  });
});


import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { blobBytes, blobText } from '../../test/blob';
import {
  childAccount,
  dashboardRoutes,
  dealershipOrdersFixture,
  fail,
  fakeApi,
  ordersByDealershipFixture,
  ordersPerSalesManFixture,
  ordersPerStyleGuideFixture,
  reply,
  testUser,
  type FakeHandler,
} from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';
import { theme } from '../../theme';
import { dashboardOf } from './DashboardPage';

const DEALER_ID = '00000000-0000-4000-8000-000000000004';
const MANAGER_ID = '00000000-0000-4000-8000-000000000007';
const NORDIC = '00000000-0000-4000-8000-0000000000d1';
const BUDAPEST = '00000000-0000-4000-8000-0000000000d2';

function signInAs(overrides: Partial<MeView>): MeView {
  const user = testUser(overrides);
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return user;
}

function dashboardApiOf(me: MeView, routes: Record<string, FakeHandler>) {
  return fakeApi({ 'GET /me': () => reply(200, me), 'GET /appSettings': () => reply(200, []), ...routes });
}

const card = (title: string) => screen.getByRole('region', { name: title });
/** The dashboard on screen (the header has words of its own: "Sales people"). */
const dashboard = () => {
  const found = document.querySelector<HTMLElement>('[data-testid="dealership-dashboard"], [data-testid="management-dashboard"]');
  if (!found) throw new Error('no dashboard on screen');
  return within(found);
};
const statValue = (label: string) => {
  const found = dashboard().getByText(label).closest('.MuiCard-root');
  if (!found) throw new Error(`no card ${label}`);
  return within(found as HTMLElement).getByTestId('stat-value').textContent;
};
const statChange = (label: string) => {
  const found = dashboard().getByText(label).closest('.MuiCard-root');
  if (!found) throw new Error(`no card ${label}`);
  return within(found as HTMLElement).getByTestId('stat-change').textContent;
};

// Each test renders the app and a dashboard's charts: on a loaded machine that takes longer than
// jest's default 5 s. What a test waits for is unchanged.
jest.setTimeout(15_000);

// jsdom lays nothing out: a chart measures its box as 100 px wide and leaves out the labels
// that would not fit. Give the charts the width of a desktop card.
const realStyle = window.getComputedStyle.bind(window);
beforeEach(() => {
  jest.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = realStyle(element, pseudo);
    if (!element.classList.contains('MuiChartsSurface-root')) return style;
    return { width: '800px', height: style.height, getPropertyValue: (name: string) => style.getPropertyValue(name) } as unknown as CSSStyleDeclaration;
  });
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('dashboardOf', () => {
  it('gives each role its dashboard: admin and QA the admin one (QA sees its QA section there)', () => {
    expect(dashboardOf('Dealership')).toBe('dealership');
    expect(dashboardOf('Management')).toBe('management');
    expect(dashboardOf('Admin')).toBe('admin');
    expect(dashboardOf('QA')).toBe('admin');
  });
});

describe('/dashboard of a dealership', () => {
  it('shows the uploaded cars, the 30-day average and its change, this week against the best week and the sales people', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    const api = dashboardApiOf(me, dashboardRoutes(DEALER_ID));
    renderAppAt('/dashboard');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    expect(statValue('Cars per day, last 30 days')).toBe('2.4');
    expect(statChange('Cars per day, last 30 days')).toBe('+20%vs the previous 30 days');
    expect(within(card('Uploaded cars')).getByText('Jun')).toBeTruthy();
    expectVisible(within(card('Uploaded cars')).getByText('17'));
    // the uploaded cars' axis ends 30 % above the highest month: 17 * 1.3 = 22.1, so 23
    expect(within(card('Uploaded cars')).getByTestId('bar-chart').getAttribute('data-max')).toBe('23');
    // the theme's primary blue, as the admin dashboard's bars (one colour scheme, components/Charts.tsx)
    expect([...new Set([...card('Uploaded cars').querySelectorAll('.MuiBarChart-element')].map((e) => e.getAttribute('fill')))]).toEqual([theme.palette.primary.main]);
    expect(within(card('This week against the best week')).getByTestId('half-doughnut-value').textContent).toBe('6 / 14');
    const people = card('Orders per sales person');
    expectVisible(within(people).getByText('Anna Sales'));
    expectVisible(within(people).getByText('Without a sales person'));
    // 30 of 60 orders are Anna's
    expect(within(people).getByText('50%')).toBeTruthy();

    // the account's own numbers, this year
    const asked = api.to(`GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.toString()).toBe('timePeriod=year&timeFrame=current');
  });

  it('shows a signed-in sales person the dealership dashboard of its dealership', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership', loggedInSalesPersonInfo: { id: 's1', name: 'Anna Sales', email: 'anna.sales@demo.test' } as MeView['loggedInSalesPersonInfo'] });
    const api = dashboardApiOf(me, dashboardRoutes(DEALER_ID));
    renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    expect(api.to(`GET /dashboard/getOrdersPerSalesMan/${DEALER_ID}`)).toHaveLength(1);
  });

  it('asks for another window when one is chosen, and keeps it in the URL', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    const api = dashboardApiOf(me, dashboardRoutes(DEALER_ID));
    renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last month' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard?period=month&frame=last'));
    await waitFor(() => expect(api.to(`GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`).at(-1)!.query.toString()).toBe('timePeriod=month&timeFrame=last'));
    expect(api.to(`GET /dashboard/getOrdersPerSalesMan/${DEALER_ID}`).at(-1)!.query.toString()).toBe('timePeriod=month&timeFrame=last');
    expect(card('Uploaded cars').textContent).toContain('Last month');
  });

  it('says "No data yet" in every chart of an account without orders, with nothing to download', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    dashboardApiOf(
      me,
      dashboardRoutes(DEALER_ID, {
        more: {
          [`GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`]: () =>
            reply(200, dealershipOrdersFixture({ rows: dealershipOrdersFixture().rows.map((r) => ({ ...r, count: 0 })), total: 0, average: 0, previousAverage: 0, currentWeek: 0, bestWeek: 0 })),
          [`GET /dashboard/getOrdersPerSalesMan/${DEALER_ID}`]: () => reply(200, ordersPerSalesManFixture({ rows: [] })),
        },
      }),
    );
    renderAppAt('/dashboard');
    for (const title of ['Uploaded cars', 'This week against the best week', 'Orders per sales person']) {
      await waitFor(() => expectVisible(within(card(title)).getByText('No data yet')));
      expect((within(card(title)).getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
    }
    // nothing before: no change to show
    expect(statChange('Cars per day, last 30 days')).toBe('Nothing earlier to compare with');
  });

  it('shows a fall against the previous 30 days as a negative change', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    dashboardApiOf(
      me,
      dashboardRoutes(DEALER_ID, { more: { [`GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`]: () => reply(200, dealershipOrdersFixture({ average: 1.5, previousAverage: 2 })) } }),
    );
    renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars per day, last 30 days')).toBe('1.5'));
    expect(statChange('Cars per day, last 30 days')).toBe('-25%vs the previous 30 days');
  });

  it('shows a skeleton while a chart loads, and a line when it cannot be loaded', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    dashboardApiOf(
      me,
      dashboardRoutes(DEALER_ID, {
        more: {
          [`GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`]: () => new Promise<Response>(() => undefined),
          [`GET /dashboard/getOrdersPerSalesMan/${DEALER_ID}`]: () => fail(503, 'The statistics service did not answer'),
        },
      }),
    );
    renderAppAt('/dashboard');
    await waitFor(() => expectVisible(within(card('Uploaded cars')).getByTestId('chart-loading')));
    await waitFor(() =>
      expect(within(card('Orders per sales person')).getByRole('alert').textContent).toBe('Could not load this chart: The statistics service did not answer'),
    );
  });

  it('downloads a chart as a CSV file: the BOM, then the rows', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    dashboardApiOf(me, dashboardRoutes(DEALER_ID));
    const files: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:chart';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn() as typeof URL.revokeObjectURL;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderAppAt('/dashboard');
    await waitFor(() => expectVisible(within(card('Orders per sales person')).getByText('Anna Sales')));

    fireEvent.click(within(card('Orders per sales person')).getByRole('button', { name: 'Download CSV' }));
    expect(names).toEqual(['orders-per-sales-person-year-current.csv']);
    expect([...(await blobBytes(files[0]!)).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobText(files[0]!)).toBe('salesPerson,orders\r\nAnna Sales,30\r\nBo Berg,20\r\nWithout a sales person,10\r\n');

    fireEvent.click(within(card('Uploaded cars')).getByRole('button', { name: 'Download CSV' }));
    const uploaded = (await blobText(files[1]!)).split('\r\n');
    expect(uploaded.slice(0, 3)).toEqual(['period,count', '2026-01-01T00:00:00.000Z,3', '2026-02-01T00:00:00.000Z,5']);
    expect(uploaded).toHaveLength(14);
  });
});

describe('the chart cache', () => {
  it('keeps an answer until it expires: a second visit asks nothing, one after the expiry asks again', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    const api = dashboardApiOf(me, dashboardRoutes(DEALER_ID));
    const route = `GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`;

    const first = renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    expect(api.to(route)).toHaveLength(1);
    first.unmount();

    // a reload: a new query cache, the stored answer shows without a request
    const second = renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    expect(api.to(route)).toHaveLength(1);
    expect(api.to(`GET /dashboard/getOrdersPerSalesMan/${DEALER_ID}`)).toHaveLength(1);
    second.unmount();

    // two days later the answer (valid for one) has expired
    const later = Date.now() + 2 * 24 * 3600 * 1000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    renderAppAt('/dashboard');
    await waitFor(() => expect(api.to(route)).toHaveLength(2));
  });

  it('keeps each user\'s answers apart', async () => {
    const dealer = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    const api = dashboardApiOf(dealer, dashboardRoutes(DEALER_ID));
    const first = renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    first.unmount();

    // another user of the same browser, looking at the same account's numbers, is asked for them
    const other = signInAs({ id: '00000000-0000-4000-8000-000000000099', userRole: 'Dealership' });
    const otherApi = dashboardApiOf(other, {
      ...dashboardRoutes(other.id),
      [`GET /dashboard/getDealershipOrderStatistics/${other.id}`]: () => reply(200, dealershipOrdersFixture({ total: 5 })),
    });
    renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('5'));
    expect(otherApi.to(`GET /dashboard/getDealershipOrderStatistics/${other.id}`)).toHaveLength(1);
    expect(api.requests.length).toBeGreaterThan(0);
  });
});

describe('the refresh control', () => {
  it('asks every chart again now, past the kept answers, and shows the new figures; a reload then keeps the new ones', async () => {
    const me = signInAs({ id: DEALER_ID, userRole: 'Dealership' });
    let total = 83;
    const api = dashboardApiOf(me, {
      ...dashboardRoutes(DEALER_ID),
      [`GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`]: () => reply(200, dealershipOrdersFixture({ total })),
    });
    const route = `GET /dashboard/getDealershipOrderStatistics/${DEALER_ID}`;
    const first = renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    first.unmount();

    // an order arrives; a reload shows the kept answer (the spec's chart cache) and asks nothing
    total = 84;
    renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    expect(api.to(route)).toHaveLength(1);

    const refresh = screen.getByRole('button', { name: 'Refresh figures' });
    fireEvent.click(refresh);
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('84'));
    expect(api.to(route)).toHaveLength(2);
    expect(api.to(`GET /dashboard/getOrdersPerSalesMan/${DEALER_ID}`)).toHaveLength(2);
    await waitFor(() => expect((refresh as HTMLButtonElement).disabled).toBe(false));
    expect(localStorage.getItem(`statistics:${DEALER_ID}:${JSON.stringify(['dashboard', 'dealershipOrders', { id: DEALER_ID, timePeriod: 'year', timeFrame: 'current' }])}`)).toContain('"total":84');
  });

  it('refreshes a management account\'s charts and its sales people count', async () => {
    const me = signInAs({ id: MANAGER_ID, userRole: 'Management' });
    const children = [childAccount(NORDIC, 'Nordic Auto Demo')];
    const api = dashboardApiOf(me, dashboardRoutes(MANAGER_ID, { children }));
    renderAppAt('/dashboard');
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    const asked = api.requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh figures' }));
    await waitFor(() => expect(api.to(`GET /dashboard/getDealershipOrderStatistics/${MANAGER_ID}`)).toHaveLength(2));
    await waitFor(() => expect(api.to(`GET /dashboard/userStatistics/${NORDIC}`)).toHaveLength(2));
    expect(api.to(`GET /dashboard/get-orders-by-dealership/${MANAGER_ID}`)).toHaveLength(2);
    expect(api.requests.length).toBeGreaterThan(asked);
  });
});

describe('/dashboard of a management account', () => {
  const children = [childAccount(NORDIC, 'Nordic Auto Demo'), childAccount(BUDAPEST, 'Budapest Cars Demo')];
  const routes = () =>
    dashboardRoutes(MANAGER_ID, {
      children,
      more: {
        [`GET /dashboard/get-orders-by-dealership/${MANAGER_ID}`]: () =>
          reply(
            200,
            ordersByDealershipFixture({
              rows: [
                { userId: NORDIC, user_displayName: 'Nordic Auto Demo', totalorders: 41 },
                { userId: BUDAPEST, user_displayName: 'Budapest Cars Demo', totalorders: 23 },
              ],
            }),
          ),
        [`GET /dashboard/getDealershipOrderStatistics/${BUDAPEST}`]: () => reply(200, dealershipOrdersFixture({ total: 23 })),
        [`GET /dashboard/get-amount-of-orders-per-styleguide-from-child-accounts/${BUDAPEST}`]: () =>
          reply(200, ordersPerStyleGuideFixture({ rows: [{ styleGuideId: 'g3', style_guide_name: 'Budapest Studio', total_orders: 23 }] })),
        [`GET /dashboard/getOrdersPerSalesMan/${BUDAPEST}`]: () =>
          reply(200, ordersPerSalesManFixture({ rows: [{ salesManId: 's9', salesMan_name: 'Béla Kovács', totalorders: 19 }, { salesManId: null, salesMan_name: '', totalorders: 4 }] })),
      },
    });

  it('offers All and then each child account, and shows the children together', async () => {
    const me = signInAs({ id: MANAGER_ID, userRole: 'Management', displayName: 'Demo Group' });
    const api = dashboardApiOf(me, routes());
    renderAppAt('/dashboard');

    await waitFor(() => expect(statValue('Cars uploaded')).toBe('83'));
    // the sales people of both child accounts: 2 + 3
    await waitFor(() => expect(statValue('Sales people')).toBe('5'));
    const perDealership = card('Cars per dealership');
    await waitFor(() => expectVisible(within(perDealership).getByText('Budapest Cars Demo')));
    expectVisible(within(perDealership).getByText('41'));
    expect(perDealership.textContent).toContain('Last 30 days');
    const guides = card('Cars per style guide');
    expectVisible(within(guides).getByText('Winter Showroom'));
    // the highest bar plus 10 %: 50 * 1.1 = 55
    expect(within(guides).getByTestId('bar-chart').getAttribute('data-max')).toBe('55');
    expect(within(perDealership).getByTestId('bar-chart').getAttribute('data-max')).toBe(String(Math.ceil(41 * 1.1)));
    expect(within(card('Uploaded cars per period')).getByTestId('bar-chart').getAttribute('data-max')).toBe('23');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', 'Budapest Cars Demo', 'Nordic Auto Demo']);
    expect(api.to(`GET /dashboard/get-orders-by-dealership/${MANAGER_ID}`)[0]!.query.toString()).toBe('timePeriod=month&timeFrame=LAST_30_DAYS');
  });

  it('shows the chosen account per sales person, and back to every dealership with All', async () => {
    const me = signInAs({ id: MANAGER_ID, userRole: 'Management' });
    const api = dashboardApiOf(me, routes());
    renderAppAt('/dashboard');
    await waitFor(() => expectVisible(within(card('Cars per dealership')).getByText('Nordic Auto Demo')));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Budapest Cars Demo' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/dashboard?account=${BUDAPEST}`));

    const perSalesPerson = await screen.findByRole('region', { name: 'Cars per sales person' });
    await waitFor(() => expectVisible(within(perSalesPerson).getByText('Béla Kovács')));
    expectVisible(within(perSalesPerson).getByText('Without a sales person'));
    expect(screen.queryByRole('region', { name: 'Cars per dealership' })).toBeNull();
    expect(api.to(`GET /dashboard/getOrdersPerSalesMan/${BUDAPEST}`)[0]!.query.toString()).toBe('timePeriod=month&timeFrame=LAST_30_DAYS');
    // the cards and charts are the chosen account's
    await waitFor(() => expect(statValue('Cars uploaded')).toBe('23'));
    expect(statValue('Sales people')).toBe('3');
    await waitFor(() => expectVisible(within(card('Cars per style guide')).getByText('Budapest Studio')));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    await waitFor(() => expectVisible(within(card('Cars per dealership')).getByText('Nordic Auto Demo')));
    expect(statValue('Cars uploaded')).toBe('83');
  });
});

describe('/dashboard of admin and QA', () => {
  it.each(['Admin', 'QA'] as const)('%s gets neither the dealership nor the management dashboard', async (role) => {
    const me = signInAs({ userRole: role, permissions: [] });
    const api = dashboardApiOf(me, {});
    renderAppAt('/dashboard');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Dashboard');
    expect(screen.queryByTestId('dealership-dashboard')).toBeNull();
    expect(screen.queryByTestId('management-dashboard')).toBeNull();
    expect(api.to(`GET /dashboard/getDealershipOrderStatistics/${me.id}`)).toHaveLength(0);
  });
});

describe('the header', () => {
  it.each(['Dealership', 'Management', 'Admin', 'QA'] as const)('shows %s the Dashboard entry, which opens /dashboard', async (role) => {
    const me = signInAs({ id: DEALER_ID, userRole: role });
    dashboardApiOf(me, { ...dashboardRoutes(DEALER_ID), 'GET /orders/get-orders': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }) });
    renderAppAt('/orders');
    const link = await screen.findByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard');
  });
});

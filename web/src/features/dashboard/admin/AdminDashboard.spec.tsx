import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView } from '@app/contracts/wire';
import { sessionStore } from '../../../api/session';
import { dashboardAdminData, dashboardAdminFixtures, fakeApi, reply, testUser, type FakeHandler } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import { theme } from '../../../theme';
import { expectVisible } from '../../../test/visible';
import type { ReactElement } from 'react';
import { StageTimesCard, OrdersByStatusCard, QaServiceLevelsCard } from './ActivityCharts';
import { AdminDashboard } from './AdminDashboard';
import { monthOptions } from './adminDashboardLogic';
import { AppVersionsCard, AveragePicturesCard, DevicesCard, EditedOrdersCard, OrdersPerStyleGuideCard, UploadedCarsCard } from './AdminOverview';
import { ImageRatioSection } from './ImageRatioCharts';
import { InactiveUsersCard } from './InactiveUsersCard';
import { RejectionReasonsCard } from './RejectionReasonsCard';

// jsdom lacks structuredClone, which the charts' gesture handling calls once mounted
const g = globalThis as { structuredClone?: (value: unknown) => unknown };
g.structuredClone ??= (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const ADMIN_ID = '00000000-0000-4000-8000-0000000000a1';
const admin = testUser({ id: ADMIN_ID, displayName: 'Ada Admin', email: 'admin@demo.test', userRole: 'Admin', permissions: ['READ_ADMIN_STATISTICS'] });
const qa = testUser({ id: '00000000-0000-4000-8000-0000000000e1', displayName: 'Edith Editor', userRole: 'QA', permissions: [] });

// "now" for the whole file: the month picker ends in October 2026
const NOW = new Date(2026, 10, 25, 10, 0, 0);

// the whole dashboard draws some twenty charts: on a loaded machine that takes a while in jsdom
jest.setTimeout(60_000);

// jsdom has no layout: a chart reads its width from its computed style, which is its CSS
// width (100%, read as 100 px). Give the charts a desktop's width, so every axis label shows.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element, pseudo?: string | null) => {
  const style = computedStyle(element, pseudo);
  if (!element.classList.contains('MuiChartsSurface-root')) return style;
  return new Proxy(style, {
    get: (target, prop) => {
      if (prop === 'width') return '900px';
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}) as typeof window.getComputedStyle;

beforeEach(() => {
  // only the clock is fixed: timers stay real, so the queries and the charts run as in a browser
  jest.useFakeTimers({
    now: NOW,
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'],
  });
});
afterEach(() => {
  jest.useRealTimers();
});

/** Signs `user` in and renders `ui` (the whole dashboard unless told) against the fixtures. */
function open(user: MeView, overrides: Record<string, FakeHandler> = {}, ui: ReactElement = <AdminDashboard />) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const api = fakeApi({ 'GET /me': () => reply(200, user), ...dashboardAdminFixtures(user.id), ...overrides });
  renderWithApp(ui, { route: '/dashboard' });
  return api;
}

const card = (name: string) => screen.findByRole('region', { name });
/** a number card, found by its label */
const statCard = async (label: string) => (await screen.findByText(label)).closest('.MuiCard-root') as HTMLElement;
/** the download of a card: absent or disabled when there is nothing to save */
const canDownload = (root: HTMLElement) => {
  const button = within(root).queryByRole('button', { name: 'Download CSV' });
  return button !== null && !(button as HTMLButtonElement).disabled;
};
const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
const xTicks = (root: Element) => texts(root, '.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
const yTicks = (root: Element) => texts(root, '.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
const legend = (root: Element) => texts(root, '.MuiChartsLegend-label');
/** the colours the bars are drawn in, each once */
const barFills = (root: Element) => [...new Set([...root.querySelectorAll('.MuiBarChart-element')].map((e) => e.getAttribute('fill')))];

describe('admin dashboard: order and image statistics', () => {
  it('asks for the year of orders and of images only once their button is clicked', async () => {
    const api = open(admin);
    await card('Devices');
    const yearly = (route: string) => api.to(route).filter((r) => r.query.get('timePeriod') === 'year');
    expect(yearly('GET /dashboard/getOrderStatisticsPerMonth')).toHaveLength(0);
    expect(api.to('GET /dashboard/getImageStatisticsPerMonthTotal')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Orders per month' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show order statistics' }));
    const orders = await card('Orders per month');
    await within(orders).findByText('Total: 344');
    expect(within(orders).getByTestId('summary-change').textContent).toBe('+33.3% against the previous 30 days');
    expect(xTicks(orders)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    // the highest month (51) plus 10 %: the value axis reaches 57 and no further
    expect(Math.max(...yTicks(orders).map(Number))).toBeLessThanOrEqual(57);
    expect(yearly('GET /dashboard/getOrderStatisticsPerMonth')).toHaveLength(1);
    expect(api.to('GET /dashboard/getImageStatisticsPerMonthTotal')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Images per month' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show image statistics' }));
    const images = await card('Images per month');
    await within(images).findByText('Total: 3700');
    expect(api.to('GET /dashboard/getImageStatisticsPerMonthTotal')[0]?.query.get('timePeriod')).toBe('year');
  });
});

describe('admin dashboard: cards and pies', () => {
  it('shows uploaded cars with the change of the 30-day average, pictures per car with one decimal, and orders per style guide', async () => {
    open(admin, {}, <><UploadedCarsCard /><AveragePicturesCard /><OrdersPerStyleGuideCard userId={ADMIN_ID} /></>);
    const uploaded = await statCard('Uploaded cars this month');
    await waitFor(() => expect(within(uploaded).getByTestId('stat-value').textContent).toBe('38'));
    expect(within(uploaded).getByTestId('stat-change').textContent).toMatch(/^\+33[.,]3\s?%/);
    const pictures = await statCard('Average pictures per car');
    await waitFor(() => expect(within(pictures).getByTestId('stat-value').textContent).toBe('11.5'));
    const guides = await card('Orders per style guide');
    await waitFor(() => expect(texts(guides, '.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')).toEqual(['Nordic Studio', 'Budapest Showroom, white']));
    // one series: drawn in the theme's primary blue, as the bars of the other dashboards
    expect(barFills(guides)).toEqual([theme.palette.primary.main]);
  });

  it('draws the app versions, the devices, and edited against not edited orders once asked', async () => {
    const api = open(admin, {}, <><AppVersionsCard /><DevicesCard /><EditedOrdersCard now={NOW} /></>);
    const versions = await card('App versions');
    await waitFor(() => expect(legend(versions)).toEqual(['2.4.1: 70', '2.3.0: 35', '2.2.5: 15']));
    const devices = await card('Devices');
    await waitFor(() => expect(legend(devices)).toEqual(['Mobile app: 120', 'Web app: 45']));

    const edited = await card('Edited and not edited orders');
    expect(legend(edited)).toEqual([]);
    fireEvent.click(within(edited).getByRole('button', { name: 'Show edited orders' }));
    // last month's answer: 30 orders with no edited image, 135 with some (fixture)
    const pie = await card('Edited and not edited orders');
    await waitFor(() => expect(legend(pie)).toEqual(['Edited: 135', 'Not edited: 30']));
    expect(within(pie).getByText('October 2026')).toBeTruthy();
    expect(api.to('GET /dashboard/get-edited-images-statistics').map((r) => r.query.get('timeStamp'))).toContain('2026-10');
  });

  it('stacks this week’s orders by status per day, and the four stage times of the last 14 days in hours', async () => {
    open(admin, {}, <><OrdersByStatusCard /><StageTimesCard /></>);
    const status = await card('Orders by status');
    await waitFor(() => expect(legend(status)).toEqual(['Uploading', 'In pipeline', 'In QA', 'Finished']));
    expect(xTicks(status)).toEqual(['Nov 23', 'Nov 24', 'Nov 25', 'Nov 26', 'Nov 27', 'Nov 28', 'Nov 29']);

    const stages = await card('Average time per stage');
    await waitFor(() => expect(legend(stages)).toEqual(['Upload', 'Pipeline', 'QA', 'Delivery']));
    expect(xTicks(stages)).toHaveLength(14);
    expect(xTicks(stages)[0]).toBe('Nov 12');
    expect(xTicks(stages)[13]).toBe('Nov 25');
    expect(within(stages).getByText('Hours')).toBeTruthy();
  });

  it('says "No data yet" for a chart without data, and offers no download there', async () => {
    open(
      admin,
      {
      'GET /dashboard/get-device-statistics': () => reply(200, { expires: '2099-01-01T00:00:00.000Z', mobile: 0, webApp: 0 }),
      'GET /dashboard/get-order-timeline-data': () =>
        reply(200, {
          expires: '2099-01-01T00:00:00.000Z',
          rows: [{ period: '2026-11-24T00:00:00.000Z', averageUploadMinutes: null, averageInProgressMinutes: null, averageQaStageMinutes: null, averageDeliveryMinutes: null, totalOrders: 0 }],
        }),
      },
      <><DevicesCard /><StageTimesCard /><AppVersionsCard /></>,
    );
    const devices = await card('Devices');
    await within(devices).findByText('No data yet');
    expect(canDownload(devices)).toBe(false);
    const stages = await card('Average time per stage');
    await within(stages).findByText('No data yet');
    const versions = await card('App versions');
    await waitFor(() => expect(legend(versions)).toHaveLength(3));
    expect(canDownload(versions)).toBe(true);
  });
});

describe('admin dashboard: failures and the local copy', () => {
  it('says the numbers could not be loaded when a route fails, and the other charts still draw', async () => {
    open(
      admin,
      {
        'GET /dashboard/get-device-statistics': () => reply(500, { statusCode: 500, message: 'statistics unavailable' }),
        'GET /dashboard/getOrderStatisticsPerMonth': () => reply(500, { statusCode: 500, message: 'statistics unavailable' }),
      },
      <><DevicesCard /><AppVersionsCard /><UploadedCarsCard /></>,
    );
    // a number that could not be loaded shows no change either
    const uploaded = await statCard('Uploaded cars this month');
    await waitFor(() => expect(within(uploaded).getByTestId('stat-value').textContent).toBe('–'));
    expect(within(uploaded).queryByTestId('stat-change')).toBeNull();
    const devices = await card('Devices');
    await within(devices).findByRole('alert');
    expect(legend(devices)).toEqual([]);
    expect(canDownload(devices)).toBe(false);
    await waitFor(() => expect(legend(screen.getByRole('region', { name: 'App versions' }))).toHaveLength(3));
  });

  it('shows a kept answer again without asking until it expires, and never to another user', async () => {
    const first = open(admin, {}, <DevicesCard />);
    await waitFor(() => expect(legend(screen.getByRole('region', { name: 'Devices' }))).toEqual(['Mobile app: 120', 'Web app: 45']));
    expect(first.to('GET /dashboard/get-device-statistics')).toHaveLength(1);
    cleanup();

    // a reload: a new page with an empty cache, the same user
    const again = open(admin, {}, <DevicesCard />);
    await waitFor(() => expect(legend(screen.getByRole('region', { name: 'Devices' }))).toEqual(['Mobile app: 120', 'Web app: 45']));
    expect(again.to('GET /dashboard/get-device-statistics')).toHaveLength(0);
    cleanup();

    // another admin on the same browser gets their own answer
    const other = testUser({ id: '00000000-0000-4000-8000-0000000000a2', userRole: 'Admin' });
    const theirs = open(other, { 'GET /dashboard/get-device-statistics': () => reply(200, { expires: '2099-01-01T00:00:00.000Z', mobile: 3, webApp: 4 }) }, <DevicesCard />);
    await waitFor(() => expect(legend(screen.getByRole('region', { name: 'Devices' }))).toEqual(['Mobile app: 3', 'Web app: 4']));
    expect(theirs.to('GET /dashboard/get-device-statistics')).toHaveLength(1);
    cleanup();

    // an expired answer is asked for again
    window.localStorage.clear();
    const expiring = open(admin, { 'GET /dashboard/get-device-statistics': () => reply(200, { expires: new Date(Date.now() - 1000).toISOString(), mobile: 1, webApp: 1 }) }, <DevicesCard />);
    await waitFor(() => expect(expiring.to('GET /dashboard/get-device-statistics')).toHaveLength(1));
    cleanup();
    const later = open(admin, {}, <DevicesCard />);
    await waitFor(() => expect(legend(screen.getByRole('region', { name: 'Devices' }))).toEqual(['Mobile app: 120', 'Web app: 45']));
    expect(later.to('GET /dashboard/get-device-statistics')).toHaveLength(1);
  });
});

describe('admin dashboard: the refresh control', () => {
  it('asks the QA section again now, past the kept answers, and draws the new figures', async () => {
    let flawed = 18;
    const api = open(qa, {
      'GET /dashboard/get-amount-of-flawless-orders': () => reply(200, { expires: '2099-01-01T00:00:00.000Z', totalFlawlessOrders: 64, totalOrdersWithFlaws: flawed }),
    });
    const flawless = await card('Flawless and flawed orders');
    await waitFor(() => expect(legend(flawless)).toEqual(['Flawless: 64', 'With flaws: 18']));
    const asked = api.to('GET /dashboard/getQAActivitiesByTimePeriod').length;

    // a flawed order arrives: the kept answer stays until the refresh control asks again
    flawed = 19;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh figures' }));
    await waitFor(() => expect(legend(flawless)).toEqual(['Flawless: 64', 'With flaws: 19']));
    expect(api.to('GET /dashboard/get-amount-of-flawless-orders')).toHaveLength(2);
    expect(api.to('GET /dashboard/getQAActivitiesByTimePeriod').length).toBeGreaterThan(asked);
  });
});

describe('admin dashboard: inactive users', () => {
  it('lists 14 days first, pages by 10, filters by 20 and 30 days, and links each row to the account settings', async () => {
    const api = open(admin, {}, <InactiveUsersCard />);
    const table = await card('Inactive users');
    await within(table).findByText('Dealer 1');
    expect(within(table).getByText('No sign-in and no order for 14 days')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByTestId('grid-total').textContent).toBe('23 in total');
    expect(within(table).getByTestId('grid-page').textContent).toBe('Page 1 of 3');
    // a never-signed-in account says so
    const first = within(table).getByRole('link', { name: 'Dealer 1' });
    expect(first.getAttribute('href')).toBe('/profile/00000000-0000-4000-8000-000000000001/settings/');
    expect(within(first.closest('tr')!).getByText('Never')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Next page' }));
    await within(table).findByText('Dealer 11');
    expect(within(table).queryByText('Dealer 1')).toBeNull();
    expect(within(table).getByTestId('grid-page').textContent).toBe('Page 2 of 3');
    expect(api.to('GET /dashboard/get-inactive-users').map((r) => `${r.query.get('timeFrame')}/${r.query.get('page')}`)).toEqual(['14/1', '14/2']);

    fireEvent.mouseDown(within(table).getByRole('combobox', { name: 'Inactive for' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['14 days', '20 days', '30 days']);
    fireEvent.click(screen.getByRole('option', { name: '20 days' }));
    await within(table).findByText('No sign-in and no order for 20 days');
    await waitFor(() => expect(within(table).getByTestId('grid-total').textContent).toBe('12 in total'));
    // a new filter starts at page 1
    expect(within(table).getByTestId('grid-page').textContent).toBe('Page 1 of 2');
    expect(api.to('GET /dashboard/get-inactive-users').at(-1)?.query.toString()).toBe('timeFrame=20&page=1');

    fireEvent.mouseDown(within(table).getByRole('combobox', { name: 'Inactive for' }));
    fireEvent.click(screen.getByRole('option', { name: '30 days' }));
    await within(table).findByText('No data yet');

    fireEvent.mouseDown(within(table).getByRole('combobox', { name: 'Inactive for' }));
    fireEvent.click(screen.getByRole('option', { name: '14 days' }));
    fireEvent.click(await within(table).findByText('dealer3@demo.test'));
    expect(screen.getByTestId('location').textContent).toBe('/profile/00000000-0000-4000-8000-000000000003/settings/');
  });
});

describe('admin dashboard: month picker of the image ratio charts', () => {
  it('offers last month back to January 2023, starts at last month, and asks both charts for the month chosen', async () => {
    const api = open(admin, {}, <ImageRatioSection now={new Date()} />);
    const repushed = await card('Repushed images per order');
    await within(repushed).findByText('October 2026: 57 of 77 orders had repushed images');
    const picker = screen.getByRole('combobox', { name: 'Month' });
    expect(picker.textContent).toBe('October 2026');
    fireEvent.mouseDown(picker);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(46);
    expect(options[0]).toBe('October 2026');
    expect(options.at(-1)).toBe('January 2023');
    expect(options).not.toContain('November 2026');

    fireEvent.click(screen.getByRole('option', { name: 'March 2025' }));
    await within(await card('Repushed images per order')).findByText('March 2025: 57 of 77 orders had repushed images');
    await within(await card('Edited images per order')).findByText(/^March 2025: /);
    expect(api.to('GET /dashboard/get-repushed-images-statistics').map((r) => r.query.get('timeStamp'))).toContain('2025-03');
    expect(api.to('GET /dashboard/get-edited-images-statistics').map((r) => r.query.get('timeStamp'))).toContain('2025-03');
    const bars = await card('Repushed images per order');
    await waitFor(() => expect(xTicks(bars)).toEqual(['0–10 %', '10–20 %', '20–30 %', '30–40 %', '40–50 %', '50–60 %', '60–70 %', '70–80 %', '80–90 %', '90–100 %']));
  });

  it('computes the range from the clock', () => {
    expect(monthOptions(new Date(2024, 0, 10))[0]).toBe('2023-12');
    expect(monthOptions(new Date(2024, 0, 10))).toHaveLength(12);
    expect(monthOptions(new Date(2023, 1, 1))).toEqual(['2023-01']);
    expect(monthOptions(new Date(2023, 0, 31))).toEqual([]);
  });
});

describe('admin dashboard: CSV', () => {
  it('downloads the stage times as CSV with a byte order mark, a header and one line per day', async () => {
    let saved: Blob | undefined;
    const createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:stage-times';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    open(admin, {}, <StageTimesCard />);
    const stages = await card('Average time per stage');
    fireEvent.click(await within(stages).findByRole('button', { name: 'Download CSV' }));
    click.mockRestore();

    expect(clicked).toEqual(['stage-times.csv']);
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(saved!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.split('\r\n');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('\uFEFFday,orders,uploadMinutes,pipelineMinutes,qaMinutes,deliveryMinutes');
    expect(lines[1]).toBe('2026-11-12,10,4,12,90,30');
    // a stage no order finished is an empty field, not 0
    expect(lines[14]).toBe('2026-11-25,23,17,12,,');
    expect(lines).toHaveLength(16);
    expect(saved!.type).toBe('text/csv;charset=utf-8');
    expect(dashboardAdminData.orderTimeline.rows).toHaveLength(14);
  });
});

describe('admin dashboard: names of its regions', () => {
  it('gives every section and chart a name of its own, from its visible title (the ratio charts show in two sections)', async () => {
    open(admin);
    await card('QA Edited images per order');
    await card('Edited images per order');
    const names = screen.getAllByRole('region').map((region) => {
      const ids = (region.getAttribute('aria-labelledby') ?? '').split(' ').filter(Boolean);
      expect(ids.length).toBeGreaterThan(0);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});

describe('admin dashboard: QA section', () => {
  it('is all a QA account sees, and it asks for none of the admin-only numbers', async () => {
    const api = open(qa);
    await screen.findByRole('heading', { level: 2, name: 'QA' });
    // the page's title is the page's (`/dashboard`): the dashboard adds no second one
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    const editors = await card('Orders per editor');
    await waitFor(() => expect(yTicks(editors)).toEqual(['Edith Editor', 'Eric Editor']));
    expect(legend(editors)).toEqual(['This month', 'Last month']);
    const coordinators = await card('Orders per coordinator');
    await waitFor(() => expect(yTicks(coordinators)).toEqual(['Cora Coordinator']));
    const average = await statCard('Average time per order this month');
    await waitFor(() => expect(within(average).getByTestId('stat-value').textContent).toBe('1 h 35 min'));
    const flawless = await card('Flawless and flawed orders');
    await waitFor(() => expect(legend(flawless)).toEqual(['Flawless: 64', 'With flaws: 18']));
    for (const label of ['Images approved in 30 days', 'Images declined in 30 days', 'Re-edit requests in 30 days', 'Orders delivered in 30 days']) {
      const number = await statCard(label);
      await waitFor(() => expect(within(number).getByTestId('stat-value').textContent).toMatch(/^\d+$/));
    }
    // the ratio charts are named with their section: the admin sees them in two sections
    for (const name of ['Edited images', 'Repushed images', 'QA Edited images per order', 'QA Repushed images per order']) {
      expectVisible(await card(name));
    }

    expect(screen.queryByRole('button', { name: 'Show order statistics' })).toBeNull();
    for (const name of ['Devices', 'App versions', 'Inactive users', 'Average time per stage', 'QA service levels', 'Rejection reasons per style guide']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
    expect(screen.queryByRole('combobox', { name: 'Month' })).toBeNull();
    const adminOnly = ['get-device-statistics', 'get-appVersion-statistics', 'get-inactive-users', 'get-order-timeline-data', 'getOrderStatisticsPerMonth', 'get-qa-service-levels', 'rejection-reasons'];
    expect(api.requests.filter((r) => adminOnly.some((route) => r.path.endsWith(route))).map((r) => r.path)).toEqual([]);
  });

  it('shows the admin the QA section below the admin numbers', async () => {
    open(admin);
    await screen.findByRole('heading', { level: 2, name: 'QA' });
    expectVisible(await card('Orders per editor'));
    expectVisible(await card('QA service levels'));
  });
});

describe('admin dashboard: service levels and rejection reasons', () => {
  it('draws the weekly median and 90th percentile, and the re-edit requests or QA declines per style guide', async () => {
    open(admin, {}, <><QaServiceLevelsCard /><RejectionReasonsCard /></>);
    const levels = await card('QA service levels');
    await waitFor(() => expect(legend(levels)).toEqual(['Median', '90th percentile']));
    expect(within(levels).getByText('Ready within 24 h (%)')).toBeTruthy();

    const reasons = await card('Rejection reasons per style guide');
    await waitFor(() => expect(legend(reasons)).toEqual(['Background', 'Wrong angle', 'Reflections']));
    fireEvent.click(within(reasons).getByRole('button', { name: 'QA declines' }));
    await waitFor(() => expect(legend(reasons)).toEqual(['Dirty floor']));
  });
});

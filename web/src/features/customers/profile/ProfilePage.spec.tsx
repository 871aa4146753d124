import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_OUTPUT_RULES, type IntegrationView, type MeView, type OrderListItem, type PermissionView, type ProviderView, type StyleGuideListItem, type UserView } from '@app/contracts/wire';
import { sessionStore } from '../../../api/session';
import { childAccount, dashboardRoutes, fail, fakeApi, reply, testIntegration, testUser, type FakeHandler, type FakeRequest } from '../../../test/fakeApi';
import { renderAppAt } from '../../../test/render';
import { expectFieldError, expectVisible } from '../../../test/visible';

const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';
const HASH = 'a1b2c3d4';

function signInAs(overrides: Partial<MeView>): MeView {
  const user = testUser({ id: '99999999-9999-4999-8999-999999999999', displayName: 'Staff', email: 'staff@demo.test', permissions: [], ...overrides });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return user;
}

function account(overrides: Partial<UserView> = {}): UserView {
  const { loggedInSalesPersonInfo: _ignored, ...view } = testUser({ id: ACCOUNT_ID, displayName: 'Nordic Cars', email: 'nordic@cars.test' });
  return { ...view, deleteConfirmationHash: HASH, ...overrides };
}

const order = (name: string): OrderListItem =>
  ({
    id: `o-${name}`,
    orderName: name,
    status: 'Completed',
    QAstatus: 'Approved',
    user: { id: ACCOUNT_ID, displayName: 'Nordic Cars', userName: 'nordic@cars.test' },
    salesMan: { id: 's1', name: 'Anna Sales' },
    imageCount: 3,
    takenImagesCount: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T11:00:00.000Z',
  }) as unknown as OrderListItem;

/** The gateway as the profile pages read it; `more` adds or replaces routes. */
function profileApi(me: MeView, viewed: UserView, more: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /me': () => reply(200, me),
    'GET /appSettings': () => reply(200, []),
    [`GET /users/${ACCOUNT_ID}`]: () => reply(200, me.userRole === 'Admin' ? viewed : { ...viewed, deleteConfirmationHash: undefined }),
    [`GET /dashboard/userStatistics/${ACCOUNT_ID}`]: () => reply(200, { ordersCount: 42, salesManCount: 3 }),
    'GET /orders/get-orders': () => reply(200, { items: [order('Golf 01')], total: 1, page: 1, pageSize: 10 }),
    [`GET /salesman/user/${ACCOUNT_ID}/all`]: () => reply(200, [{ id: 's1', userId: ACCOUNT_ID, name: 'Anna Sales', email: 'anna@cars.test', phone: '', loginActivated: false, userStatus: null, createdAt: '', updatedAt: '' }]),
    ...more,
  });
}

const tabNames = () => within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
const mainToast = async () => (await screen.findByTestId('toast-main')).textContent;
/** Closes the toast on screen, as a person would, so the next one shows. */
const closeToast = async () => {
  fireEvent.click(within(await screen.findByTestId('toast-main')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId('toast-main')).toBeNull());
};

describe('/profile/{id}', () => {
  it('opens the orders tab, with the header and the account\'s orders filtered by sales person', async () => {
    const api = profileApi(signInAs({ userRole: 'Admin' }), account());
    renderAppAt(`/profile/${ACCOUNT_ID}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(new RegExp(`^/profile/${ACCOUNT_ID}/orders\\?from=\\d{4}-\\d{2}-\\d{2}$`)));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Nordic Cars');
    expect(screen.getByTestId('profile-email').textContent).toBe('nordic@cars.test');
    expect(screen.getByTestId('profile-role').textContent).toBe('Dealership');
    await waitFor(() => expect(screen.getByTestId('profile-counts').textContent).toBe('Orders: 42Sales people: 3'));
    expectVisible(await screen.findByText('Golf 01'));
    // the orders asked for are the account's
    expect(api.to('GET /orders/get-orders').every((r) => r.query.get('userId') === ACCOUNT_ID)).toBe(true);

    // the sales-person filter narrows the list through the URL
    fireEvent.mouseDown(within(screen.getByTestId('profile-orders-filters')).getAllByRole('combobox')[2]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Anna Sales' }));
    await waitFor(() => expect(api.to('GET /orders/get-orders').at(-1)!.query.get('salesMan')).toBe('s1'));
    expect(screen.getByTestId('location').textContent).toContain('salesMan=s1');
    // a row opens its order
    fireEvent.click(screen.getByText('Golf 01'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/o-Golf 01'));
  });

  it.each(['Dealership', 'Management', 'QA', 'Admin'] as const)('gives the admin all eight tabs of a %s account and the Delete user button', async (role) => {
    profileApi(signInAs({ userRole: 'Admin' }), account({ userRole: role }));
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Cars' });
    expect(tabNames()).toEqual(['Orders', 'Events', 'Statistics', 'Settings', 'Integrations', 'Style guides', 'Child accounts', 'Permissions']);
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('href')).toBe(`/profile/${ACCOUNT_ID}/events`);
    expectVisible(screen.getByRole('button', { name: 'Delete user' }));
  });

  it('settings: the admin edits the account in the account form, filled with the account', async () => {
    profileApi(signInAs({ userRole: 'Admin' }), account());
    renderAppAt(`/profile/${ACCOUNT_ID}/settings`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Cars' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Settings');
    const name = (await screen.findByRole('textbox', { name: /Dealership name/ })) as HTMLInputElement;
    expect(name.value).toBe('Nordic Cars');
  });

  it('gives QA the orders tab only and no Delete user', async () => {
    profileApi(signInAs({ userRole: 'QA' }), account());
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Cars' });
    expect(tabNames()).toEqual(['Orders']);
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
  });

  it.each([
    ['QA', `/profile/${ACCOUNT_ID}/permissions`],
    ['Dealership', `/profile/${ACCOUNT_ID}/orders`],
    ['Management', `/profile/${ACCOUNT_ID}`],
  ] as const)('shows %s the 401 page at %s', async (role, route) => {
    profileApi(signInAs({ userRole: role }), account());
    renderAppAt(route);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Permission Denied'));
    expect(screen.getByTestId('location').textContent).toBe('/error/401');
  });

  it('says on a dealership\'s child-accounts tab that only management accounts have them, and asks for no list', async () => {
    const api = profileApi(signInAs({ userRole: 'Admin' }), account());
    renderAppAt(`/profile/${ACCOUNT_ID}/child-accounts`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Cars' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Child accounts');
    expectVisible(await screen.findByText(/Only management accounts have child accounts/));
    expect(screen.getByTestId('location').textContent).toBe(`/profile/${ACCOUNT_ID}/child-accounts`);
    expect(api.to(`GET /users/get-child-accounts-data-by-user-id/${ACCOUNT_ID}`)).toEqual([]);
  });

  it('resends the invitation of an account that has not chosen its password, with the toast; a confirmed account has no such button', async () => {
    const api = profileApi(signInAs({ userRole: 'Admin' }), account({ userStatus: 'FORCE_CHANGE_PASSWORD' }), {
      'POST /users/resend-temporary-password': () => reply(200, { sent: true }),
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await mainToast()).toContain('A new invitation was sent to nordic@cars.test');
    expect(api.to('POST /users/resend-temporary-password').map((r) => r.body)).toEqual([{ email: 'nordic@cars.test' }]);
  });

  it('shows the refusal of a resend as an error toast', async () => {
    profileApi(signInAs({ userRole: 'Admin' }), account({ userStatus: 'FORCE_CHANGE_PASSWORD' }), {
      'POST /users/resend-temporary-password': () => reply(409, { statusCode: 409, message: 'A temporary password was just sent' }),
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await mainToast()).toContain('Resend invitation - Error: A temporary password was just sent');
  });

  it('offers no resend on a confirmed account, nor to QA', async () => {
    profileApi(signInAs({ userRole: 'Admin' }), account({ userStatus: 'CONFIRMED' }));
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    await screen.findByRole('button', { name: 'Delete user' });
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('offers QA no resend on an invited account', async () => {
    profileApi(signInAs({ userRole: 'QA' }), account({ userStatus: 'FORCE_CHANGE_PASSWORD' }));
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Cars' });
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });
});

describe('statistics', () => {
  it('shows the admin a dealership\'s statistics as its dashboard shows them, asked for that account', async () => {
    const api = profileApi(signInAs({ userRole: 'Admin' }), account(), dashboardRoutes(ACCOUNT_ID));
    renderAppAt(`/profile/${ACCOUNT_ID}/statistics`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Cars' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Statistics');
    const dashboard = await screen.findByTestId('dealership-dashboard');
    await waitFor(() => expectVisible(within(dashboard).getByText('Anna Sales')));
    expect(within(dashboard).getByTestId('half-doughnut-value').textContent).toBe('6 / 14');
    expect(api.to(`GET /dashboard/getDealershipOrderStatistics/${ACCOUNT_ID}`)).toHaveLength(1);
    // the admin's own numbers are not asked for
    expect(api.requests.filter((r) => r.path.startsWith('/dashboard/') && !r.path.endsWith(ACCOUNT_ID))).toEqual([]);
  });

  it('shows the management dashboard of a management account, with its child accounts to pick', async () => {
    const children = [childAccount('00000000-0000-4000-8000-0000000000d1', 'Nordic Auto Demo')];
    const api = profileApi(signInAs({ userRole: 'Admin' }), account({ userRole: 'Management', childAccounts: children.map((c) => c.id) }), dashboardRoutes(ACCOUNT_ID, { children }));
    renderAppAt(`/profile/${ACCOUNT_ID}/statistics`);
    const dashboard = await screen.findByTestId('management-dashboard', {});
    await waitFor(() => expectVisible(within(dashboard).getByText('Winter Showroom')));
    fireEvent.mouseDown(within(dashboard).getByRole('combobox', { name: 'Account' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Nordic Auto Demo']);
    expect(api.to(`GET /dashboard/get-orders-by-dealership/${ACCOUNT_ID}`)).toHaveLength(1);
  });

  it('says on a QA account\'s statistics tab why it has none, and asks for no statistics', async () => {
    const api = profileApi(signInAs({ userRole: 'Admin' }), account({ userRole: 'QA' }));
    renderAppAt(`/profile/${ACCOUNT_ID}/statistics`);
    expectVisible(await screen.findByText(/only dealership and management accounts order/));
    expect(screen.getByTestId('location').textContent).toBe(`/profile/${ACCOUNT_ID}/statistics`);
    expect(api.requests.filter((r) => r.path.startsWith('/dashboard/') && !r.path.startsWith('/dashboard/userStatistics'))).toEqual([]);
  });

  it('is not QA\'s: the 401 page', async () => {
    profileApi(signInAs({ userRole: 'QA' }), account());
    renderAppAt(`/profile/${ACCOUNT_ID}/statistics`);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Permission Denied'));
  });
});

describe('events', () => {
  it('pages the events of the account\'s orders by 10 and shows hidden ones on request', async () => {
    const event = (n: number, hidden = false) => ({
      id: `e${n}`,
      eventName: hidden ? 'DOWNLOADED' : 'NEW',
      payload: {},
      createdAt: '2026-11-20T10:00:00.000Z',
      user: null,
      order: { id: `o${n}`, orderName: `Golf ${n}` },
      isHidden: hidden,
      isPriority: false,
    });
    const api = profileApi(signInAs({ userRole: 'Admin' }), account(), {
      [`GET /events/user/${ACCOUNT_ID}`]: (r) => {
        const page = Number(r.query.get('page'));
        const hidden = r.query.get('isHidden') === 'true';
        const all = Array.from({ length: 12 }, (_, i) => event(i + 1)).concat(hidden ? [event(13, true)] : []);
        return reply(200, { items: all.slice((page - 1) * 10, page * 10), total: all.length, page, pageSize: 10 });
      },
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/events`);
    const list = await screen.findByTestId('profile-events', {});
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(within(list).getByRole('link', { name: 'Golf 1' }).getAttribute('href')).toBe('/order/o1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.to(`GET /events/user/${ACCOUNT_ID}`).at(-1)!.query.get('page')).toBe('2');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('switch', { name: 'Show hidden events' }));
    await waitFor(() => expect(api.to(`GET /events/user/${ACCOUNT_ID}`).at(-1)!.query.get('isHidden')).toBe('true'));
    // back to the first page
    expect(api.to(`GET /events/user/${ACCOUNT_ID}`).at(-1)!.query.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expectVisible(within(list).getByRole('link', { name: 'Golf 13' }));
  });
});

describe('deleting the account', () => {
  it('says "Invalid name" for a wrong code and sends nothing; the shown code deletes it and goes back to /customers', async () => {
    const api = profileApi(signInAs({ userRole: 'Admin' }), account(), { 'POST /users/delete-user-account': () => reply(200, { deleted: true }) });
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Type the confirmation code "a1b2c3d4" to confirm/).textContent).toContain('Deleting Nordic Cars');
    const code = within(dialog).getByRole('textbox', { name: 'Confirmation code' });
    fireEvent.change(code, { target: { value: 'a1b2c3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expectFieldError(code, 'Invalid name'));
    expect(api.to('POST /users/delete-user-account')).toHaveLength(0);

    fireEvent.change(code, { target: { value: HASH } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('POST /users/delete-user-account')).toHaveLength(1));
    expect(api.to('POST /users/delete-user-account')[0]!.body).toEqual({ userId: ACCOUNT_ID, hash: HASH });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
    expect(await mainToast()).toBe('Delete user - Successfully');
  });
});

/** A set kept by the fake server, answered after each change. */
function guideApi(me: MeView) {
  const guide = (id: string, name: string): StyleGuideListItem =>
    ({ id, name, outputWidth: 1600, outputHeight: 1200, maxImageSize: 800000, createdAt: '', updatedAt: '', configurationCount: 0, logo: null }) as StyleGuideListItem;
  const all = [guide('g1', 'Showroom white'), guide('g2', 'Outdoor grey'), guide('g3', 'Studio black')];
  let assigned = [all[0]!];
  const body = (r: FakeRequest) => r.body as { userId: string; styleGuideId: string };
  return profileApi(me, account(), {
    'GET /style-guides': () => reply(200, { items: all, total: all.length, page: 1, pageSize: 10 }),
    [`GET /style-guides/user/${ACCOUNT_ID}`]: () => reply(200, assigned),
    'POST /style-guides/add-style-guide-to-user': (r) => {
      assigned = [...assigned, all.find((g) => g.id === body(r).styleGuideId)!];
      return reply(200, { added: true });
    },
    'DELETE /style-guides/remove-style-guide-to-user': (r) => {
      assigned = assigned.filter((g) => g.id !== body(r).styleGuideId);
      return reply(200, { removed: true });
    },
  });
}

describe('two tables: all on the left, the account\'s on the right', () => {
  it('adds and removes a style guide with its toasts', async () => {
    const api = guideApi(signInAs({ userRole: 'Admin' }));
    renderAppAt(`/profile/${ACCOUNT_ID}/styleguides`);
    const right = await screen.findByTestId('assigned', {});
    await within(right).findByText('Showroom white');
    const left = screen.getByTestId('available');
    await within(left).findByText('Outdoor grey');
    // an assigned guide is not offered again
    expect(within(left).queryByRole('button', { name: 'Add Showroom white' })).toBeNull();

    fireEvent.click(within(left).getByRole('button', { name: 'Add Outdoor grey' }));
    expect(await mainToast()).toBe('Style guide added to the user');
    await closeToast();
    expect(api.to('POST /style-guides/add-style-guide-to-user')[0]!.body).toEqual({ userId: ACCOUNT_ID, styleGuideId: 'g2' });
    expectVisible(await within(right).findByText('Outdoor grey'));

    fireEvent.click(within(right).getByRole('button', { name: 'Remove Showroom white' }));
    await waitFor(() => expect(within(right).queryByText('Showroom white')).toBeNull());
    expect(api.to('DELETE /style-guides/remove-style-guide-to-user')[0]!.body).toEqual({ userId: ACCOUNT_ID, styleGuideId: 'g1' });
    expect(await mainToast()).toBe('Style guide removed from the user');
    expectVisible(within(left).getByRole('button', { name: 'Add Showroom white' }));
  });

  it('shows permissions by group with readable names and descriptions, not raw names, and sets the whole list on add and remove', async () => {
    const perm = (id: string, name: string, group: PermissionView['group']): PermissionView => ({ id, name, group });
    const permissionList = [perm('p1', 'READ_ORDERS', 'orders'), perm('p2', 'READ_USER_EVENTS', 'events'), perm('p3', 'READ_USER_INTEGRATIONS', 'integrations')];
    let held = [permissionList[0]!];
    const api = profileApi(signInAs({ userRole: 'Admin' }), account(), {
      'GET /permissions': () => reply(200, permissionList),
      [`GET /permissions/get-permissions-for-user-by-user-id/${ACCOUNT_ID}`]: () => reply(200, held),
      [`PUT /permissions/user/${ACCOUNT_ID}`]: (r) => {
        const ids = (r.body as { permissions: string[] }).permissions;
        held = permissionList.filter((p) => ids.includes(p.id));
        return reply(200, held);
      },
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/permissions`);
    const left = await screen.findByTestId('available', {});
    await within(left).findByText('View account events');
    expectVisible(within(left).getByText('Read the timeline of events of orders and accounts.'));
    expectVisible(within(left).getByText('View integrations'));
    // the raw names are nowhere on the screen
    for (const raw of ['READ_ORDERS', 'READ_USER_EVENTS', 'READ_USER_INTEGRATIONS']) expect(screen.queryByText(raw)).toBeNull();
    // groups in the contract's order: events before orders before integrations
    const headings = within(left).getAllByRole('rowheader').map((h) => h.textContent);
    expect(headings).toEqual(['Events', 'Orders', 'Integrations']);

    fireEvent.click(within(left).getByRole('button', { name: 'Add View account events' }));
    expect(await mainToast()).toBe('Permission added');
    await closeToast();
    expect(api.to(`PUT /permissions/user/${ACCOUNT_ID}`)[0]!.body).toEqual({ permissions: ['p1', 'p2'] });
    const right = screen.getByTestId('assigned');
    expectVisible(await within(right).findByText('View account events'));

    fireEvent.click(within(right).getByRole('button', { name: 'Remove View orders' }));
    await waitFor(() => expect(within(right).queryByText('View orders')).toBeNull());
    expect(api.to(`PUT /permissions/user/${ACCOUNT_ID}`)[1]!.body).toEqual({ permissions: ['p2'] });
    expect(await mainToast()).toBe('Permission removed');
  });

  it('names a permission the web app does not know yet by its raw name', async () => {
    profileApi(signInAs({ userRole: 'Admin' }), account(), {
      'GET /permissions': () => reply(200, [{ id: 'p9', name: 'READ_SOMETHING_NEW', group: 'settings' }]),
      [`GET /permissions/get-permissions-for-user-by-user-id/${ACCOUNT_ID}`]: () => reply(200, []),
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/permissions`);
    const left = await screen.findByTestId('available', {});
    expectVisible(await within(left).findByText('READ_SOMETHING_NEW'));
  });

  it('adds a child account to a management account and shows a refusal as an error toast', async () => {
    const dealer = (id: string, name: string) => ({ ...account({ id, displayName: name, email: `${id}@cars.test` }) });
    const all = [dealer('d1', 'Odense Auto'), dealer('d2', 'Aarhus Biler')];
    let children: UserView[] = [];
    const api = profileApi(signInAs({ userRole: 'Admin' }), account({ userRole: 'Management', displayName: 'Nordic Group' }), {
      'GET /users': () => reply(200, { items: all, total: 2, page: 1, pageSize: 10 }),
      [`GET /users/get-child-accounts-data-by-user-id/${ACCOUNT_ID}`]: () => reply(200, children),
      [`PUT /users/childAccounts/${ACCOUNT_ID}`]: (r) => {
        const ids = (r.body as { childAccounts: string[] }).childAccounts;
        if (ids.includes('d2')) return fail(400, 'Aarhus Biler cannot be a child account');
        children = all.filter((a) => ids.includes(a.id));
        return reply(200, children);
      },
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/child-accounts`);
    const left = await screen.findByTestId('available', {});
    fireEvent.click(await within(left).findByRole('button', { name: 'Add Odense Auto' }));
    expect(await mainToast()).toBe('Child account added');
    await closeToast();
    expect(api.to(`PUT /users/childAccounts/${ACCOUNT_ID}`)[0]!.body).toEqual({ childAccounts: ['d1'] });
    expectVisible(await within(screen.getByTestId('assigned')).findByText('Odense Auto'));
    expect(api.to('GET /users')[0]!.query.get('userRole')).toBe('Dealership');

    fireEvent.click(within(left).getByRole('button', { name: 'Add Aarhus Biler' }));
    expect(await mainToast()).toBe('Add child account - Error: Aarhus Biler cannot be a child account');
    expect(within(screen.getByTestId('assigned')).queryByText('Aarhus Biler')).toBeNull();
  });
});

describe('integrations', () => {
  const integration = (provider: string, label: string, extra: Partial<IntegrationView> = {}): IntegrationView =>
    testIntegration({ id: `i-${provider}`, userId: ACCOUNT_ID, provider, label, createdAt: '', updatedAt: '', ...extra });
  const providers: ProviderView[] = [
    { provider: 'GENERIC_FTP', label: 'FTP server', integrationType: 'FTP' },
    { provider: 'S3_BUCKET', label: 'S3 bucket', integrationType: 'BLOB' },
    { provider: 'WEBHOOK_API', label: 'HTTP webhook', integrationType: 'API' },
  ];

  function integrationsApi(more: Record<string, FakeHandler> = {}) {
    let list = [integration('GENERIC_FTP', 'FTP server', { hasPassword: true, Username: 'ftp-user' }), integration('S3_BUCKET', 'S3 bucket', { integrationType: 'BLOB' })];
    const update = (r: FakeRequest) => {
      const id = r.path.split('/').pop();
      list = list.map((i) => (i.id === id ? { ...i, ...(r.body as Partial<IntegrationView>), hasPassword: i.hasPassword || Boolean((r.body as { Password?: string }).Password) } : i));
      return reply(200, list.find((i) => i.id === id));
    };
    return profileApi(signInAs({ userRole: 'Admin' }), account(), {
      'GET /remote-integration/providers': () => reply(200, providers),
      [`GET /remote-integration/user/${ACCOUNT_ID}`]: () => reply(200, list),
      'PUT /remote-integration/i-GENERIC_FTP': update,
      'PUT /remote-integration/i-S3_BUCKET': update,
      'POST /remote-integration': (r) => {
        const b = r.body as { provider: string };
        const created = integration(b.provider, providers.find((p) => p.provider === b.provider)!.label, { integrationType: 'API' });
        list = [...list, created];
        return reply(201, created);
      },
      ...more,
    });
  }

  /** The integrations tab with the Add integration dialog open and its providers unfolded. */
  async function openAddDialog(): Promise<HTMLElement> {
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    await screen.findByTestId('integration-GENERIC_FTP', {});
    fireEvent.click(screen.getByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    return dialog;
  }

  /** Flips an integration's switch that is `from` now: the toast, and the switch shows the other state. */
  async function flip(name: string, from: boolean) {
    const toggle = (await screen.findByRole('switch', { name })) as HTMLInputElement;
    expect(toggle.checked).toBe(from);
    fireEvent.click(toggle);
    expect(await mainToast()).toBe('Integration updated');
    await waitFor(() => expect((screen.getByRole('switch', { name }) as HTMLInputElement).checked).toBe(!from));
  }

  it('offers only providers the account does not have, and adds one', async () => {
    const api = integrationsApi();
    const dialog = await openAddDialog();
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['HTTP webhook']);
    fireEvent.click(screen.getByRole('option', { name: 'HTTP webhook' }));
    fireEvent.change(within(dialog).getByLabelText('User name'), { target: { value: 'hook' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST /remote-integration')).toHaveLength(1));
    expect(api.to('POST /remote-integration')[0]!.body).toEqual({ provider: 'WEBHOOK_API', isActive: true, autoDeliver: false, userId: ACCOUNT_ID, Username: 'hook' });
    expectVisible(await screen.findByTestId('integration-WEBHOOK_API'));
    // every provider is taken now: nothing left to add
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add integration' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('switches one off with "Integration updated"', async () => {
    const api = integrationsApi();
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    await flip('S3 bucket active', true);
    expect(api.to('PUT /remote-integration/i-S3_BUCKET')[0]!.body).toEqual({ isActive: false });
  });

  it('switches automatic delivery on for one integration, off by default', async () => {
    const api = integrationsApi();
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    expectVisible(within(await screen.findByTestId('integration-GENERIC_FTP')).getByText('Deliver each order here by itself once it is Ready to download'));
    await flip('Deliver orders to FTP server automatically', false);
    expect(api.to('PUT /remote-integration/i-GENERIC_FTP')[0]!.body).toEqual({ autoDeliver: true });
    expect((screen.getByRole('switch', { name: 'Deliver orders to S3 bucket automatically' }) as HTMLInputElement).checked).toBe(false);
  });

  it('adds an integration that delivers automatically', async () => {
    const api = integrationsApi();
    const dialog = await openAddDialog();
    fireEvent.click(await screen.findByRole('option', { name: 'HTTP webhook' }));
    const auto = within(dialog).getByRole('switch', { name: 'Deliver automatically' }) as HTMLInputElement;
    expect(auto.checked).toBe(false);
    fireEvent.click(auto);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST /remote-integration')).toHaveLength(1));
    expect(api.to('POST /remote-integration')[0]!.body).toEqual({ provider: 'WEBHOOK_API', isActive: true, autoDeliver: true, userId: ACCOUNT_ID });
  });

  it('edits credentials only in edit mode, never shows the password, and saves only with a user name or password', async () => {
    const api = integrationsApi();
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    const ftp = await screen.findByTestId('integration-GENERIC_FTP', {});
    // outside edit mode: no field, only whether a password is stored
    expect(within(ftp).queryByRole('textbox')).toBeNull();
    expectVisible(within(ftp).getByText('A password is stored'));
    const s3 = screen.getByTestId('integration-S3_BUCKET');
    fireEvent.click(within(s3).getByRole('button', { name: 'Edit the credentials of S3 bucket' }));
    const save = within(s3).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const password = within(s3).getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    fireEvent.change(password, { target: { value: 'bucket-secret' } });
    expect(save.disabled).toBe(false);
    fireEvent.change(password, { target: { value: '' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(s3).getByLabelText('User name'), { target: { value: 'uploader' } });
    fireEvent.change(password, { target: { value: 'bucket-secret' } });
    fireEvent.click(save);
    expect(await mainToast()).toBe('Integration updated');
    expect(api.to('PUT /remote-integration/i-S3_BUCKET')[0]!.body).toEqual({ Username: 'uploader', Password: 'bucket-secret' });
    // back out of edit mode, the password not shown
    await waitFor(() => expect(within(screen.getByTestId('integration-S3_BUCKET')).queryByLabelText('Password')).toBeNull());
    expectVisible(await within(screen.getByTestId('integration-S3_BUCKET')).findByText('A password is stored'));
    expect(screen.queryByText('bucket-secret')).toBeNull();
  });
  it('sets the provider\'s settings and output rules, with the files of a sample order previewed as the rules are typed', async () => {
    const api = integrationsApi();
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    const ftp = await screen.findByTestId('integration-GENERIC_FTP', {});
    fireEvent.click(within(ftp).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of FTP server' });
    // the preview starts with the default rules: every position, order name and position
    const preview = within(dialog).getByTestId('delivery-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(12);
    expectVisible(within(preview).getByText('Volvo XC60 2026-1.jpg'));
    // a missing host is refused before anything is sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectFieldError(within(dialog).getByLabelText(/^Host/), 'Host is required');
    expect(api.to('PUT /remote-integration/i-GENERIC_FTP')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Host/), { target: { value: 'ftp.nordic.test' } });
    fireEvent.change(within(dialog).getByLabelText(/^Port/), { target: { value: '2121' } });
    fireEvent.change(within(dialog).getByLabelText('Positions, in order'), { target: { value: '5, 1' } });
    fireEvent.change(within(dialog).getByLabelText('File name pattern'), { target: { value: '{index}-{angle}' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Format'));
    fireEvent.click(await screen.findByRole('option', { name: 'PNG' }));
    await waitFor(() => expect(within(within(dialog).getByTestId('delivery-preview')).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['1-Rear.png', '2-Front.png']));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Put the "digitally edited" label on' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await mainToast()).toBe('Integration updated');
    expect(api.to('PUT /remote-integration/i-GENERIC_FTP')[0]!.body).toEqual({
      settings: { host: 'ftp.nordic.test', port: 2121, secure: false, verifyCertificate: true, writeManifest: false },
      outputRules: { ...DEFAULT_OUTPUT_RULES, positions: [5, 1], format: 'png', fileNamePattern: '{index}-{angle}', editedLabel: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // many steps through a dialog: more than the default 5 s on a busy machine (over 15 s seen with both cores taken)
  }, 30_000);

  it('sets a SharePoint library: tenant and drive required, the folder, and says what the user name and password are', async () => {
    const sharepoint = integration('SHAREPOINT', 'SharePoint library', { integrationType: 'BLOB' });
    const api = integrationsApi({
      [`GET /remote-integration/user/${ACCOUNT_ID}`]: () => reply(200, [sharepoint]),
      'PUT /remote-integration/i-SHAREPOINT': (r) => reply(200, { ...sharepoint, ...(r.body as Partial<IntegrationView>) }),
    });
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    const card = await screen.findByTestId('integration-SHAREPOINT', {});
    expectVisible(within(card).getByText('No destination set yet: open Settings'));
    fireEvent.click(within(card).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of SharePoint library' });
    expectVisible(within(dialog).getByTestId('sharepoint-credentials-hint'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectFieldError(within(dialog).getByLabelText(/^Tenant \(directory\) ID/), 'Tenant (directory) ID is required');
    expect(api.to('PUT /remote-integration/i-SHAREPOINT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Tenant \(directory\) ID/), { target: { value: 'contoso.onmicrosoft.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Library drive ID/), { target: { value: 'b!Xk3d-library' } });
    fireEvent.change(within(dialog).getByLabelText(/^Folder/), { target: { value: '/Cars' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await mainToast()).toBe('Integration updated');
    expect(api.to('PUT /remote-integration/i-SHAREPOINT')[0]!.body).toMatchObject({
      settings: { tenantId: 'contoso.onmicrosoft.com', driveId: 'b!Xk3d-library', path: '/Cars' },
    });
  }, 15_000);

  it('tests the connection and shows the answer, what failed in words', async () => {
    let answer = { ok: false, message: 'Login: ftp://ftp.nordic.test:21/ refused the user name or password (530 Login incorrect)' };
    const api = integrationsApi({ 'POST /remote-integration/i-GENERIC_FTP/test-connection': () => reply(200, answer) });
    renderAppAt(`/profile/${ACCOUNT_ID}/integrations`);
    const ftp = await screen.findByTestId('integration-GENERIC_FTP', {});
    fireEvent.click(within(ftp).getByRole('button', { name: 'Test connection' }));
    const result = await within(ftp).findByTestId('test-connection-result');
    expect(result.textContent).toBe('Not connected: Login: ftp://ftp.nordic.test:21/ refused the user name or password (530 Login incorrect)');
    answer = { ok: true, message: 'Logged in to ftp://ftp.nordic.test:21/ and listed the folder (3 entries)' };
    fireEvent.click(within(ftp).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(within(ftp).getByTestId('test-connection-result').textContent).toBe('Connected: Logged in to ftp://ftp.nordic.test:21/ and listed the folder (3 entries)'));
    expect(api.to('POST /remote-integration/i-GENERIC_FTP/test-connection')).toHaveLength(2);
  });
});

import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView } from '@app/contracts/wire';
import { sessionStore } from '../api/session';
import { fail, fakeApi, reply, testUser } from '../test/fakeApi';
import { renderAppAt, renderWithApp } from '../test/render';
import { RequireAccess, RequireSignedIn } from './guards';
import { expectVisible } from '../test/visible';

const settings = [
  { name: 'CONTACT_EMAIL', value: 'help@photo.test', valueType: 'string' },
  { name: 'CONTACT_NUMBER_INT', value: '+45 70 11 22 33', valueType: 'string' },
  { name: 'CONTACT_NUMBER_DK', value: '70 11 22 33', valueType: 'string' },
];

function signedInAs(user: MeView = testUser()) {
  sessionStore.start({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 }, user);
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, settings),
    'GET /orders/get-orders': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('redirects between sign-in and the app', () => {
  it('signed out: a screen of signed-in users sends to /auth/login', async () => {
    fakeApi({});
    renderAppAt('/account');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in'));
    expect(location()).toBe('/auth/login');
  });

  it.each(['/', '/auth', '/auth/me'])('signed out: %s goes to /auth/login', async (path) => {
    fakeApi({});
    renderAppAt(path);
    await waitFor(() => expect(location()).toBe('/auth/login'));
  });

  it.each(['/', '/auth', '/auth/me', '/auth/login', '/forget-password'])('signed in: %s goes to the landing screen, the orders list', async (path) => {
    signedInAs();
    renderAppAt(path);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders'));
    expect(location()).toBe('/orders');
  });

  it('unknown paths go to the 404 page\'s route, signed in or not', async () => {
    fakeApi({});
    renderAppAt('/no/such/page');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found'));
    expect(location()).toBe('/error/404');
  });

  it('a signed-in user on an unknown path goes to /error/404 too', async () => {
    signedInAs();
    renderAppAt('/no-such-screen');
    await waitFor(() => expect(location()).toBe('/error/404'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
  });

  it('shows the splash while the user is being fetched', async () => {
    // a stored session without a user snapshot (the snapshot would show at once)
    window.localStorage.setItem('auth', JSON.stringify({ accessToken: 'a', refreshToken: 'r', user: null }));
    sessionStore.reload();
    fakeApi({ 'GET /me': () => new Promise<Response>(() => undefined) });
    renderAppAt('/account');
    expectVisible(await screen.findByRole('status', { name: 'Loading…' }));
  });
});

describe('signed-in layout', () => {
  it('user menu: display name, e-mail, account settings and sign out', async () => {
    signedInAs();
    renderAppAt('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'ND – Account menu of Nordic Auto Demo' }));
    const identity = await screen.findByTestId('user-menu-identity');
    expect(identity.textContent).toBe('Nordic Auto Demodealer@demo.test');
    expect(screen.getByRole('menuitem', { name: 'Account settings' }).getAttribute('href')).toBe('/account/settings');
    expect(screen.getByRole('menuitem', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
  });

  it("user menu of a sales person: the sales person's e-mail", async () => {
    signedInAs(testUser({ loggedInSalesPersonInfo: { id: 's1', name: 'Anna Sales', email: 'anna.sales@demo.test' } }));
    renderAppAt('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'AS – Account menu of Nordic Auto Demo' }));
    const identity = await screen.findByTestId('user-menu-identity');
    expectVisible(within(identity).getByText('anna.sales@demo.test'));
    expect(within(identity).queryByText('dealer@demo.test')).toBeNull();
    expectVisible(within(identity).getByText('Signed in as Anna Sales'));
  });

  it('footer: privacy, cookies, about, and the contact from app settings (Danish number in Denmark)', async () => {
    signedInAs();
    renderAppAt('/account');
    const contact = await screen.findByTestId('footer-contact');
    expect(within(contact).getByRole('link', { name: /70 11 22 33/ }).getAttribute('href')).toBe('tel:70112233');
    expect(within(contact).getByRole('link', { name: /help@photo.test/ }).getAttribute('href')).toBe('mailto:help@photo.test');
    for (const name of ['Privacy policy', 'Cookie policy', 'About']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cookie policy' }));
    expectVisible(await screen.findByText('This application sets no cookies.'));
  });

  it('footer: the international number outside Denmark', async () => {
    signedInAs(testUser({ address: { country: 'Hungary', city: 'Budapest', postalCode: '', address: '', companyId: '' } }));
    renderAppAt('/account');
    const contact = await screen.findByTestId('footer-contact');
    expect(within(contact).getByRole('link', { name: /\+45 70 11 22 33/ }).getAttribute('href')).toBe('tel:+4570112233');
  });

  it('the header menu shows the screens that exist (Dashboard, Orders, Sales people, Customers, QA list), and the Create order shortcut leads to /create-order', async () => {
    signedInAs(testUser({ userRole: 'Admin', permissions: [] }));
    renderAppAt('/account');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My account'));
    const links = within(screen.getByTestId('header-menu')).queryAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/dashboard', '/orders', '/salesmen', '/customers', '/editing-page']);
    expect(screen.getByTestId('toolbar-shortcut').getAttribute('href')).toBe('/create-order');
  });

  it('no Create order shortcut without the create-orders permission', async () => {
    signedInAs(testUser({ userRole: 'Management', permissions: [] }));
    renderAppAt('/account');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My account'));
    expect(within(screen.getByTestId('header-menu')).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.queryByTestId('toolbar-shortcut')).toBeNull();
  });
});

describe('session ends', () => {
  it('a session that cannot be refreshed: the message, /logout, then sign-in', async () => {
    sessionStore.start({ accessToken: 'old', refreshToken: 'spent', expiresIn: 900 }, testUser());
    const gateway = fakeApi({
      'GET /me': () => fail(401, 'Unauthorized'),
      'GET /appSettings': () => fail(401, 'Unauthorized'),
      'POST /auth/refresh': () => fail(401, 'Your session cannot be refreshed. Please log in again'),
      'POST /auth/logout': () => fail(401, 'Unauthorized'),
    });
    renderAppAt('/account');

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in'));
    expect((await screen.findByTestId('toast-notice')).textContent).toBe('Your session cannot be refreshed. Please log in again');
    expect(location()).toBe('/auth/login');
    expect(sessionStore.get()).toBeNull();
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
  });

  it('a 401 after a good refresh shows /error/401', async () => {
    sessionStore.start({ accessToken: 'old', refreshToken: 'good', expiresIn: 900 }, testUser());
    fakeApi({
      'GET /me': () => fail(401, 'Unauthorized'),
      'GET /appSettings': () => reply(200, []),
      'POST /auth/refresh': () => reply(200, { accessToken: 'new', refreshToken: 'next', expiresIn: 900 }),
    });
    renderAppAt('/account');

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Permission Denied'));
    expect(location()).toBe('/error/401');
  });

  it('/logout ends the session on the server and here', async () => {
    const gateway = signedInAs();
    renderAppAt('/logout');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in'));
    expect(gateway.to('POST /auth/logout').map((r) => r.headers['Authorization'])).toEqual(['Bearer access-1']);
    expect(sessionStore.get()).toBeNull();
    expect(window.localStorage.getItem('auth')).toBeNull();
  });
});

describe('screens that need a role or permission', () => {
  const guarded = (requires: Parameters<typeof RequireAccess>[0]['requires']) => (
    <RequireSignedIn>
      <RequireAccess requires={requires}>
        <p>order creator</p>
      </RequireAccess>
    </RequireSignedIn>
  );

  it('show /error/401 without the permission', async () => {
    signedInAs(testUser({ permissions: ['READ_ORDERS'] }));
    renderWithApp(guarded({ permission: 'CREATE_ORDERS' }), { route: '/create-order' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/error/401'));
    expect(screen.queryByText('order creator')).toBeNull();
  });

  it('show the screen with it (any case)', async () => {
    signedInAs(testUser({ permissions: ['create_orders'] }));
    renderWithApp(guarded({ permission: 'CREATE_ORDERS' }), { route: '/create-order' });
    expectVisible(await screen.findByText('order creator'));
  });

  it('check the role too', async () => {
    signedInAs(testUser({ userRole: 'QA', permissions: [] }));
    renderWithApp(guarded({ roles: ['Admin'] }), { route: '/create-account' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/error/401'));
  });
});

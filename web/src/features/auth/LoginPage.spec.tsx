import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { getStoredLanguage } from '../../i18n/languages';
import { initI18n } from '../../i18n';
import { expectFieldError } from '../../test/visible';

/** the landing screen (the orders list) asks for its first page */
const noOrders = () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 });

const signedIn = (user = testUser()) => reply(200, { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, user });

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(async () => {
  await initI18n('en');
});

describe('/auth/login', () => {
  it('Enter in the password field submits; a signed-in user lands on the landing screen', async () => {
    const user = testUser();
    const gateway = fakeApi({
      'POST /auth/login': () => signedIn(user),
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      'GET /orders/get-orders': noOrders,
    });
    renderAppAt('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    type(/^E-mail/, 'dealer@demo.test');
    type(/^Password/, 'Demo-Pass-2026!');
    fireEvent.submit(screen.getByLabelText(/^Password/).closest('form')!);

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders'));
    expect(gateway.to('POST /auth/login')[0]?.body).toEqual({ email: 'dealer@demo.test', password: 'Demo-Pass-2026!' });
    expect(sessionStore.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(screen.getByTestId('location').textContent).toBe('/orders');
  });

  it('a wrong password shows the mapped message and stays', async () => {
    fakeApi({ 'POST /auth/login': () => fail(401, 'Incorrect username or password.') });
    renderAppAt('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    type(/^E-mail/, 'dealer@demo.test');
    type(/^Password/, 'Wrong-Pass-1!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(sessionStore.get()).toBeNull();

    // a new attempt that fails the field checks drops the old answer
    type(/^Password/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Password/), 'Password is required'));
    expect(screen.queryByText('Incorrect username or password.')).toBeNull();
  });

  it('checks the fields before asking the server', async () => {
    const gateway = fakeApi({});
    renderAppAt('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    type(/^E-mail/, 'not-an-email');
    type(/^Password/, '123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expectFieldError(screen.getByLabelText(/^E-mail/), 'E-mail is not valid'));
    expectFieldError(screen.getByLabelText(/^Password/), 'Password minimum length is 6');
    expect(gateway.requests).toEqual([]);
  });

  it('the new-password challenge: a new password, then signed in', async () => {
    const user = testUser();
    const gateway = fakeApi({
      'POST /auth/login': () => reply(200, { challenge: 'NEW_PASSWORD_REQUIRED', session: 'challenge-session-0123456789' }),
      'POST /auth/new-password': () => signedIn(user),
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      'GET /orders/get-orders': noOrders,
    });
    renderAppAt('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    type(/^E-mail/, 'new@demo.test');
    type(/^Password/, 'Temporary-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a new password'));
    type(/^New password/, 'Brand-New-Pass-42!');
    type(/^Repeat the new password/, 'Brand-New-Pass-4');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Repeat the new password/), 'The passwords do not match'));
    expect(gateway.to('POST /auth/new-password')).toEqual([]);

    type(/^Repeat the new password/, 'Brand-New-Pass-42!');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders'));
    expect(gateway.to('POST /auth/new-password')[0]?.body).toEqual({ session: 'challenge-session-0123456789', newPassword: 'Brand-New-Pass-42!' });
  });

  it("the user's saved language applies at sign-in", async () => {
    const user = testUser({ language: 'de' });
    fakeApi({ 'POST /auth/login': () => signedIn(user), 'GET /me': () => reply(200, user), 'GET /appSettings': () => reply(200, []), 'GET /orders/get-orders': noOrders });
    renderAppAt('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    type(/^E-mail/, 'dealer@demo.test');
    type(/^Password/, 'Demo-Pass-2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aufträge'));
    expect(getStoredLanguage()).toBe('de');
  });

  it('comes back to the page that sent the visitor to sign in', async () => {
    const user = testUser();
    fakeApi({ 'POST /auth/login': () => signedIn(user), 'GET /me': () => reply(200, user), 'GET /appSettings': () => reply(200, []) });
    renderAppAt('/account/settings');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    type(/^E-mail/, 'dealer@demo.test');
    type(/^Password/, 'Demo-Pass-2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account/settings'));
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import type { SalesPersonView, UserListItem, UserView } from '@app/contracts/wire';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testUser } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';

const admin = testUser({ id: '00000000-0000-4000-8000-000000000001', userRole: 'Admin', displayName: 'Head Office', email: 'admin@demo.test' });
const qa = testUser({ id: '00000000-0000-4000-8000-000000000002', userRole: 'QA', displayName: 'QA Team', email: 'qa@demo.test' });
const dealer = testUser();

const row = (id: string, displayName: string): UserListItem => ({
  id,
  displayName,
  email: `${id.slice(-4)}@example.test`,
  userRole: 'Dealership',
  address: dealer.address,
  contactPerson: dealer.contactPerson,
  userStatus: 'CONFIRMED',
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
});

function signIn(user = admin, extra: Parameters<typeof fakeApi>[0] = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return fakeApi({ 'GET /me': () => reply(200, user), 'GET /appSettings': () => reply(200, []), ...extra });
}
const location = () => screen.getByTestId('location').textContent;
/** the first test of a run pays for loading the lazy screens (slow when jest runs many files at once) */
const LAZY = { timeout: 10_000 };
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const pad = (n: number) => String(n).padStart(2, '0');
/** the customers list's first date: 14 days before today, as the date field shows it */
function fourteenDaysAgo(): string {
  const d = new Date();
  d.setDate(d.getDate() - 14);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe('/customers', () => {
  it('keeps the country and role filters in the URL, sends them, and resets them', async () => {
    const api = signIn(admin, {
      'GET /users': () => reply(200, { items: [row('00000000-0000-4000-8000-00000000aaaa', 'Fjord Cars')], total: 1, page: 1, pageSize: 10 }),
    });
    renderAppAt('/customers?country=Denmark&from=2026-01-01');
    await waitFor(() => expect(heading()).toBe('Customers'), LAZY);
    await screen.findByText('Fjord Cars');
    expect(api.to('GET /users').at(-1)!.query.get('country')).toBe('Denmark');

    fireEvent.mouseDown(within(screen.getByTestId('customers-filters')).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Management' }));
    await waitFor(() => expect(location()).toBe('/customers?country=Denmark&from=2026-01-01&userRole=Management'));
    await waitFor(() => expect(api.to('GET /users').at(-1)!.query.get('userRole')).toBe('Management'));

    // the reset goes back to the first view: every filter cleared, the dates 14 days back
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location()).toBe(`/customers?from=${fourteenDaysAgo()}`));
    // the shortcut on this page is "Create account"
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/create-account');
    expect(screen.queryByRole('link', { name: 'Create order' })).toBeNull();
  });

  it('sends the search 500 ms after the last key and writes it into the URL', async () => {
    const api = signIn(admin, { 'GET /users': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }) });
    renderAppAt('/customers?from=2026-01-01');
    await waitFor(() => expect(heading()).toBe('Customers'), LAZY);
    await waitFor(() => expect(api.to('GET /users').length).toBe(1));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'fjord' } });
    expect(location()).toBe('/customers?from=2026-01-01');
    await waitFor(() => expect(location()).toBe('/customers?from=2026-01-01&search=fjord'));
    await waitFor(() => expect(api.to('GET /users').at(-1)!.query.get('search')).toBe('fjord'));
  });

  it('starts the creation dates 14 days back, in the URL and the request, and sends the dates the admin picks', async () => {
    const api = signIn(admin, { 'GET /users': () => reply(200, { items: [row('00000000-0000-4000-8000-00000000aaaa', 'Fjord Cars')], total: 1, page: 1, pageSize: 10 }) });
    renderAppAt('/customers');
    await screen.findByText('Fjord Cars', {}, LAZY);
    expect(location()).toBe(`/customers?from=${fourteenDaysAgo()}`);
    // the first request already holds the default: no list of every account is asked for first
    expect(api.to('GET /users').map((r) => r.query.get('from'))).toEqual([fourteenDaysAgo()]);
    const filters = within(screen.getByTestId('customers-filters'));
    expect((filters.getByLabelText('Created from') as HTMLInputElement).value).toBe(fourteenDaysAgo());

    fireEvent.change(filters.getByLabelText('Created from'), { target: { value: '2025-06-01' } });
    fireEvent.change(filters.getByLabelText('Created to'), { target: { value: '2025-06-30' } });
    await waitFor(() => expect(location()).toBe('/customers?from=2025-06-01&to=2025-06-30'));
    await waitFor(() => expect(api.to('GET /users').at(-1)!.query.toString()).toBe('page=1&from=2025-06-01&to=2025-06-30'));
  });

  it('gives QA the same creation dates on its customers list', async () => {
    const api = signIn(qa, { 'GET /users/customers': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }) });
    renderAppAt('/customers?to=2026-02-01');
    await waitFor(() => expect(api.to('GET /users/customers').length).toBe(1), LAZY);
    expect(api.to('GET /users/customers')[0]!.query.get('from')).toBe(fourteenDaysAgo());
    expect(api.to('GET /users/customers')[0]!.query.get('to')).toBe('2026-02-01');
  });

  it('shows QA the dealerships with their order counts', async () => {
    const api = signIn(qa, {
      'GET /users/customers': () =>
        reply(200, { items: [{ ...row('00000000-0000-4000-8000-00000000bbbb', 'Bravo Biler'), ordersCount: 17 }], total: 1, page: 1, pageSize: 10 }),
    });
    renderAppAt('/customers');
    await screen.findByText('Bravo Biler', {}, LAZY);
    expectVisible(screen.getByRole('columnheader', { name: 'Orders' }));
    expectVisible(screen.getByText('17'));
    expect(api.to('GET /users')).toEqual([]);
    // QA creates no account
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
  });

  it('is not for a dealership', async () => {
    signIn(dealer);
    renderAppAt('/customers');
    await waitFor(() => expect(location()).toBe('/error/401'), LAZY);
  });
});

/** Types into the account form's field of this label. */
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('/create-account', () => {
  it('says "Fill all fields correctly" on an invalid save, sends nothing, and shows each field\'s error', async () => {
    const api = signIn(admin);
    renderAppAt('/create-account');
    await waitFor(() => expect(heading()).toBe('Create account'), LAZY);
    type(/^Login e-mail/, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expectVisible(await screen.findByText('Fill all fields correctly'));
    expectFieldError(screen.getByRole('textbox', { name: /^Dealership name/ }), 'Dealership name is required');
    expectFieldError(screen.getByRole('textbox', { name: /^Login e-mail/ }), 'Login e-mail is not valid');
    expectVisible(screen.getByText('Please save the user before editing sales people'));
    expect(api.to('POST /users/createAccountWithoutCognito')).toEqual([]);
  });

  it('creates the account with what was typed and returns to /customers', async () => {
    const created: UserView = { ...dealer, id: '00000000-0000-4000-8000-00000000cccc' };
    const api = signIn(admin, {
      'POST /users/createAccountWithoutCognito': () => reply(201, created),
      'GET /users': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    });
    renderAppAt('/create-account');
    await waitFor(() => expect(heading()).toBe('Create account'), LAZY);
    fireEvent.click(screen.getByRole('button', { name: 'Paste registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste a registration e-mail' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Registration text' }), {
      target: {
        value: 'Virksomhed: Fjord Biler ApS\nKontaktperson: Mette Jensen\nE-mail: mette@fjord.dk\nTelefon: 0045 11 22 33 44\nAdresse: Havnegade 1\nPostnummer: 9000\nBy: Aalborg\nCVR-nr.: 12345678',
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fill in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: /^Dealership name/ }) as HTMLInputElement).value).toBe('Fjord Biler ApS');
    expect((screen.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement).value).toBe('+45 11 22 33 44');
    type(/^Title/, 'Owner');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(location()).toBe('/customers'));
    const [sent] = api.to('POST /users/createAccountWithoutCognito');
    expect(sent.body).toMatchObject({
      email: 'mette@fjord.dk',
      displayName: 'Fjord Biler ApS',
      userRole: 'Dealership',
      minimumZoomValue: 1,
      currency: 'EUR',
      address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: '12345678' },
      contactPerson: { name: 'Mette Jensen', email: 'mette@fjord.dk', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
    });
  });

  it('the paste box says "It is not a valid text" for 10 seconds', async () => {
    signIn(admin);
    renderAppAt('/create-account');
    await waitFor(() => expect(heading()).toBe('Create account'), LAZY);
    jestFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Paste registration' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Registration text' }), { target: { value: 'call me back please' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fill in' }));
    expectVisible(within(dialog).getByText('It is not a valid text'));
    act(() => {
      jest.advanceTimersByTime(9_900);
    });
    expectVisible(within(dialog).getByText('It is not a valid text'));
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(within(dialog).queryByText('It is not a valid text')).toBeNull();
    jest.useRealTimers();
  });
});

describe('/customer/{id}', () => {
  it('updates the account with a toast', async () => {
    const account: UserView = { ...dealer, id: '00000000-0000-4000-8000-00000000dddd' };
    const api = signIn(admin, {
      [`GET /users/${account.id}`]: () => reply(200, account),
      [`GET /salesman/user/${account.id}`]: () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
      [`PUT /users/${account.id}`]: (r) => reply(200, { ...account, displayName: (r.body as { displayName: string }).displayName }),
    });
    renderAppAt(`/customer/${account.id}`);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Dealership name/ }) as HTMLInputElement).value).toBe('Nordic Auto Demo'));
    type(/^Dealership name/, 'Nordic Auto Group');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expectVisible(await screen.findByText('Update account - Successfully'));
    expect(api.to(`PUT /users/${account.id}`)[0].body).toMatchObject({ displayName: 'Nordic Auto Group', currency: 'DKK' });
  });

  it("lists a saved dealership's sales people inside the form and adds one there, apart from the account's Save", async () => {
    const account: UserView = { ...dealer, id: '00000000-0000-4000-8000-00000000dddd' };
    const anna: SalesPersonView = {
      id: '10000000-0000-4000-8000-000000000001',
      userId: account.id,
      name: 'Anna Sales',
      email: 'anna@demo.test',
      phone: '+45 20 30 40 50',
      loginActivated: false,
      userStatus: null,
      createdAt: '2026-01-05T08:00:00.000Z',
      updatedAt: '2026-01-05T08:00:00.000Z',
    };
    let people = [anna];
    const api = signIn(admin, {
      [`GET /users/${account.id}`]: () => reply(200, account),
      [`GET /salesman/user/${account.id}`]: () => reply(200, { items: people, total: people.length, page: 1, pageSize: 10 }),
      'POST /salesman': (r) => {
        const body = r.body as { salesMan: Array<{ name: string; email: string; phone: string }> };
        const created = body.salesMan.map((p) => ({ ...anna, id: '10000000-0000-4000-8000-000000000002', ...p }));
        people = [...people, ...created];
        return reply(201, created);
      },
    });
    renderAppAt(`/customer/${account.id}`);
    const section = await screen.findByTestId('account-sales-people', {}, LAZY);
    expectVisible(await within(section).findByText('Anna Sales'));
    // the list is not inside the account's form: its buttons and cells never submit the account
    expect(section.closest('form')).toBeNull();
    expect(screen.queryByRole('link', { name: /Sales people of/ })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Add sales person' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sales person' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Dina Holm' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'dina@demo.test' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '+45 11 22 33 44' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expectVisible(await within(section).findByText('Dina Holm'));
    expect(api.to('POST /salesman')[0]!.body).toEqual({ userId: account.id, salesMan: [{ name: 'Dina Holm', email: 'dina@demo.test', phone: '+45 11 22 33 44' }] });
    expect(api.to(`PUT /users/${account.id}`)).toEqual([]);
  });

  it('says a management account has no sales people and asks for none', async () => {
    const account: UserView = { ...dealer, userRole: 'Management', id: '00000000-0000-4000-8000-00000000cccc' };
    const api = signIn(admin, { [`GET /users/${account.id}`]: () => reply(200, account) });
    renderAppAt(`/customer/${account.id}`);
    expectVisible(await screen.findByText('Only dealership accounts have sales people.', {}, LAZY));
    expect(api.to(`GET /salesman/user/${account.id}`)).toEqual([]);
  });

  it("lets QA change a dealership's own fields but not its login e-mail nor the account details", async () => {
    const account: UserView = { ...dealer, id: '00000000-0000-4000-8000-00000000eeee' };
    const api = signIn(qa, {
      [`GET /users/${account.id}`]: () => reply(200, account),
      [`PUT /users/${account.id}`]: () => reply(200, account),
    });
    renderAppAt(`/customer/${account.id}`);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Dealership name/ }) as HTMLInputElement).disabled).toBe(false));
    expect((screen.getByRole('textbox', { name: /^Login e-mail/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Account details' })).toBeNull();
    type(/^City/, 'Vejle');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to(`PUT /users/${account.id}`).length).toBe(1));
    const body = api.to(`PUT /users/${account.id}`)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ address: { city: 'Vejle' } });
    // what only an admin may change is not sent (the server would refuse it with 403)
    for (const field of ['email', 'userRole', 'currency', 'subscriptionPrice', 'minimumZoomValue', 'mobileAppAccess']) expect(body).not.toHaveProperty(field);
  });

  it("shows QA an admin's account read-only", async () => {
    const account: UserView = { ...admin, id: '00000000-0000-4000-8000-00000000ffff' };
    signIn(qa, { [`GET /users/${account.id}`]: () => reply(200, account) });
    renderAppAt(`/customer/${account.id}`);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Dealership name/ }) as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Paste registration' })).toBeNull();
  });
});

function jestFakeTimers() {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
}

import { describe, expect, it } from '@jest/globals';
import type { MeView, SalesPersonView } from '@app/contracts/wire';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser, type FakeHandler, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';
import { narrowScreen } from '../../test/narrowScreen';

const DEALER = '00000000-0000-4000-8000-000000000004';
const OTHER = '00000000-0000-4000-8000-000000000005';
const ANNA = '10000000-0000-4000-8000-000000000001';
const BO = '10000000-0000-4000-8000-000000000002';
const CARL = '10000000-0000-4000-8000-000000000003';

function person(id: string, name: string, login: 'none' | 'invited' | 'active', userId = DEALER): SalesPersonView {
  return {
    id,
    userId,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@demo.test`,
    phone: '+45 20 30 40 50',
    loginActivated: login !== 'none',
    userStatus: login === 'none' ? null : login === 'active' ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
  };
}

const dealer = testUser({ permissions: ['CREATE_ORDERS', 'CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN'] });
const admin = testUser({ id: '99999999-9999-4999-8999-999999999999', userRole: 'Admin', permissions: [], displayName: 'Admin' });

/** The gateway's sales-people routes over an in-memory list of the dealership's sales people. */
function open(user: MeView, path: string, extra: Record<string, FakeHandler> = {}, people = [person(ANNA, 'Anna Sales', 'active'), person(BO, 'Bo Berg', 'none'), person(CARL, 'Carl Ek', 'invited')]) {
  let list = [...people];
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /salesman/user/${DEALER}`]: (req: FakeRequest) => reply(200, { items: list.slice(0, 10), total: list.length, page: Number(req.query.get('page') ?? 1), pageSize: 10 }),
    [`GET /users/${DEALER}`]: () => reply(200, { ...dealer, id: DEALER }),
    [`GET /users/${OTHER}`]: () => reply(200, testUser({ id: OTHER, userRole: 'Management', displayName: 'Nordic Group' })),
    [`GET /salesman/user/${OTHER}`]: () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    'GET /users': () => reply(200, { items: [{ id: DEALER, displayName: 'Nordic Auto Demo', email: 'dealer@demo.test', userRole: 'Dealership' }], total: 1, page: 1, pageSize: 10 }),
    [`PUT /salesman/${BO}`]: (req) => {
      const saved = { ...list.find((p) => p.id === BO)!, ...(req.body as object) };
      list = list.map((p) => (p.id === BO ? saved : p));
      return reply(200, saved);
    },
    [`PUT /salesman/${BO}/activate`]: () => {
      list = list.map((p) => (p.id === BO ? { ...p, loginActivated: true, userStatus: 'FORCE_CHANGE_PASSWORD' } : p));
      return reply(200, list.find((p) => p.id === BO));
    },
    [`PUT /salesman/${CARL}/resend-password`]: () => reply(200, { sent: true }),
    [`DELETE /salesman/${BO}`]: () => {
      list = list.filter((p) => p.id !== BO);
      return reply(200, { deleted: true });
    },
    'POST /salesman': (req) => {
      const body = req.body as { userId: string; salesMan: Array<{ name: string; email: string; phone: string }> };
      const created = body.salesMan.map((s, i) => ({ ...person(`20000000-0000-4000-8000-00000000000${i}`, s.name, 'none'), ...s }));
      list = [...list, ...created];
      return reply(201, created);
    },
    ...extra,
  });
  renderAppAt(path);
  return api;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The list on screen (the first render of a file also loads the screen's chunk). */
const loaded = (name: string) => screen.findByText(name, undefined, { timeout: 15000 });
const location = () => screen.getByTestId('location').textContent;

describe('/salesmen', () => {
  it('a dealership sees its sales people with their logins, from the header menu', async () => {
    open(dealer, '/salesmen');
    // the first test loads the screen's chunk
    await loaded('Anna Sales');
    expect(heading()).toBe('Sales people');
    expect(within(screen.getByTestId('header-menu')).getByRole('link', { name: 'Sales people' }).getAttribute('href')).toBe('/salesmen');
    expect(within(rowOf('Anna Sales')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Bo Berg')).getByText('No login')).toBeTruthy();
    expect(within(rowOf('Carl Ek')).getByText('Invited')).toBeTruthy();
    expect(within(rowOf('Bo Berg')).getByText('bo@demo.test')).toBeTruthy();
    // logins are the admin's
    expect(screen.queryByRole('button', { name: /^Activate the login/ })).toBeNull();
    expect(button('Add sales person').disabled).toBe(false);
  });

  it('adds a sales person with the server\'s checks: a name of 3+, a plain e-mail and a phone', async () => {
    const api = open(dealer, '/salesmen');
    await loaded('Anna Sales');
    fireEvent.click(button('Add sales person'));
    const dialog = await screen.findByRole('dialog', { name: 'New sales person' });
    const name = within(dialog).getByLabelText(/^Name/);
    const email = within(dialog).getByLabelText(/^E-mail/);
    const phone = within(dialog).getByLabelText(/^Phone/);
    fireEvent.change(name, { target: { value: 'Di' } });
    fireEvent.blur(name);
    fireEvent.change(email, { target: { value: 'di@@demo.test' } });
    fireEvent.blur(email);
    fireEvent.change(phone, { target: { value: '20-30' } });
    fireEvent.blur(phone);
    expectFieldError(name, 'Name minimum length is 3');
    expectFieldError(email, 'E-mail is not valid');
    expectFieldError(phone, 'Use only digits and spaces, one leading + and hyphens after a +');
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'Dina Holm' } });
    fireEvent.change(email, { target: { value: 'dina@demo.test' } });
    fireEvent.change(phone, { target: { value: '+45 11-22' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expectVisible(await screen.findByText('Dina Holm'));
    expect(api.to('POST /salesman')[0]!.body).toEqual({ userId: DEALER, salesMan: [{ name: 'Dina Holm', email: 'dina@demo.test', phone: '+45 11-22' }] });
    expect(await screen.findByText('Add sales person - Successfully')).toBeTruthy();
  });

  it('edits one row at a time: another row asks to save first, an invalid row shows the fill alert, a good one is saved', async () => {
    const api = open(dealer, '/salesmen');
    await loaded('Bo Berg');
    fireEvent.click(within(rowOf('Bo Berg')).getByRole('button', { name: 'Edit Bo Berg' }));
    const boRow = () => screen.getByRole('button', { name: 'Save' }).closest('[role="row"]') as HTMLElement;
    const nameInput = await waitFor(() => within(boRow()).getByDisplayValue('Bo Berg'));

    fireEvent.click(within(rowOf('Anna Sales')).getByRole('button', { name: 'Edit Anna Sales' }));
    expectVisible(await screen.findByText('Save before editing another row'));
    expect(within(rowOf('Anna Sales')).queryByRole('textbox')).toBeNull();

    // the row being edited is not saved: it is not deleted meanwhile
    expect(button('Delete Bo Berg').disabled).toBe(true);

    fireEvent.change(nameInput, { target: { value: 'Bo' } });
    await waitFor(() => expect(within(boRow()).getByDisplayValue('Bo')).toBeTruthy());
    fireEvent.click(button('Save'));
    expectVisible(await screen.findByText('Fill all fields correctly'));
    expect(api.to(`PUT /salesman/${BO}`)).toHaveLength(0);

    fireEvent.change(within(boRow()).getByDisplayValue('Bo'), { target: { value: '  Bo Bergström ' } });
    // the matcher trims what it reads: the spaces around are still in the field
    await waitFor(() => expect((within(boRow()).getByDisplayValue('Bo Bergström') as HTMLInputElement).value).toBe('  Bo Bergström '));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.to(`PUT /salesman/${BO}`)).toHaveLength(1));
    expect(api.to(`PUT /salesman/${BO}`)[0]!.body).toEqual({ name: 'Bo Bergström' });
    expect(await screen.findByText('Save sales person - Successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expectVisible(screen.getByText('Bo Bergström'));
    expect(screen.queryByText('Fill all fields correctly')).toBeNull();
  });

  it('on a phone the list is cards and Edit opens a dialog that saves what changed', async () => {
    const restore = narrowScreen();
    try {
      const api = open(dealer, '/salesmen');
      await loaded('Bo Berg');
      expect(screen.queryByRole('grid')).toBeNull();
      const card = screen.getByText('Bo Berg').closest('[role="listitem"]') as HTMLElement;
      expectVisible(within(card).getByText('bo@demo.test'));
      fireEvent.click(within(card).getByRole('button', { name: 'Edit Bo Berg' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Bo Berg' });
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Bo Bergström' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.to(`PUT /salesman/${BO}`)).toHaveLength(1));
      expect(api.to(`PUT /salesman/${BO}`)[0]!.body).toEqual({ name: 'Bo Bergström' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expectVisible(await screen.findByText('Bo Bergström'));
    } finally {
      restore();
    }
  });

  it('a refused save (a taken e-mail) shows the server\'s message and keeps the row open', async () => {
    open(dealer, '/salesmen', { [`PUT /salesman/${BO}`]: () => fail(409, 'A sales person with this e-mail already exists for this account') });
    await loaded('Bo Berg');
    fireEvent.click(within(rowOf('Bo Berg')).getByRole('button', { name: 'Edit Bo Berg' }));
    const input = await screen.findByDisplayValue('bo@demo.test');
    fireEvent.change(input, { target: { value: 'anna@demo.test' } });
    await screen.findByDisplayValue('anna@demo.test');
    fireEvent.click(button('Save'));
    expectVisible(await screen.findByText('A sales person with this e-mail already exists for this account', { selector: '[role="alert"] *' }));
    expect(await screen.findByText('Save sales person - Error: A sales person with this e-mail already exists for this account')).toBeTruthy();
    expect(screen.getByDisplayValue('anna@demo.test')).toBeTruthy();
  });

  it('deletes a sales person after its name is typed', async () => {
    const api = open(dealer, '/salesmen');
    await loaded('Bo Berg');
    fireEvent.click(within(rowOf('Bo Berg')).getByRole('button', { name: 'Delete Bo Berg' }));
    const dialog = await screen.findByRole('dialog');
    const typed = within(dialog).getAllByRole('textbox')[0]!;
    fireEvent.change(typed, { target: { value: 'Bo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expectFieldError(typed, 'Invalid name');
    expect(api.to(`DELETE /salesman/${BO}`)).toHaveLength(0);
    fireEvent.change(typed, { target: { value: 'Bo Berg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Bo Berg')).toBeNull());
    expect(api.to(`DELETE /salesman/${BO}`)).toHaveLength(1);
  });

  it('a signed-in sales person sees its dealership\'s list read-only', async () => {
    open(testUser({ permissions: ['CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN'], loggedInSalesPersonInfo: { id: ANNA, name: 'Anna Sales', email: 'anna@demo.test' } }), '/salesmen');
    await loaded('Anna Sales');
    expectVisible(screen.getByText("You see your dealership's sales people. Changes are made by the dealership account."));
    expect(screen.queryByRole('button', { name: 'Add sales person' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('management picks one of its child dealerships and reads its sales people', async () => {
    const api = open(testUser({ id: OTHER, userRole: 'Management', permissions: [], childAccounts: [DEALER] }), '/salesmen');
    expectVisible(await screen.findByText('Choose a dealership to see its sales people.', undefined, { timeout: 15000 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Dealership/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Nordic Auto Demo/ }));
    await loaded('Anna Sales');
    expect(location()).toBe(`/salesmen?account=${DEALER}`);
    expect(api.to('GET /users').every((r) => r.query.get('userRole') === 'Dealership')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add sales person' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('a dealership without the SALESMAN permissions reads only', async () => {
    open(testUser({ permissions: ['CREATE_ORDERS'] }), '/salesmen');
    await loaded('Anna Sales');
    expect(screen.queryByRole('button', { name: 'Add sales person' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});

describe('/salesmen as the admin', () => {
  it('asks for a dealership first, then keeps the choice in the URL', async () => {
    open(admin, '/salesmen');
    expectVisible(await screen.findByText('Choose a dealership to see its sales people.'));
    expect(button('Add sales person').disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Dealership/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Nordic Auto Demo/ }));
    await loaded('Anna Sales');
    expect(location()).toBe(`/salesmen?account=${DEALER}`);
    expect(button('Add sales person').disabled).toBe(false);
  });

  it('activates a login and sends the invitation again; a row being edited is not activated', async () => {
    const api = open(admin, `/salesmen?account=${DEALER}`);
    await loaded('Bo Berg');
    expect((screen.getByRole('combobox', { name: /^Dealership/ }) as HTMLInputElement).value).toBe('Nordic Auto Demo');
    // an active login has nothing to activate or resend
    expect(within(rowOf('Anna Sales')).queryByRole('button', { name: /Activate|Resend/ })).toBeNull();

    fireEvent.click(within(rowOf('Bo Berg')).getByRole('button', { name: 'Edit Bo Berg' }));
    await screen.findByDisplayValue('Bo Berg');
    expect(button('Activate the login of Bo Berg').disabled).toBe(true);
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(button('Activate the login of Bo Berg').disabled).toBe(false));

    fireEvent.click(button('Activate the login of Bo Berg'));
    expect(await screen.findByText('Activate login - Successfully')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Bo Berg')).getByText('Invited')).toBeTruthy());
    expect(api.to(`PUT /salesman/${BO}/activate`)).toHaveLength(1);

    fireEvent.click(button('Resend the invitation to Carl Ek'));
    expect(await screen.findByText('Resend invitation - Successfully')).toBeTruthy();
    expect(api.to(`PUT /salesman/${CARL}/resend-password`)).toHaveLength(1);
  });

  it('a management account has no sales people to add', async () => {
    open(admin, `/salesmen?account=${OTHER}`);
    expectVisible(await screen.findByText('Only dealership accounts have sales people.'));
    expect(button('Add sales person').disabled).toBe(true);
  });

  it('/salesmen/{id} shows that sales person and opens its dealership', async () => {
    open(admin, `/salesmen/${BO}`, { [`GET /salesman/${BO}`]: () => reply(200, person(BO, 'Bo Berg', 'none')) });
    const card = await screen.findByTestId('sales-person-card');
    expect(within(card).getByRole('heading').textContent).toBe('Bo Berg');
    expect(within(card).getByText('No login')).toBeTruthy();
    await waitFor(() => expect(location()).toBe(`/salesmen/${BO}?account=${DEALER}`));
    await loaded('Anna Sales');
    fireEvent.click(within(card).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe(`/salesmen?account=${DEALER}`));
  });

  it('a row opens its sales person', async () => {
    open(dealer, '/salesmen', { [`GET /salesman/${ANNA}`]: () => reply(200, person(ANNA, 'Anna Sales', 'active')) });
    fireEvent.click(await loaded('Anna Sales'));
    await waitFor(() => expect(location()).toBe(`/salesmen/${ANNA}`));
    const card = await screen.findByTestId('sales-person-card');
    expect(within(card).getByText('anna@demo.test')).toBeTruthy();
  });

  it('a link to a sales person the caller may not see says "Sales person not found"', async () => {
    open(dealer, `/salesmen/${OTHER}`, { [`GET /salesman/${OTHER}`]: () => fail(404, 'Sales person not found') });
    expectVisible(await screen.findByText('Sales person not found'));
    await loaded('Anna Sales');
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView, OrderEventView, OrderView, SalesPersonView, TagView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { tagsByCategory } from '../../components/EntityTags';
import { fail, fakeApi, reply, testOrder, testUser, type FakeHandler, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';

const ORDER = '55555555-5555-4555-8555-555555555555';

// whole-app renders of a busy screen: on a loaded machine some take more than jest's 5 s
jest.setTimeout(20_000);

const tag = (id: string, name: string, category: TagView['category']): TagView => ({ id, name, category, entity: 'order', color: 'orange', createdAt: '', updatedAt: '' });
const RUSH = tag('t-rush', 'Rush', 'PRIORITY');
const VIP = tag('t-vip', 'VIP customer', 'PRIORITY');
const EDIT = tag('t-edit', 'Editor Eva', 'QA_EDITOR');

const person = (id: string, name: string): SalesPersonView => ({ id, userId: 'u1', name, email: `${id}@cars.test`, phone: '', loginActivated: false, userStatus: null, createdAt: '', updatedAt: '' }) as unknown as SalesPersonView;
const PEOPLE = [person('s1', 'Anna Sales'), person('s2', 'Bo Sales')];

const line = (eventName: string, payload: Record<string, unknown>): OrderEventView =>
  ({ id: `e-${eventName}`, eventName, payload, createdAt: '2026-11-20T09:00:00.000Z', user: null, order: { id: ORDER, orderName: 'Volvo XC60' }, isHidden: false, isPriority: false }) as unknown as OrderEventView;

function serve(user: MeView, extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  let order: OrderView = testOrder({ id: ORDER, orderName: 'Volvo XC60' });
  let onOrder: TagView[] = [RUSH];
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/${ORDER}`]: () => reply(200, order),
    [`PUT /orders/${ORDER}`]: (req: FakeRequest) => {
      const { salesMan } = req.body as { salesMan: string };
      const chosen = PEOPLE.find((p) => p.id === salesMan);
      if (!chosen) return fail(400, 'Sales person not found');
      order = { ...order, salesMan: { id: chosen.id, name: chosen.name } };
      return reply(200, order);
    },
    [`GET /images/order/${ORDER}`]: () => reply(200, []),
    [`GET /videos/order/${ORDER}`]: () => reply(200, []),
    [`GET /events/order/${ORDER}`]: () => reply(200, { items: [line('EDITED', { salesMan: { from: 'Anna Sales', to: 'Bo Sales' }, salesPersonId: 's2' })], total: 1, page: 1, pageSize: 10 }),
    'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic Studio', outputWidth: 1920, outputHeight: 1440, configurations: [] }),
    [`GET /orders/${ORDER}/deliveries`]: () => reply(200, []),
    [`GET /orders/${ORDER}/delivery-integrations`]: () => reply(200, []),
    'GET /salesman/user/u1/all': () => reply(200, PEOPLE),
    'GET /tags': (req: FakeRequest) => {
      const items = req.query.get('entity') === 'order' ? [RUSH, VIP, EDIT] : [];
      return reply(200, { items, total: items.length, page: 1, pageSize: 10 });
    },
    [`GET /tags/get/orders/${ORDER}`]: () => reply(200, onOrder),
    [`POST /tags/orders/${ORDER}`]: (req: FakeRequest) => {
      const { tagId } = req.body as { tagId: string };
      onOrder = [...onOrder, [RUSH, VIP, EDIT].find((t) => t.id === tagId)!];
      return reply(200, onOrder);
    },
    'DELETE /tags': (req: FakeRequest) => {
      const { tagId } = req.body as { tagId: string };
      onOrder = onOrder.filter((t) => t.id !== tagId);
      return reply(200, onOrder);
    },
    ...extra,
  });
}

async function open(user: MeView, extra: Record<string, FakeHandler> = {}) {
  const api = serve(user, extra);
  renderAppAt(`/order/${ORDER}`);
  await screen.findByRole('heading', { level: 1, name: 'Volvo XC60' });
  return api;
}

const admin = testUser({ userRole: 'Admin', permissions: [] });
const qa = testUser({ userRole: 'QA', permissions: [] });
const dealer = testUser();

describe('the order side panel: tags and the sales person', () => {
  it("shows the order's tags by category; admin adds one and takes one off, each with the 2 s tag toast", async () => {
    const api = await open(admin);
    const card = await screen.findByTestId('order-tags-card');
    const priority = await within(card).findByTestId('tag-group-PRIORITY');
    expect(within(priority).getByText('Priority')).toBeTruthy();
    expectVisible(within(priority).getByText('Rush'));

    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Add a tag' }));
    // a tag already on the order is not offered again
    expect(screen.queryByRole('option', { name: 'Rush · Priority' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'VIP customer · Priority' }));
    await waitFor(() => expect(api.to(`POST /tags/orders/${ORDER}`)).toHaveLength(1));
    expect(api.to(`POST /tags/orders/${ORDER}`)[0]!.body).toEqual({ tagId: 't-vip' });
    expectVisible(await within(card).findByText('VIP customer'));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Tag added');

    fireEvent.click(within(card).getByText('Rush').closest('.MuiChip-root')!.querySelector('.MuiChip-deleteIcon')!);
    await waitFor(() => expect(api.to('DELETE /tags')).toHaveLength(1));
    expect(api.to('DELETE /tags')[0]!.body).toEqual({ tagId: 't-rush', entity: 'orders', entityId: ORDER });
    await waitFor(() => expect(within(card).queryByText('Rush')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('toast-main').map((t) => t.textContent)).toContain('Tag removed'));
  });

  it("shows the server's refusal of a tag in an error toast and keeps the tags as they were", async () => {
    await open(qa, { [`POST /tags/orders/${ORDER}`]: () => fail(409, 'The order is already picked by another editor') });
    const card = await screen.findByTestId('order-tags-card');
    await within(card).findByText('Rush');
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Add a tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Editor Eva · QA editor' }));
    expect((await screen.findByTestId('toast-main')).textContent).toContain('The order is already picked by another editor');
    expect(within(card).queryByText('Editor Eva')).toBeNull();
  });

  it("changes the sales person to another of the owner's sales people in the sales-person dialog", async () => {
    const api = await open(admin);
    const card = await screen.findByTestId('sales-person-card');
    expect(within(card).getByTestId('sales-person-name').textContent).toBe('Anna Sales');
    fireEvent.click(within(card).getByRole('button', { name: 'Change sales person' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // the order's own sales person again changes nothing
    expect(save.disabled).toBe(true);
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Sales person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bo Sales' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.to(`PUT /orders/${ORDER}`)).toHaveLength(1));
    expect(api.to(`PUT /orders/${ORDER}`)[0]!.body).toEqual({ salesMan: 's2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByTestId('sales-person-name').textContent).toBe('Bo Sales');
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Sales person changed');
    // the header follows the answer, and the timeline tells the change
    expect(within(screen.getByTestId('order-header')).getByText('Bo Sales')).toBeTruthy();
    expectVisible(await screen.findByText(/Anna Sales → Bo Sales/));
  });

  it("keeps the dialog open with the server's message when the change is refused", async () => {
    await open(admin, { 'GET /salesman/user/u1/all': () => reply(200, [...PEOPLE, person('gone', 'Removed Seller')]) });
    fireEvent.click(within(await screen.findByTestId('sales-person-card')).getByRole('button', { name: 'Change sales person' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Sales person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Removed Seller' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('toast-main')).textContent).toContain('Sales person not found');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(screen.getByTestId('sales-person-card')).getByTestId('sales-person-name').textContent).toBe('Anna Sales');
  });

  it('gives a dealership neither the tags nor the sales-person dialog, and asks for no tags', async () => {
    const api = await open(dealer);
    await screen.findByTestId('style-guide-panel');
    expect(screen.queryByTestId('order-tags-card')).toBeNull();
    expect(screen.queryByTestId('sales-person-card')).toBeNull();
    expect(api.requests.some((r) => r.path.startsWith('/tags'))).toBe(false);
  });

  it('groups tags by category in the categories order, leaving out empty ones', () => {
    expect(tagsByCategory([RUSH, EDIT, VIP])).toEqual([
      { category: 'QA_EDITOR', tags: [EDIT] },
      { category: 'PRIORITY', tags: [RUSH, VIP] },
    ]);
  });
});

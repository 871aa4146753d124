import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeliveryMessageView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser, type FakeRequest } from '../../test/fakeApi';

jest.setTimeout(20_000);
import { renderAppAt } from '../../test/render';

const message = (id: string, orderName: string, overrides: Partial<DeliveryMessageView> = {}): DeliveryMessageView => ({
  id,
  order: { id: `o-${id}`, orderName },
  accountId: 'u1',
  integration: { id: 'i1', provider: 'DELIVERY_ROBOT', integrationType: 'ROBOT' },
  state: 'queued',
  createdAt: '2026-05-02T08:00:00.000Z',
  lastAccessed: null,
  visible: true,
  visibleAfter: '2026-05-02T08:00:00.000Z',
  attempts: 0,
  lastError: null,
  ...overrides,
});

/** A stateful stand-in for the queue's routes. */
function queueApi(initial: DeliveryMessageView[]) {
  let messages = initial.map((m) => ({ ...m }));
  const user = testUser({ userRole: 'Admin', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const handlers: Record<string, (req: FakeRequest) => Response> = {
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    'GET /order-delivery-messages': (req) => {
      const search = req.query.get('search')?.toLowerCase();
      const found = messages.filter((m) => !search || m.order.orderName.toLowerCase().includes(search));
      return reply(200, [found.slice(0, 10), found.length]);
    },
    'GET /order-delivery-messages/get-current-available-count': () =>
      reply(200, { availableMessageCount: messages.filter((m) => m.visible && m.state !== 'failed').length }),
    'GET /order-delivery-messages/reboot-remote-delivery-robot': () => reply(200, { queued: true, robots: 2 }),
  };
  for (const m of initial) {
    handlers[`DELETE /order-delivery-messages/${m.id}`] = () => {
      messages = messages.filter((x) => x.id !== m.id);
      return reply(200, { deleted: true });
    };
    handlers[`PUT /order-delivery-messages/set-visible/${m.id}`] = () => {
      messages = messages.map((x) => (x.id === m.id ? { ...x, state: 'queued' as const, visible: true, attempts: 0 } : x));
      return reply(200, messages.find((x) => x.id === m.id));
    };
  }
  // what a worker or robot does meanwhile
  const change = (id: string, to: Partial<DeliveryMessageView>) => {
    messages = messages.map((x) => (x.id === id ? { ...x, ...to } : x));
  };
  return Object.assign(fakeApi(handlers), { change });
}

describe('/admin/order-delivery-message', () => {
  it('lists the queue with its columns and the available count', async () => {
    queueApi([
      message('m1', 'Audi A4 Avant', { state: 'failed', attempts: 5, lastError: '530 Login incorrect', lastAccessed: '2026-05-02T08:30:00.000Z', integration: { id: 'i2', provider: 'GENERIC_FTP', integrationType: 'FTP' } }),
      message('m2', 'VW Golf 8'),
    ]);
    renderAppAt('/admin/order-delivery-message');
    const grid = await screen.findByRole('grid', {});
    await within(grid).findByText('Audi A4 Avant');
    const row = within(grid).getByText('Audi A4 Avant').closest('[role="row"]') as HTMLElement;
    for (const text of ['FTP server', '2026-05-02 08:30:00', 'Failed', '5', '530 Login incorrect']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(grid).getByText('VW Golf 8')).toBeTruthy();
    expect((await screen.findByTestId('available-count')).textContent).toBe('Available now: 1');
    expect(screen.getByRole('tab', { name: 'Order delivery', selected: true })).toBeTruthy();
  });

  it('shows what the worker did meanwhile without a reload', async () => {
    const api = queueApi([message('m1', 'Audi A4 Avant', { integration: { id: 'i2', provider: 'GENERIC_FTP', integrationType: 'FTP' } })]);
    renderAppAt('/admin/order-delivery-message');
    const grid = await screen.findByRole('grid', {});
    const row = () => within(grid).getByText('Audi A4 Avant').closest('[role="row"]') as HTMLElement;
    await within(grid).findByText('Audi A4 Avant');
    expect(within(row()).getByText('Queued')).toBeTruthy();
    expect((await screen.findByTestId('available-count')).textContent).toBe('Available now: 1');
    api.change('m1', { state: 'queued', visible: false, attempts: 1, lastError: 'Refused: nothing accepts connections on ftp://h.test:21/' });
    await waitFor(() => expect(within(row()).getByText('Refused: nothing accepts connections on ftp://h.test:21/')).toBeTruthy(), { timeout: 12_000 });
    expect(within(row()).getByText('1')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('available-count').textContent).toBe('Available now: 0'), { timeout: 12_000 });
  });

  it('removes a message only after confirmation, then lists it no more', async () => {
    const api = queueApi([message('m1', 'Audi A4 Avant'), message('m2', 'VW Golf 8')]);
    renderAppAt('/admin/order-delivery-message');
    const grid = await screen.findByRole('grid', {});
    await within(grid).findByText('Audi A4 Avant');
    fireEvent.click(within(grid).getByRole('button', { name: 'Remove Audi A4 Avant' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove the delivery of Audi A4 Avant to Delivery robot from the queue?');
    // cancel removes nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(grid).getByText('Audi A4 Avant')).toBeTruthy();

    fireEvent.click(within(grid).getByRole('button', { name: 'Remove Audi A4 Avant' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-button'));
    await waitFor(() => expect(api.to('DELETE /order-delivery-messages/m1')).toHaveLength(1));
    await waitFor(() => expect(within(grid).queryByText('Audi A4 Avant')).toBeNull());
    expect(within(grid).getByText('VW Golf 8')).toBeTruthy();
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Remove from queue - Successfully');
  });

  it('makes a failed message visible now', async () => {
    const api = queueApi([message('m1', 'Audi A4 Avant', { state: 'failed', attempts: 5, lastError: 'timeout' })]);
    renderAppAt('/admin/order-delivery-message');
    const grid = await screen.findByRole('grid', {});
    await within(grid).findByText('timeout');
    expect((await screen.findByTestId('available-count')).textContent).toBe('Available now: 0');
    fireEvent.click(within(grid).getByRole('button', { name: 'Make Audi A4 Avant visible now' }));
    await waitFor(() => expect(api.to('PUT /order-delivery-messages/set-visible/m1')).toHaveLength(1));
    await waitFor(() => expect(within(grid).queryByText('Failed')).toBeNull());
    const row = within(grid).getByText('Audi A4 Avant').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Queued')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('available-count').textContent).toBe('Available now: 1'));
  });

  it('reboots the robots only after confirmation', async () => {
    const api = queueApi([]);
    renderAppAt('/admin/order-delivery-message');
    fireEvent.click(await screen.findByRole('button', { name: 'Reboot delivery robot' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Every delivery robot gets a reboot command at its next pull.');
    expect(api.to('GET /order-delivery-messages/reboot-remote-delivery-robot')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reboot' }));
    await waitFor(() => expect(api.to('GET /order-delivery-messages/reboot-remote-delivery-robot')).toHaveLength(1));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('The robots reboot at their next pull');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a list that cannot be loaded says so', async () => {
    const user = testUser({ userRole: 'Admin', permissions: [] });
    sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
    fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      'GET /order-delivery-messages': () => fail(503, 'The delivery service is unavailable'),
      'GET /order-delivery-messages/get-current-available-count': () => reply(200, { availableMessageCount: 0 }),
    });
    renderAppAt('/admin/order-delivery-message');
    expect(await screen.findByText('The list could not be loaded.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

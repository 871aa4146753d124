import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type IntegrationView, type MeView, type OrderDeliveryView, type OrderView } from '@app/contracts/wire';
import { ApiError } from '../../api/client';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testDeliveredOrder, testIntegration, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { deliveryButtonState } from './deliveryButton';

const ORDER = '55555555-5555-4555-8555-555555555555';

function orderView(overrides: Partial<OrderView> = {}): OrderView {
  return testDeliveredOrder({
    id: ORDER,
    salesMan: null,
    takenImagesCount: 1,
    imageCount: 1,
    uploadedImagesCount: 1,
    processedImagesCount: 1,
    approvedCount: 1,
    timeToReadyToDownload: 60,
    ...overrides,
  });
}

const integration = (id: string, provider: string, label: string): IntegrationView =>
  testIntegration({ id, provider, label, integrationType: provider === 'GENERIC_FTP' ? 'FTP' : 'ROBOT' });

const INTEGRATIONS = [integration('i-ftp', 'GENERIC_FTP', 'FTP server'), integration('i-robot', 'DELIVERY_ROBOT', 'Delivery robot')];

function open(user: MeView, order: OrderView, extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/${ORDER}`]: () => reply(200, order),
    [`GET /images/order/${ORDER}`]: () => reply(200, []),
    [`GET /events/order/${ORDER}`]: () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic Studio', outputWidth: 1920, outputHeight: 1440, configurations: [] }),
    [`GET /orders/${ORDER}/delivery-integrations`]: () => reply(200, INTEGRATIONS),
    ...extra,
  });
  renderAppAt(`/order/${ORDER}`);
  return api;
}

const admin = testUser({ userRole: 'Admin', permissions: [] });

async function chooseAndDeliver(names: string[]) {
  const select = await screen.findByRole('combobox', { name: 'Integrations' });
  await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.mouseDown(select);
  const list = await screen.findByRole('listbox');
  for (const name of names) fireEvent.click(within(list).getByRole('option', { name }));
  fireEvent.keyDown(list, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  const button = screen.getByTestId('deliver-button');
  fireEvent.click(button);
  return button;
}

describe('the delivery button', () => {
  it('has the states of the spec: default, loading, delivered on 200, failed on 500, request failed on 404', () => {
    expect(deliveryButtonState(false, false, null)).toBe('default');
    expect(deliveryButtonState(true, false, null)).toBe('loading');
    expect(deliveryButtonState(false, true, null)).toBe('success');
    expect(deliveryButtonState(false, false, new ApiError(500, 'Internal server error'))).toBe('error');
    expect(deliveryButtonState(false, false, new ApiError(409, 'Only an order that is ready…'))).toBe('error');
    expect(deliveryButtonState(false, false, new ApiError(404, 'Integration not found'))).toBe('secondary');
  });

  it('delivers to the chosen integrations: "Delivering" while the request runs, then "Queued" (the order is queued, not delivered yet)', async () => {
    let answer: (r: Response) => void = () => undefined;
    const api = open(admin, orderView(), {
      [`POST /orders/enqueue-order-delivery-by-id/${ORDER}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const button = await chooseAndDeliver(['FTP server', 'Delivery robot']);
    await waitFor(() => expect(button.textContent).toBe('Delivering'));
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(api.to(`POST /orders/enqueue-order-delivery-by-id/${ORDER}`)[0]!.body).toEqual({ selectedIntegrations: [{ id: 'i-ftp' }, { id: 'i-robot' }] });
    answer(reply(200, []));
    await waitFor(() => expect(button.textContent).toBe('Queued'));
    expect(button.getAttribute('data-state')).toBe('success');
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Deliver order - Successfully');
  });

  it('a 500 shows "Delivery failed"; a 404 "Request failed" and the button stays disabled', async () => {
    open(admin, orderView(), { [`POST /orders/enqueue-order-delivery-by-id/${ORDER}`]: () => fail(500, 'Internal server error') });
    const button = await chooseAndDeliver(['Delivery robot']);
    await waitFor(() => expect(button.textContent).toBe('Delivery failed'));
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('a 404 shows "Request failed", disabled', async () => {
    open(admin, orderView(), { [`POST /orders/enqueue-order-delivery-by-id/${ORDER}`]: () => fail(404, 'Integration not found') });
    const button = await chooseAndDeliver(['Delivery robot']);
    await waitFor(() => expect(button.textContent).toBe('Request failed'));
    expect(button.hasAttribute('disabled')).toBe(true);
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Deliver order - Error: Integration not found');
  });

  it('is not shown to a dealership without READ_USER_INTEGRATIONS', async () => {
    const api = open(testUser(), orderView());
    await screen.findByRole('heading', { level: 1, name: 'Audi A4 Avant' });
    expect(screen.queryByTestId('delivery-controls')).toBeNull();
    expect(api.to(`GET /orders/${ORDER}/delivery-integrations`)).toHaveLength(0);
  });

  it('lets a dealership holding READ_USER_INTEGRATIONS deliver its order to its integrations', async () => {
    const dealer = testUser({ permissions: ['CREATE_ORDERS', 'read_user_integrations'] });
    const api = open(dealer, orderView(), {
      [`POST /orders/enqueue-order-delivery-by-id/${ORDER}`]: () => reply(200, []),
    });
    const button = await chooseAndDeliver(['FTP server']);
    await waitFor(() => expect(button.textContent).toBe('Queued'));
    expect(api.to(`GET /orders/${ORDER}/delivery-integrations`).length).toBeGreaterThan(0);
    expect(api.to(`POST /orders/enqueue-order-delivery-by-id/${ORDER}`)[0]!.body).toEqual({ selectedIntegrations: [{ id: 'i-ftp' }] });
  });

  it('is not shown to management, even with READ_USER_INTEGRATIONS', async () => {
    const api = open(testUser({ userRole: 'Management', permissions: ['READ_USER_INTEGRATIONS'] }), orderView());
    await screen.findByRole('heading', { level: 1, name: 'Audi A4 Avant' });
    expect(screen.queryByTestId('delivery-controls')).toBeNull();
    expect(api.to(`GET /orders/${ORDER}/delivery-integrations`)).toHaveLength(0);
  });
});

describe('the Deliveries card', () => {
  const deliveries: OrderDeliveryView[] = [
    {
      id: 'm1',
      order: { id: ORDER, orderName: 'Audi A4 Avant' },
      accountId: 'u1',
      integration: { id: 'i-robot', provider: 'DELIVERY_ROBOT', integrationType: 'ROBOT' },
      state: 'delivered',
      createdAt: '2026-05-02T08:00:00.000Z',
      lastAccessed: '2026-05-02T08:01:00.000Z',
      visible: false,
      visibleAfter: '2026-05-02T08:06:00.000Z',
      attempts: 0,
      lastError: null,
      receipts: [
        {
          id: 'r1',
          destination: 'robot DELIVERY_ROBOT',
          files: [{ name: 'audi-a4-1.jpg', location: '/in/audi-a4-1.jpg', bytes: 204800, sha256: 'a'.repeat(64), imageId: null, position: null }],
          answer: 'stored',
          deliveredBy: 'robot',
          createdAt: '2026-05-02T08:02:00.000Z',
        },
      ],
    },
    {
      id: 'm2',
      order: { id: ORDER, orderName: 'Audi A4 Avant' },
      accountId: 'u1',
      integration: { id: 'i-ftp', provider: 'GENERIC_FTP', integrationType: 'FTP' },
      state: 'failed',
      createdAt: '2026-05-02T08:00:00.000Z',
      lastAccessed: '2026-05-02T08:30:00.000Z',
      visible: true,
      visibleAfter: '2026-05-02T08:30:00.000Z',
      attempts: 5,
      lastError: '530 Login incorrect',
      receipts: [],
    },
  ];

  it('shows the dealership where the order went and when, and the failure the order shows', async () => {
    open(testUser(), orderView({ status: 'Delivering', delivery: { queued: 0, delivered: 1, failed: 1, lastError: '530 Login incorrect', destinations: [] } }), {
      [`GET /orders/${ORDER}/deliveries`]: () => reply(200, deliveries),
    });
    const card = await screen.findByTestId('deliveries-card', {});
    expect(within(card).getByTestId('delivery-failed-notice').textContent).toBe('Delivery failed for 1 destination(s): 530 Login incorrect');
    const rows = await within(card).findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Delivery robot', { selector: 'p' })).toBeTruthy();
    expect(within(rows[1]!).getByText('FTP server', { selector: 'p' })).toBeTruthy();
    expect(within(rows[0]!).getByText('Delivered')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('delivery-receipt').textContent).toContain('Delivered to robot DELIVERY_ROBOT at');
    expect(within(rows[0]!).getByText('audi-a4-1.jpg (200.0 KB)')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('530 Login incorrect')).toBeTruthy();
  });

  it('shows each destination\'s state in the header; admin and QA retry a failed one', async () => {
    const destinations = [
      { messageId: 'm1', integrationId: 'i-robot', provider: 'DELIVERY_ROBOT', integrationType: 'ROBOT' as const, state: 'delivered' as const, attempts: 0, lastError: null, updatedAt: '2026-05-02T08:02:00.000Z' },
      { messageId: 'm2', integrationId: 'i-ftp', provider: 'GENERIC_FTP', integrationType: 'FTP' as const, state: 'failed' as const, attempts: 1, lastError: '530 Login incorrect', updatedAt: '2026-05-02T08:30:00.000Z' },
    ];
    const failed = orderView({ status: 'Ready to download', delivery: { queued: 0, delivered: 1, failed: 1, lastError: '530 Login incorrect', destinations } });
    let asked: unknown = null;
    const api = open(admin, failed, {
      [`GET /orders/${ORDER}/deliveries`]: () => reply(200, deliveries),
      [`POST /orders/enqueue-order-delivery-by-id/${ORDER}`]: (req) => {
        asked = req.body;
        return reply(200, [{ ...deliveries[1]!, state: 'queued', attempts: 0 }]);
      },
    });
    const header = await screen.findByTestId('order-header', {});
    const chips = await within(header).findAllByTestId('delivery-destination');
    expect(chips.map((c) => c.textContent)).toEqual(['Delivery robot: Delivered', 'FTP server: Failed']);
    const card = await screen.findByTestId('deliveries-card');
    const rows = await within(card).findAllByTestId('delivery-row');
    expect(within(rows[0]!).queryByRole('button', { name: /^Retry/ })).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Retry the delivery to FTP server' }));
    await waitFor(() => expect(asked).toEqual({ selectedIntegrations: [{ id: 'i-ftp' }] }));
    expect(api.to(`POST /orders/enqueue-order-delivery-by-id/${ORDER}`)).toHaveLength(1);
  });

  it('offers no retry to the dealership', async () => {
    open(testUser(), orderView({ status: 'Ready to download', delivery: { queued: 0, delivered: 0, failed: 1, lastError: '530 Login incorrect', destinations: [] } }), {
      [`GET /orders/${ORDER}/deliveries`]: () => reply(200, [deliveries[1]!]),
    });
    const card = await screen.findByTestId('deliveries-card', {});
    await within(card).findByText('530 Login incorrect');
    expect(within(card).queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it('is gone, not an empty header, once every message of the order was removed from the queue', async () => {
    const api = open(admin, orderView({ status: 'Ready to download', delivery: { queued: 0, delivered: 0, failed: 0, lastError: null, destinations: [] } }), {
      [`GET /orders/${ORDER}/deliveries`]: () => reply(200, []),
    });
    await screen.findByRole('heading', { level: 1, name: 'Audi A4 Avant' });
    await waitFor(() => expect(api.to(`GET /orders/${ORDER}/deliveries`).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByTestId('deliveries-card')).toBeNull());
    expect(screen.queryByText('Deliveries')).toBeNull();
  });

  it('right after Deliver, before the order knows it was queued: shows the queued delivery and asks for the order until it says Delivering', async () => {
    let orderNow = orderView();
    const queued: OrderDeliveryView = { ...deliveries[1]!, state: 'queued', attempts: 0, lastError: null, lastAccessed: null };
    const api = open(admin, orderView(), {
      [`GET /orders/${ORDER}`]: () => reply(200, orderNow),
      [`POST /orders/enqueue-order-delivery-by-id/${ORDER}`]: () => reply(200, [queued]),
      [`GET /orders/${ORDER}/deliveries`]: () => reply(200, [queued]),
    });
    await chooseAndDeliver(['FTP server']);
    const card = await screen.findByTestId('deliveries-card', {});
    expect(within(card).getByText('Queued')).toBeTruthy();
    expect(within(card).getByText('FTP server', { selector: 'p' })).toBeTruthy();
    // the order's counts arrive a moment later: the screen asks for the order again and shows it
    const asked = api.to(`GET /orders/${ORDER}`).length;
    orderNow = orderView({ status: 'Delivering', delivery: { queued: 1, delivered: 0, failed: 0, lastError: null, destinations: [] } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Delivering'), { timeout: 10_000 });
    expect(api.to(`GET /orders/${ORDER}`).length).toBeGreaterThan(asked);
  }, 20_000);

  it('the timeline names the providers of its delivery lines as the integrations tab does', async () => {
    const line = (id: string, eventName: string, payload: Record<string, unknown>) => ({
      id,
      eventName,
      payload,
      createdAt: '2026-05-02T08:00:00.000Z',
      user: null,
      order: { id: ORDER, orderName: 'Audi A4 Avant' },
      isHidden: false,
      isPriority: false,
    });
    open(admin, orderView({ status: 'Completed', delivery: { queued: 0, delivered: 2, failed: 0, lastError: null, destinations: [] } }), {
      [`GET /orders/${ORDER}/deliveries`]: () => reply(200, []),
      [`GET /events/order/${ORDER}`]: () =>
        reply(200, {
          items: [
            line('e2', 'DELIVERED', { provider: 'GENERIC_FTP', destination: 'ftp://ftp.dealer.test:21/in', files: 2 }),
            line('e1', 'DELIVERY_QUEUED', { provider: 'GENERIC_FTP, DELIVERY_ROBOT' }),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        }),
    });
    const timeline = await screen.findByTestId('timeline', {});
    await waitFor(() => expect(timeline.querySelector('[data-event="DELIVERED"]')?.textContent).toContain('FTP server · ftp://ftp.dealer.test:21/in'));
    expect(timeline.querySelector('[data-event="DELIVERY_QUEUED"]')?.textContent).toContain('FTP server, Delivery robot');
    expect(timeline.textContent).not.toContain('GENERIC_FTP');
  });

  it('is absent for an order never queued for delivery', async () => {
    const api = open(testUser(), orderView());
    await screen.findByRole('heading', { level: 1, name: 'Audi A4 Avant' });
    expect(screen.queryByTestId('deliveries-card')).toBeNull();
    expect(api.to(`GET /orders/${ORDER}/deliveries`)).toHaveLength(0);
  });
});

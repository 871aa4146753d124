import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView, OrderListItem, OrderStatus } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testUser, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { canOpen, closedReason } from '../../utils/orderOpening';
import { defaultFrom } from '../../components/data-grid/useStartDateInUrl';
import { canDeleteOrder, formatDuration } from './orderRules';
import { expectFieldError, expectVisible } from '../../test/visible';
import { narrowScreen } from '../../test/narrowScreen';

const id = (n: number) => `00000000-0000-4000-8003-${String(n).padStart(12, '0')}`;

function order(n: number, status: OrderStatus, overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: id(n),
    orderName: `Order ${n}`,
    status,
    QAstatus: status === 'Ready to download' || status === 'Completed' ? 'Approved' : 'Waiting For QA',
    user: { id: 'u1', displayName: 'Nordic Auto Demo', userName: 'dealer@demo.test' },
    salesMan: { id: 's1', name: 'Anna Sales' },
    styleGuide: { id: 'g1', name: 'Nordic Studio' },
    takenImagesCount: 3,
    imageCount: 3,
    uploadedImagesCount: 3,
    approvedCount: 0,
    needsEditionCount: 0,
    reEditOpenCount: 0,
    reEditDueAt: null,
    videoCount: 0,
    tags: [],
    timeToReadyToDownload: status === 'Ready to download' ? 3725 : null,
    timeToCompleted: null,
    createdAt: new Date(2026, 4, 1, 9, 8, 7).toISOString(),
    updatedAt: new Date(2026, 4, 1, 10, 11, 12).toISOString(),
    notePreview: null,
    thumbnailUrl: null,
    pictureUrl: null,
    uploadStale: false,
    delivery: null,
    ...overrides,
  };
}

const ROWS = [
  order(1, 'Ready to download', { notePreview: 'Please keep the number plate visible on the front picture.' }),
  order(2, 'In Progress'),
  order(3, 'Completed'),
  order(4, 'QA stage'),
];
/** what a closed row says to a dealership */
const REASONS: Record<string, string> = { 'Order 2': 'Opens when its pictures are processed', 'Order 4': 'Opens when quality control has finished' };

const DELIVERED_ROW = order(5, 'Ready to download', {
  delivery: {
    queued: 0,
    delivered: 1,
    failed: 1,
    lastError: '530 Login incorrect',
    destinations: [
      { messageId: 'm1', integrationId: 'i1', provider: 'GENERIC_FTP', integrationType: 'FTP', state: 'failed', attempts: 1, lastError: '530 Login incorrect', updatedAt: '2026-05-01T10:00:00.000Z' },
      { messageId: 'm2', integrationId: 'i2', provider: 'DELIVERY_ROBOT', integrationType: 'ROBOT', state: 'delivered', attempts: 1, lastError: null, updatedAt: '2026-05-01T10:00:00.000Z' },
    ],
  },
});

function signIn(user: MeView, rows: OrderListItem[] = ROWS) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    'GET /orders/get-orders': (req: FakeRequest) => reply(200, { items: req.query.get('page') === '2' ? [] : rows, total: rows.length, page: 1, pageSize: 10 }),
    'POST /images/download/00000000-0000-4000-8003-000000000001': () =>
      reply(200, { url: 'http://storage.test/downloads/b1.zip', fileName: 'Order 1.zip', expiresAt: '2026-05-01T10:00:00Z', imageCount: 3 }),
    'DELETE /orders/00000000-0000-4000-8003-000000000003': () => reply(200, { deleted: true }),
  });
}

const admin = testUser({ userRole: 'Admin', permissions: [] });
const dealer = testUser();
const location = () => screen.getByTestId('location').textContent ?? '';
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const lastQuery = (api: ReturnType<typeof signIn>) => api.to('GET /orders/get-orders').at(-1)!.query;

describe('orders list rules', () => {
  it('rows open for admin and QA always, for the others when Completed or Ready to download', () => {
    expect(canOpen({ status: 'In Progress' }, 'Admin')).toBe(true);
    expect(canOpen({ status: 'Uploading' }, 'QA')).toBe(true);
    expect(canOpen({ status: 'Ready to download' }, 'Dealership')).toBe(true);
    expect(canOpen({ status: 'Completed' }, 'Management')).toBe(true);
    expect(canOpen({ status: 'QA stage' }, 'Dealership')).toBe(false);
    expect(canOpen({ status: 'Delivering' }, 'Management')).toBe(false);
  });

  it('a closed row says why; the owner deletes its own Uploading order without DELETE_ORDERS, not a finished one nor another account\'s', () => {
    expect(closedReason({ status: 'Uploading' }, 'Dealership')).toBe('uploading');
    expect(closedReason({ status: 'In Progress' }, 'Management')).toBe('processing');
    expect(closedReason({ status: 'QA stage' }, 'Dealership')).toBe('qa');
    expect(closedReason({ status: 'Delivering' }, 'Dealership')).toBe('delivering');
    expect(closedReason({ status: 'Ready to download' }, 'Dealership')).toBeNull();
    expect(closedReason({ status: 'QA stage' }, 'QA')).toBeNull();
    const owner = { id: 'u1', userRole: 'Dealership' as const, permissions: [] };
    const row = (status: OrderStatus, account = 'u1') => ({ status, user: { id: account, displayName: 'x', userName: 'x' } });
    expect(canDeleteOrder(owner, row('Uploading'))).toBe(true);
    expect(canDeleteOrder(owner, row('In Progress'))).toBe(false);
    expect(canDeleteOrder(owner, row('Uploading', 'u2'))).toBe(false);
    expect(canDeleteOrder({ ...owner, permissions: ['DELETE_ORDERS'] }, row('Completed'))).toBe(true);
  });

  it('the date filter starts 14 days back, except for dealership and management', () => {
    const now = new Date(2026, 4, 20, 12, 0, 0);
    expect(defaultFrom('Admin', now)).toBe('2026-05-06');
    expect(defaultFrom('QA', now)).toBe('2026-05-06');
    expect(defaultFrom('Dealership', now)).toBeUndefined();
    expect(defaultFrom('Management', now)).toBeUndefined();
  });

  it('delivery times read as hours, minutes and seconds', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(93_784)).toBe('26:03:04');
    expect(formatDuration(null)).toBe('');
  });
});

describe('/orders', () => {
  it("shows each destination's delivery state under the order's status, to the dealership too", async () => {
    signIn(dealer, [...ROWS, DELIVERED_ROW]);
    renderAppAt('/orders');
    await screen.findByText('Order 5', {}, { timeout: 20_000 });
    const chips = within(rowOf('Order 5')).getAllByTestId('delivery-destination');
    expect(chips.map((c) => [c.textContent, c.getAttribute('data-state')])).toEqual([
      ['FTP server: Failed', 'failed'],
      ['Delivery robot: Delivered', 'delivered'],
    ]);
    expect(within(rowOf('Order 1')).queryAllByTestId('delivery-destination')).toEqual([]);
  }, 30_000);

  it('a row\'s picture: the list thumbnail, then the full picture when it is missing or fails to load, then a placeholder', async () => {
    const rows = [
      order(1, 'Completed', { thumbnailUrl: 'https://files.test/1/thumb-list.jpg', pictureUrl: 'https://files.test/1/full.jpg' }),
      order(2, 'Completed', { thumbnailUrl: null, pictureUrl: 'https://files.test/2/full.jpg' }),
      order(3, 'Completed', { thumbnailUrl: 'https://files.test/3/thumb-list.jpg', pictureUrl: 'https://files.test/3/full.jpg' }),
      order(4, 'Completed'),
    ];
    signIn(dealer, rows);
    renderAppAt('/orders');
    await screen.findByText('Order 4', {}, { timeout: 20_000 });
    const picture = (name: string) => within(rowOf(name)).queryByRole('img', { name })?.getAttribute('src');
    expect(picture('Order 1')).toBe('https://files.test/1/thumb-list.jpg');
    // no list thumbnail: the full picture
    expect(picture('Order 2')).toBe('https://files.test/2/full.jpg');
    // the thumbnail fails: the full picture; that fails too: the placeholder
    fireEvent.error(within(rowOf('Order 3')).getByRole('img', { name: 'Order 3' }));
    await waitFor(() => expect(picture('Order 3')).toBe('https://files.test/3/full.jpg'));
    fireEvent.error(within(rowOf('Order 3')).getByRole('img', { name: 'Order 3' }));
    await waitFor(() => expect(within(rowOf('Order 3')).getByTestId('order-picture-placeholder')).toBeTruthy());
    expect(within(rowOf('Order 3')).queryByRole('img', { name: 'Order 3' })).toBeNull();
    // neither: the placeholder
    expect(within(rowOf('Order 4')).getByTestId('order-picture-placeholder').getAttribute('title')).toBe('No picture yet');
  }, 30_000);

  it('admin: QA status, delivery times and note columns, the QA status filter, and from 14 days back in the URL', async () => {
    const api = signIn(admin);
    renderAppAt('/orders');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders'));
    await screen.findByText('Order 1');
    expect(headers()).toEqual([
      'Picture',
      'Order name',
      'Dealership',
      'Sales person',
      'Status',
      'QA status',
      'To ready to download',
      'To completed',
      'Created',
      'Updated',
      'Note',
      'Actions',
    ]);
    const row = rowOf('Order 1');
    expectVisible(within(row).getByText('Ready to download'));
    expectVisible(within(row).getByText('Approved'));
    expectVisible(within(row).getByText('1:02:05'));
    expectVisible(within(row).getByText('Please keep the number plate visible on the front picture.'));
    expectVisible(within(row).getByText('2026-05-01 09:08:07'));
    expectVisible(screen.getByRole('combobox', { name: 'QA status' }));
    const from = defaultFrom('Admin')!;
    expect(location()).toBe(`/orders?from=${from}`);
    // the first request already had the date (no request without it)
    expect(api.to('GET /orders/get-orders').every((r) => r.query.get('from') === from)).toBe(true);
    expect(lastQuery(api).get('sort')).toBe('createdAt');
    expect(lastQuery(api).get('order')).toBe('DESC');
  });

  it('dealership: no QA status, delivery or note columns, filters status and video only, no default date', async () => {
    const api = signIn(dealer);
    renderAppAt('/orders');
    await screen.findByText('Order 1');
    expect(headers()).toEqual(['Picture', 'Order name', 'Dealership', 'Sales person', 'Status', 'Created', 'Updated', 'Actions']);
    expectVisible(screen.getByRole('combobox', { name: 'Status' }));
    expectVisible(screen.getByRole('combobox', { name: 'Video' }));
    expect(screen.queryByRole('combobox', { name: 'QA status' })).toBeNull();
    expect(location()).toBe('/orders');
    expect(lastQuery(api).get('from')).toBeNull();
    // no delete without DELETE_ORDERS
    expect(screen.queryByRole('button', { name: 'Delete Order 1' })).toBeNull();
  });

  it('dealership: only Completed and Ready to download rows open the order; the others say why and open the read-only progress view', async () => {
    signIn(dealer);
    renderAppAt('/orders');
    await screen.findByText('Order 2');
    expect(within(rowOf('Order 2')).getByTestId('closed-reason').textContent).toBe(REASONS['Order 2']);
    expect(within(rowOf('Order 4')).getByTestId('closed-reason').textContent).toBe(REASONS['Order 4']);
    expect(within(rowOf('Order 1')).queryByTestId('closed-reason')).toBeNull();
    fireEvent.click(screen.getByText('Order 2'));
    await waitFor(() => expect(location()).toBe(`/order/${id(2)}/progress`));
  });

  it('dealership: an open row opens the order', async () => {
    signIn(dealer);
    renderAppAt('/orders');
    await screen.findByText('Order 3');
    expect(rowOf('Order 3').getAttribute('data-openable')).toBe('true');
    fireEvent.click(screen.getByText('Order 1'));
    await waitFor(() => expect(location()).toBe(`/order/${id(1)}`));
  });

  it('admin: every row opens', async () => {
    signIn(admin);
    renderAppAt('/orders');
    await screen.findByText('Order 2');
    expect(ROWS.map((r) => rowOf(r.orderName).getAttribute('data-openable'))).toEqual(['true', 'true', 'true', 'true']);
    fireEvent.keyDown(rowOf('Order 2'), { key: 'Enter' });
    await waitFor(() => expect(location()).toBe(`/order/${id(2)}`));
  });

  it('filters, the search (after 500 ms) and sorting live in the query string and go to the server', async () => {
    const api = signIn(admin);
    renderAppAt('/orders?page=2');
    await screen.findByRole('combobox', { name: 'Status' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'In Progress' }));
    await waitFor(() => expect(location()).toContain('status=In+Progress'));
    // a filter change goes back to page 1
    expect(location()).not.toContain('page=');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Video' }));
    fireEvent.click(await screen.findByRole('option', { name: 'With video' }));
    await waitFor(() => expect(location()).toContain('video=with'));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'golf' } });
    expect(location()).not.toContain('search=');
    await waitFor(() => expect(location()).toContain('search=golf'), { timeout: 10_000 });

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-31' } });
    await waitFor(() => expect(location()).toContain('to=2026-05-31'));

    fireEvent.click(screen.getByRole('button', { name: 'Order name' }));
    await waitFor(() => expect(location()).toContain('sort=orderName'));
    await waitFor(() => {
      const q = lastQuery(api);
      expect([q.get('status'), q.get('video'), q.get('search'), q.get('to'), q.get('sort'), q.get('order')]).toEqual([
        'In Progress',
        'with',
        'golf',
        '2026-05-31',
        'orderName',
        'ASC',
      ]);
    });

    // a shared link shows the same view
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('golf');
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location()).not.toContain('status='));
    expect(location()).not.toContain('search=');
  });

  it('download asks for the zip and opens its link; delete needs the typed name', async () => {
    const api = signIn(admin);
    renderAppAt('/orders');
    await screen.findByText('Order 1');
    fireEvent.click(screen.getByRole('button', { name: 'Download Order 1' }));
    // the zip's link loads in a hidden frame: the browser downloads it, the list stays
    await waitFor(() => expect([...document.querySelectorAll('iframe')].map((f) => f.src)).toEqual(['http://storage.test/downloads/b1.zip']));
    expect(api.to(`POST /images/download/${id(1)}`)[0]!.body).toEqual({ order: id(1) });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Order 3' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Order' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expectFieldError(within(dialog).getByLabelText('Name'), 'Invalid name'));
    expect(api.to(`DELETE /orders/${id(3)}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Order 3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to(`DELETE /orders/${id(3)}`)).toHaveLength(1));
  });

  it('a dealership with DELETE_ORDERS may delete', async () => {
    signIn(testUser({ permissions: ['CREATE_ORDERS', 'delete_orders'] }));
    renderAppAt('/orders');
    expect((await screen.findByRole('button', { name: 'Delete Order 1' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('/orders/success shows the upload-success modal over the list; closing keeps the list', async () => {
    signIn(dealer);
    renderAppAt('/orders/success');
    const dialog = await screen.findByRole('dialog', { name: 'Upload successful' });
    expectVisible(await screen.findByText('Order 1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the orders' }));
    await waitFor(() => expect(location()).toBe('/orders'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('orders list on a phone', () => {
  it('shows each order as a card with its name, status badge, created time and actions; a card opens the order', async () => {
    const restore = narrowScreen();
    try {
      signIn(dealer);
      renderAppAt('/orders');
      const list = await screen.findByRole('list', { name: 'Orders' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = await within(list).findAllByRole('listitem');
      expect(cards).toHaveLength(4);
      const first = cards[0]!;
      expectVisible(within(first).getByText('Order 1'));
      expectVisible(within(first).getByText('Ready to download'));
      expectVisible(within(first).getByText('2026-05-01 09:08:07'));
      expectVisible(within(first).getByRole('button', { name: 'Download Order 1' }));
      // a dealership sees no QA status
      expect(within(first).queryByText('Approved')).toBeNull();
      expectVisible(within(cards[1]!).getByText('In Progress'));

      fireEvent.click(within(first).getByText('Order 1'));
      await waitFor(() => expect(location()).toBe(`/order/${id(1)}`));
    } finally {
      restore();
    }
  });
});

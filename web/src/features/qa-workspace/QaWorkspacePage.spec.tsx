import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView, OrderView, QaTaskView, QaWorkListRow, QaWorkLists } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';
import { durationSince, durationUntil, rowActions } from './qaWorkspaceLogic';

const ME = '00000000-0000-4000-8000-0000000000e1';
const MIN = 60_000;
const qa = testUser({ id: ME, displayName: 'Edith Editor', userRole: 'QA', permissions: ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST'] });

const task = (state: QaTaskView['state'], displayName = 'Edith Editor', role: QaTaskView['role'] = 'editor'): QaTaskView => ({
  role,
  state,
  user: { id: ME, displayName },
  pickedAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:00:00.000Z',
});

function row(id: string, overrides: Partial<QaWorkListRow> = {}): QaWorkListRow {
  return {
    id,
    orderName: `Order ${id}`,
    status: 'QA stage',
    QAstatus: 'Waiting For QA',
    user: { id: 'd1', displayName: 'Nordic Auto Demo' },
    styleGuide: { id: 'g1', name: 'Nordic Studio' },
    imageCount: 8,
    uploadedImagesCount: 8,
    approvedCount: 3,
    needsEditionCount: 2,
    waitingSince: new Date(Date.now() - 130 * MIN).toISOString(),
    tags: [],
    task: null,
    editorTask: null,
    reEditOpenCount: 0,
    reEditDueAt: null,
    overdue: false,
    ...overrides,
  };
}

const PRIORITY = { id: 't1', name: 'Priority', category: 'PRIORITY' as const, entity: 'order' as const, color: 'red', createdAt: '2026-05-01T09:00:00.000Z', updatedAt: '2026-05-01T09:00:00.000Z' };

const EDITOR_LISTS: QaWorkLists = {
  ownOrders: [row('o1', { task: task('IN_PROGRESS') })],
  unassignedOrders: [
    row('u1', { tags: [PRIORITY] }),
    row('u2', { reEditOpenCount: 2, reEditDueAt: new Date(Date.now() - 60 * MIN).toISOString(), overdue: true, waitingSince: new Date(Date.now() - 20 * MIN).toISOString() }),
    row('u3', { reEditOpenCount: 1, reEditDueAt: new Date(Date.now() + 150 * MIN + 30_000).toISOString(), waitingSince: new Date(Date.now() - 5 * MIN).toISOString() }),
  ],
};

const COORDINATOR_LISTS: QaWorkLists = {
  ownOrders: [
    row('c1', { task: task('IN_PROGRESS', 'Edith Editor', 'coordinator'), editorTask: task('DONE', 'Eric Editor'), approvedCount: 8 }),
    row('c2', { task: task('IN_PROGRESS', 'Edith Editor', 'coordinator'), editorTask: task('DONE', 'Eric Editor'), approvedCount: 5 }),
  ],
  unassignedOrders: [],
};

function signIn(user: MeView, extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/editor/${ME}`]: () => reply(200, EDITOR_LISTS),
    [`GET /orders/coordinator/${ME}`]: () => reply(200, COORDINATOR_LISTS),
    ...extra,
  });
}

async function open(path = '/editing-page', extra: Record<string, FakeHandler> = {}) {
  const api = signIn(qa, extra);
  renderAppAt(path);
  await screen.findByRole('heading', { level: 1, name: 'QA list' });
  await screen.findByRole('region', { name: /^Your tasks/ });
  return api;
}

const list = (name: RegExp) => screen.getByRole('region', { name });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('[data-testid="qa-row"]') as HTMLElement;
const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  jest.useRealTimers();
});

describe('QA work list rules', () => {
  it('says how long an order has waited in minutes, hours and minutes, or days and hours', () => {
    const now = Date.parse('2026-05-02T12:00:00.000Z');
    expect(durationSince('2026-05-02T11:15:30.000Z', now)).toEqual({ key: 'qaWorkspace.duration.minutes', values: { minutes: 44 } });
    expect(durationSince('2026-05-02T09:50:00.000Z', now)).toEqual({ key: 'qaWorkspace.duration.hours', values: { hours: 2, minutes: 10 } });
    expect(durationSince('2026-04-29T08:00:00.000Z', now)).toEqual({ key: 'qaWorkspace.duration.days', values: { days: 3, hours: 4 } });
    expect(durationSince('2026-05-02T12:05:00.000Z', now)).toEqual({ key: 'qaWorkspace.duration.minutes', values: { minutes: 0 } });
    expect(durationUntil('2026-05-02T14:30:00.000Z', now)).toEqual({ key: 'qaWorkspace.duration.hours', values: { hours: 2, minutes: 30 } });
    expect(durationUntil('2026-05-02T11:00:00.000Z', now)).toEqual({ key: 'qaWorkspace.duration.minutes', values: { minutes: 0 } });
  });

  it('offers Pick only as what the user may pick, the editor its decisions until done, Approve only when every image is approved', () => {
    expect(rowActions('editor', false, row('a'), true)).toEqual(['pick']);
    expect(rowActions('editor', false, row('a'), false)).toEqual([]);
    // a coordinator picks once the editor is done or the order was sent back
    expect(rowActions('coordinator', false, row('a'), true)).toEqual([]);
    expect(rowActions('coordinator', false, row('a', { editorTask: task('IN_PROGRESS') }), true)).toEqual([]);
    expect(rowActions('coordinator', false, row('a', { editorTask: task('DONE') }), true)).toEqual(['pick']);
    expect(rowActions('coordinator', false, row('a', { editorTask: task('REJECTED') }), true)).toEqual(['pick']);
    expect(rowActions('coordinator', false, row('a', { editorTask: task('DONE') }), false)).toEqual([]);
    expect(rowActions('editor', true, row('a', { task: task('IN_PROGRESS') }), true)).toEqual(['sendToEdit', 'editorApprove', 'done', 'release']);
    expect(rowActions('editor', true, row('a', { task: task('REJECTED') }), true)).toEqual(['sendToEdit', 'editorApprove', 'done', 'release']);
    expect(rowActions('editor', true, row('a', { task: task('IN_PROGRESS'), QAstatus: 'Waiting For Edition' }), true)).toEqual(['cancelEdition', 'done', 'release']);
    expect(rowActions('editor', true, row('a', { task: task('DONE') }), true)).toEqual(['release']);
    expect(rowActions('coordinator', true, row('a', { approvedCount: 8 }), true)).toEqual(['approve', 'release']);
    expect(rowActions('coordinator', true, row('a', { approvedCount: 7 }), true)).toEqual(['sendBack', 'release']);
    expect(rowActions('coordinator', true, row('a', { uploadedImagesCount: 0, approvedCount: 0 }), true)).toEqual(['sendBack', 'release']);
  });
});

describe('/editing-page', () => {
  it("shows the editor's own and unassigned orders with their waiting time, priority tag and overdue re-edits", async () => {
    const api = await open();
    expect(api.to(`GET /orders/editor/${ME}`)).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
    expect(within(list(/^Your tasks/)).getByRole('heading', { level: 2 }).textContent).toBe('Your tasks (1)');
    expect(within(list(/^Unassigned/)).getByRole('heading', { level: 2 }).textContent).toBe('Unassigned (3)');

    const mine = rowOf('Order o1');
    expect(within(mine).getByTestId('qa-task').textContent).toBe('Edith Editor: in progress');
    expectVisible(within(mine).getByRole('button', { name: 'Done' }));
    expect(within(mine).getByTestId('qa-waited').textContent).toBe('waited 2 h 10 min');
    expect(within(mine).getByText('3 of 8 images approved · 2 need edition')).toBeTruthy();

    const priority = rowOf('Order u1');
    expectVisible(within(priority).getByText('Priority'));
    expectVisible(within(priority).getByRole('button', { name: 'Pick' }));
    const overdue = rowOf('Order u2');
    expect(within(overdue).getByTestId('qa-waited').textContent).toBe('waited 20 min');
    expect(within(overdue).getByTestId('qa-re-edit').textContent).toMatch(/^Re-edit requests: 2, due \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Overdue$/);
    expect(within(priority).queryByTestId('qa-re-edit')).toBeNull();
    // an open request's clock: the time left until it is due
    const dueLater = rowOf('Order u3');
    expect(within(dueLater).getByTestId('qa-re-edit').textContent).toMatch(/^Re-edit requests: 1, due \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}2 h 30 min left$/);
    expect(within(overdue).queryByTestId('qa-re-edit-left')).toBeNull();

    // a row opens the order
    fireEvent.click(within(mine).getByTestId('qa-waited'));
    await waitFor(() => expect(location()).toBe('/order/o1'));
  }, 15_000);

  it('switches to the coordinator tab in the URL and back', async () => {
    const api = await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Coordinator' }));
    await waitFor(() => expect(location()).toBe('/editing-page?list=coordinator'));
    await screen.findByRole('link', { name: 'Order c1' });
    expect(api.to(`GET /orders/coordinator/${ME}`)).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Coordinator' }).getAttribute('aria-selected')).toBe('true');
    expect(within(rowOf('Order c1')).getByTestId('qa-editor-task').textContent).toBe('Editor Eric Editor: done');
    expect(screen.getByText('Nothing here right now')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    await waitFor(() => expect(location()).toBe('/editing-page'));
    await screen.findByRole('link', { name: 'Order o1' });
  }, 15_000);

  it('opens /editor-list on the editor tab', async () => {
    await open('/editor-list');
    expect(screen.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('link', { name: 'Order o1' });
  });

  it('starts on the coordinator tab with ?list=coordinator', async () => {
    await open('/editing-page?list=coordinator');
    await screen.findByRole('link', { name: 'Order c1' });
    expect(screen.getByRole('tab', { name: 'Coordinator' }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks the lists again on Refresh, then keeps the button disabled for 5 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const api = await open();
    const refresh = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    expect(refresh.disabled).toBe(false);
    fireEvent.click(refresh);
    expect(refresh.disabled).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(api.to(`GET /orders/editor/${ME}`)).toHaveLength(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4_800);
    });
    expect(refresh.disabled).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(refresh.disabled).toBe(false);
  });

  it('picks an order and asks the lists again', async () => {
    const api = await open('/editing-page', {
      'POST /orders/u1/qa/pick': () => reply(200, {}),
    });
    fireEvent.click(within(rowOf('Order u1')).getByRole('button', { name: 'Pick' }));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Pick - Successfully');
    expect(api.to('POST /orders/u1/qa/pick')[0]!.body).toEqual({ role: 'editor' });
    // the lists are asked again
    await waitFor(() => expect(api.to(`GET /orders/editor/${ME}`).length).toBeGreaterThanOrEqual(2));
  }, 15_000);

  it('says who has an order someone else picked first', async () => {
    await open('/editing-page', { 'POST /orders/u2/qa/pick': () => fail(409, 'Eric Editor has already picked this order') });
    fireEvent.click(within(rowOf('Order u2')).getByRole('button', { name: 'Pick' }));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Pick - Error: Eric Editor has already picked this order');
  }, 15_000);

  it("marks the editor's task done", async () => {
    const api = await open('/editing-page', { 'PUT /orders/o1/qa/task': () => reply(200, {}) });
    fireEvent.click(within(rowOf('Order o1')).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(api.to('PUT /orders/o1/qa/task')).toHaveLength(1));
    expect(api.to('PUT /orders/o1/qa/task')[0]!.body).toEqual({ state: 'DONE' });
  });

  it('approves an order whose images are all approved, and sends back one that is not, each after a confirmation', async () => {
    const api = await open('/editing-page?list=coordinator', {
      'PUT /orders/approval/c1/true': () => reply(200, {} as OrderView),
      'PUT /orders/approval/c2/false': () => reply(200, {} as OrderView),
    });
    await screen.findByRole('link', { name: 'Order c1' });
    const allApproved = rowOf('Order c1');
    const notAll = rowOf('Order c2');
    expect(within(allApproved).queryByRole('button', { name: 'Send back' })).toBeNull();
    expect(within(notAll).queryByRole('button', { name: 'Approve' })).toBeNull();

    // approve: asked first; cancel sends nothing
    fireEvent.click(within(allApproved).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Approve Order c1?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('PUT /orders/approval/c1/true')).toHaveLength(0);
    fireEvent.click(within(allApproved).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to('PUT /orders/approval/c1/true')).toHaveLength(1));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Approve - Successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // send back: says how many images are not approved
    fireEvent.click(within(notAll).getByRole('button', { name: 'Send back' }));
    dialog = await screen.findByRole('dialog', { name: 'Send Order c2 back?' });
    expect(within(dialog).getByText('3 of 8 images are not approved. The order goes back to the editor.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(api.to('PUT /orders/approval/c2/false')).toHaveLength(1));
    expect(location()).toBe('/editing-page?list=coordinator');
  }, 15_000);

  it('offers the editor Send to edit and Approve on its own order, each after a confirmation', async () => {
    const api = await open('/editor-list', {
      'PUT /orders/o1/qa/decision': () => reply(200, {} as OrderView),
    });
    const mine = rowOf('Order o1');
    fireEvent.click(within(mine).getByRole('button', { name: 'Send to edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send Order o1 to edit?' });
    expect(within(dialog).getByText('The order waits for edition and stays in your tasks.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('PUT /orders/o1/qa/decision')).toHaveLength(0);
    fireEvent.click(within(mine).getByRole('button', { name: 'Send to edit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send to edit' }));
    await waitFor(() => expect(api.to('PUT /orders/o1/qa/decision')).toHaveLength(1));
    expect(api.to('PUT /orders/o1/qa/decision')[0]!.body).toEqual({ decision: 'sendToEdit' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(mine).getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve Order o1?' });
    expect(within(dialog).getByText('5 of 8 images are not approved. The order goes to Ready to download.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to('PUT /orders/o1/qa/decision')).toHaveLength(2));
    expect(api.to('PUT /orders/o1/qa/decision')[1]!.body).toEqual({ decision: 'approve' });
  }, 15_000);

  it('offers Cancel edition on an order waiting for edition, which approves it after a confirmation', async () => {
    const api = signIn(qa, {
      [`GET /orders/editor/${ME}`]: () => reply(200, { ownOrders: [row('w1', { task: task('IN_PROGRESS'), QAstatus: 'Waiting For Edition' })], unassignedOrders: [] }),
      'PUT /orders/w1/qa/decision': () => reply(200, {} as OrderView),
    });
    renderAppAt('/editor-list');
    const waiting = await screen.findByRole('link', { name: 'Order w1' });
    const card = waiting.closest('[data-testid="qa-row"]') as HTMLElement;
    expect(within(card).queryByRole('button', { name: 'Send to edit' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel edition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the edition of Order w1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel edition' }));
    await waitFor(() => expect(api.to('PUT /orders/w1/qa/decision')).toHaveLength(1));
    expect(api.to('PUT /orders/w1/qa/decision')[0]!.body).toEqual({ decision: 'cancelEdition' });
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Cancel edition - Successfully');
  }, 15_000);

  it("offers the demo's editor Pick on the editor tab and none on the coordinator tab", async () => {
    const unassigned = [row('n1'), row('d1', { editorTask: task('DONE', 'Eric Editor') })];
    const lists = { [`GET /orders/editor/${ME}`]: () => reply(200, { ownOrders: [], unassignedOrders: unassigned }), [`GET /orders/coordinator/${ME}`]: () => reply(200, { ownOrders: [], unassignedOrders: unassigned }) };
    // the demo's editor: role tag QA_EDITOR, the editor list permission only
    signIn(testUser({ id: ME, userRole: 'QA', roleTags: ['QA_EDITOR'], permissions: ['READ_QA_EDITOR_LIST'] }), lists);
    renderAppAt('/editing-page');
    await screen.findByRole('link', { name: 'Order n1' });
    expectVisible(within(rowOf('Order n1')).getByRole('button', { name: 'Pick' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Coordinator' }));
    await waitFor(() => expect(location()).toBe('/editing-page?list=coordinator'));
    await screen.findByRole('link', { name: 'Order d1' });
    expect(screen.queryByRole('button', { name: 'Pick' })).toBeNull();
  }, 15_000);

  it('offers the coordinator Pick on its tab only for what the editor finished, and none on the editor tab', async () => {
    const unassigned = [row('n1'), row('d1', { editorTask: task('DONE', 'Eric Editor') })];
    signIn(testUser({ id: ME, userRole: 'QA', roleTags: ['QA_COORDINATOR'], permissions: ['READ_QA_COORDINATOR_LIST'] }), {
      [`GET /orders/editor/${ME}`]: () => reply(200, { ownOrders: [], unassignedOrders: unassigned }),
      [`GET /orders/coordinator/${ME}`]: () => reply(200, { ownOrders: [], unassignedOrders: unassigned }),
    });
    renderAppAt('/editing-page?list=coordinator');
    await screen.findByRole('link', { name: 'Order d1' });
    expectVisible(within(rowOf('Order d1')).getByRole('button', { name: 'Pick' }));
    expect(within(rowOf('Order n1')).queryByRole('button', { name: 'Pick' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    await waitFor(() => expect(location()).toBe('/editing-page'));
    await screen.findByRole('link', { name: 'Order n1' });
    expect(screen.queryByRole('button', { name: 'Pick' })).toBeNull();
  }, 15_000);

  it("shows the server's refusal instead of the lists (a QA account without the list permission)", async () => {
    signIn(qa, { [`GET /orders/editor/${ME}`]: () => fail(403, 'Missing permission READ_QA_EDITOR_LIST') });
    renderAppAt('/editing-page');
    expectVisible(await screen.findByText('Missing permission READ_QA_EDITOR_LIST', undefined));
    expect(screen.queryByRole('region', { name: /^Your tasks/ })).toBeNull();
  });

  it('is not for dealerships', async () => {
    signIn(testUser());
    renderAppAt('/editing-page');
    await waitFor(() => expect(location()).toBe('/error/401'));
  });
});

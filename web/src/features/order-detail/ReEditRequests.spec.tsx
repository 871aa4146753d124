import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImageView, MeView, OrderView, ReEditRequestSummary } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testDeliveredOrder, testImage, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';
import { reEditBody, reEditDisplay, validateDecline, validateReEdit } from './reEditLogic';

const ORDER = '55555555-5555-4555-8555-555555555555';
const dealer = testUser();
const qa = testUser({ id: '00000000-0000-4000-8000-000000000009', userRole: 'QA', roleTags: ['QA_EDITOR'], permissions: [] });
const parent = testUser({ id: '00000000-0000-4000-8000-000000000007', userRole: 'Management', displayName: 'Nordic Group' });

function orderView(): OrderView {
  return testDeliveredOrder({
    id: ORDER,
    user: { id: dealer.id, displayName: dealer.displayName, userName: dealer.email },
    createdBy: { id: dealer.id, displayName: dealer.displayName, role: 'Account' },
  });
}

const HOUR = 3_600_000;
const request = (overrides: Partial<ReEditRequestSummary> = {}): ReEditRequestSummary => ({
  id: 'r1',
  reason: 'reflections',
  text: 'Glare on the bonnet',
  state: 'open',
  dueAt: new Date(Date.now() + 2 * HOUR + 30 * 60_000).toISOString(),
  overdue: false,
  answer: null,
  ...overrides,
});

/** a delivered picture: approved, ready to download, no original kept, no open request */
const image = (position: number, overrides: Partial<ImageView> = {}): ImageView =>
  testImage(position, { orderId: ORDER, label: 'ready to download', approved: true, originalUrl: null, reEditRequest: null, ...overrides });

/** The order detail as `user`; the order's pictures are what `images` gives at each call (an action changes them). */
async function open(user: MeView, images: () => ImageView[], extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/${ORDER}`]: () => reply(200, orderView()),
    [`GET /images/order/${ORDER}`]: () => reply(200, images()),
    [`GET /events/order/${ORDER}`]: () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic Studio', outputWidth: 1920, outputHeight: 1440, configurations: [] }),
    [`GET /videos/order/${ORDER}`]: () => reply(200, []),
    ...extra,
  });
  renderAppAt(`/order/${ORDER}`);
  await screen.findByRole('heading', { level: 1, name: 'Audi A4 Avant' });
  await screen.findByTestId('image-1');
  return api;
}

const card = (position: number) => screen.getByTestId(`image-${position}`);

describe('re-edit rules', () => {
  it('a reason is required; the text is required for Other and at most 500 characters', () => {
    expect(validateReEdit({ reason: '', text: '' })).toEqual({ reason: { key: 'validation.required' } });
    expect(validateReEdit({ reason: 'other', text: '   ' })).toEqual({ text: { key: 'reEdit.textRequired' } });
    expect(validateReEdit({ reason: 'logo', text: 'x'.repeat(501) })).toEqual({ text: { key: 'validation.maxLength', values: { max: 500 } } });
    expect(validateReEdit({ reason: 'other', text: 'x'.repeat(500) })).toEqual({});
    expect(validateReEdit({ reason: 'logo', text: '' })).toEqual({});
    expect(validateDecline({ text: ' ' })).toEqual({ text: { key: 'validation.required' } });
    expect(validateDecline({ text: 'x'.repeat(501) })).toEqual({ text: { key: 'validation.maxLength', values: { max: 500 } } });
    expect(reEditBody({ reason: 'logo', text: '  ' })).toEqual({ reason: 'logo' });
    expect(reEditBody({ reason: 'other', text: ' Move the logo ' })).toEqual({ reason: 'other', text: 'Move the logo' });
  });

  it('the state shown: time left, overdue, done, declined with the answer', () => {
    const now = Date.parse('2026-05-01T10:00:00.000Z');
    const due = (ms: number) => new Date(now + ms).toISOString();
    expect(reEditDisplay({ state: 'open', dueAt: due(3 * HOUR + 5 * 60_000), overdue: false, answer: null }, now)).toEqual({ kind: 'open', hours: 3, minutes: 5 });
    expect(reEditDisplay({ state: 'open', dueAt: due(10_000), overdue: false, answer: null }, now)).toEqual({ kind: 'open', hours: 0, minutes: 1 });
    expect(reEditDisplay({ state: 'open', dueAt: due(-1), overdue: false, answer: null }, now)).toEqual({ kind: 'overdue' });
    expect(reEditDisplay({ state: 'open', dueAt: due(HOUR), overdue: true, answer: null }, now)).toEqual({ kind: 'overdue' });
    expect(reEditDisplay({ state: 'done', dueAt: due(-HOUR), overdue: false, answer: null }, now)).toEqual({ kind: 'done' });
    expect(reEditDisplay({ state: 'declined', dueAt: due(HOUR), overdue: false, answer: 'As the guide says' }, now)).toEqual({ kind: 'declined', answer: 'As the guide says' });
  });
});

describe('/order/{id}: re-edit requests', () => {
  it('the dealership sees each request state on its picture, and asks only where nothing is open', async () => {
    await open(dealer, () => [
      image(1, { reEditRequest: request() }),
      image(2, { reEditRequest: request({ id: 'r2', overdue: true, dueAt: new Date(Date.now() - HOUR).toISOString() }) }),
      image(3, { reEditRequest: request({ id: 'r3', state: 'declined', answer: 'The guide asks for this margin' }) }),
      image(4, { reEditRequest: request({ id: 'r4', state: 'done' }) }),
      image(5, { optimisationStatus: 'queued', label: 'pending load', approved: false }),
    ]);
    const state = (position: number) => within(card(position)).getByTestId('re-edit-state');
    expect(state(1).textContent).toBe('Re-edit requested: 2 h 30 min left');
    expect(state(2).textContent).toBe('Re-edit overdue');
    expect(state(3).textContent).toBe('Re-edit declined: The guide asks for this margin');
    expect(state(4).textContent).toBe('Re-edited');
    expectVisible(state(3));
    const ask = (position: number) => within(card(position)).queryByRole('button', { name: 'Ask for a re-edit' });
    expect([1, 2, 3, 4, 5].map((p) => ask(p) !== null)).toEqual([false, false, true, true, false]);
  });

  it('asking: the reason is required, the text for Other; then the request is sent and the pictures read again', async () => {
    let images = [image(1)];
    const api = await open(dealer, () => images, {
      'POST /images/img-1/re-edit-requests': () => {
        images = [image(1, { approved: false, needsEdition: true, reEditRequest: request({ reason: 'other', text: 'Move the logo' }) })];
        return reply(201, { ...request(), imageId: 'img-1' });
      },
    });
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Ask for a re-edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expectFieldError(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Reason is required');
    expect(api.to('POST /images/img-1/re-edit-requests')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    const text = within(dialog).getByRole('textbox', { name: /What should change/ });
    fireEvent.blur(text);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expectFieldError(text, 'Describe what should change'));
    expect(api.to('POST /images/img-1/re-edit-requests')).toHaveLength(0);

    fireEvent.change(text, { target: { value: '  Move the logo  ' } });
    expect(within(dialog).getByText('13 / 500 characters; required for Other')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.to('POST /images/img-1/re-edit-requests')).toHaveLength(1));
    expect(api.to('POST /images/img-1/re-edit-requests')[0]!.body).toEqual({ reason: 'other', text: 'Move the logo' });
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Re-edit request - Successfully');
    await waitFor(() => expect(within(card(1)).getByTestId('re-edit-state').textContent).toBe('Re-edit requested: 2 h 30 min left'));
    expect(within(card(1)).queryByRole('button', { name: 'Ask for a re-edit' })).toBeNull();
  });

  it("the server's refusal shows in the dialog", async () => {
    await open(dealer, () => [image(1)], { 'POST /images/img-1/re-edit-requests': () => fail(409, 'This picture already has an open re-edit request') });
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Ask for a re-edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Background' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This picture already has an open re-edit request');
  });

  it("a management account does not ask on its child's order", async () => {
    await open(parent, () => [image(1)]);
    expect(within(card(1)).queryByRole('button', { name: 'Ask for a re-edit' })).toBeNull();
  });

  it("QA sees the open request's reason and clock, and declines it with an answer", async () => {
    let images = [image(1, { approved: false, needsEdition: true, reEditRequest: request() }), image(2)];
    const api = await open(qa, () => images, {
      'POST /images/re-edit-requests/r1/decline': () => {
        images = [image(1, { reEditRequest: request({ state: 'declined', answer: 'Glare is part of the paint' }) }), image(2)];
        return reply(200, {});
      },
      'POST /images/approval/img-1': () => reply(200, image(1)),
    });
    const panel = within(card(1)).getByTestId('re-edit-qa');
    expect(within(panel).getByText('The dealership asks: Reflections: Glare on the bonnet')).toBeTruthy();
    expect(within(panel).getByTestId('re-edit-state').textContent).toBe('Re-edit requested: 2 h 30 min left');
    expect(within(card(2)).queryByTestId('re-edit-qa')).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Decline request' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expectFieldError(within(dialog).getByRole('textbox', { name: /Answer to the dealership/ }), 'Answer to the dealership is required');
    expect(api.to('POST /images/re-edit-requests/r1/decline')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Answer to the dealership/ }), { target: { value: ' Glare is part of the paint ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.to('POST /images/re-edit-requests/r1/decline')).toHaveLength(1));
    expect(api.to('POST /images/re-edit-requests/r1/decline')[0]!.body).toEqual({ text: 'Glare is part of the paint' });
    await waitFor(() => expect(within(card(1)).queryByTestId('re-edit-qa')).toBeNull());
  });
});


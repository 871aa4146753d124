import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pairForQaStatus, pairForStatus, type ImageView, type MeView, type OrderView, type TagView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testImage, testOrder, testUser, type FakeHandler, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';
import { BADGE_COLOURS, filterByType, imageBadge, validateInsert } from './detailLogic';
import { tagsOnSelection } from './SelectionPanel';

const ORDER = '44444444-4444-4444-8444-444444444444';

// whole-app renders of a busy screen: on a loaded machine some take more than jest's 5 s
jest.setTimeout(20_000);

function orderView(overrides: Partial<OrderView> = {}): OrderView {
  return testOrder({ id: ORDER, ...overrides });
}

const image = (position: number, overrides: Partial<ImageView> = {}): ImageView => testImage(position, { orderId: ORDER, types: ['original', 'AI'], ...overrides });

const tag = (id: string, name: string, category: TagView['category']): TagView => ({ id, name, category, entity: 'image', color: 'red', createdAt: '', updatedAt: '' });
const TAGS = [tag('t1', 'Reflections', 'IMAGE_ERROR'), tag('t2', 'Dirty lens', 'IMAGE_ERROR'), tag('t3', 'Rush', 'PRIORITY')];

const events = (page: number, total: number) =>
  Array.from({ length: Math.min(10, total - (page - 1) * 10) }, (_, i) => ({
    id: `e${(page - 1) * 10 + i}`,
    eventName: i === 0 && page === 1 ? 'UPLOAD_COMPLETED' : 'EDITED',
    payload: {},
    createdAt: '2026-05-01T09:00:00.000Z',
    user: null,
    order: { id: ORDER, orderName: 'VW Golf 8' },
    isHidden: false,
    isPriority: false,
  }));

function signIn(user: MeView, order: OrderView, extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  let current = order;
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/${ORDER}`]: () => reply(200, current),
    [`PUT /orders/${ORDER}`]: (req: FakeRequest) => {
      const body = req.body as Partial<OrderView>;
      // the server has the last word: it answers the saved order
      current = { ...current, ...body, orderName: typeof body.orderName === 'string' ? body.orderName : current.orderName };
      return reply(200, current);
    },
    [`PUT /orders/approval/${ORDER}/true`]: () => {
      current = { ...current, status: 'Ready to download', QAstatus: 'Approved' };
      return reply(200, current);
    },
    [`GET /images/order/${ORDER}`]: () => reply(200, [image(2), image(1, { approved: true }), image(3, { optimisationStatus: 'rejected', label: 'pipeline error', failureReason: 'segmenter failed', types: ['original'] })]),
    [`GET /events/order/${ORDER}`]: (req: FakeRequest) => {
      const page = Number(req.query.get('page'));
      const total = req.query.get('isHidden') === 'true' ? 14 : 12;
      return reply(200, { items: events(page, total), total, page, pageSize: 10 });
    },
    'GET /style-guides/g1': () =>
      reply(200, { id: 'g1', name: 'Nordic Studio', outputWidth: 1920, outputHeight: 1440, configurations: [{ id: 'c1', position: 1, type: 'IMAGE', optional: false, angle: { id: 'a1', name: 'Front' }, customAngleOverlay: null, featuredImage: null }] }),
    [`GET /videos/order/${ORDER}`]: () => reply(200, []),
    'POST /images/approval/img-2': () => reply(200, image(2, { approved: true })),
    'GET /tags': (req: FakeRequest) => {
      const items = TAGS.filter((tag) => !req.query.get('category') || tag.category === req.query.get('category'));
      return reply(200, { items, total: items.length, page: 1, pageSize: 10 });
    },
    'GET /tags/get/images/img-1': () => reply(200, []),
    'GET /tags/get/images/img-2': () => reply(200, [TAGS[2]]),
    'GET /tags/get/images/img-3': () => reply(200, []),
    ...extra,
  });
}

const admin = testUser({ userRole: 'Admin', permissions: [] });
const dealer = testUser();
const location = () => screen.getByTestId('location').textContent;

async function open(user: MeView, order = orderView(), path = `/order/${ORDER}`, extra: Record<string, FakeHandler> = {}) {
  const api = signIn(user, order, extra);
  renderAppAt(path);
  await screen.findByRole('heading', { level: 1, name: order.orderName });
  return api;
}

describe('detail rules', () => {
  it('the paired status rules', () => {
    expect(pairForStatus('Uploading')).toEqual({ status: 'Uploading', QAstatus: 'Waiting For QA' });
    expect(pairForStatus('In Progress')).toEqual({ status: 'In Progress', QAstatus: 'Waiting For QA' });
    expect(pairForStatus('QA stage')).toEqual({ status: 'QA stage', QAstatus: 'Waiting For QA' });
    expect(pairForStatus('Delivering')).toEqual({ status: 'Delivering', QAstatus: 'Approved' });
    expect(pairForStatus('Ready to download')).toEqual({ status: 'Ready to download', QAstatus: 'Approved' });
    expect(pairForStatus('Completed')).toEqual({ status: 'Completed', QAstatus: 'Approved' });
    expect(pairForQaStatus('Waiting For QA')).toEqual({ status: 'QA stage', QAstatus: 'Waiting For QA' });
    expect(pairForQaStatus('Waiting For Edition')).toEqual({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
    expect(pairForQaStatus('Approved')).toEqual({ status: 'Ready to download', QAstatus: 'Approved' });
  });

  it('image badges: Waiting for QA until someone looks, Approved, Requires edition only once marked, the refusals by their cause', () => {
    expect(imageBadge({ approved: false, needsEdition: false, optimisationStatus: 'completed', label: 'waiting for QA' })).toBe('waitingForQa');
    expect(BADGE_COLOURS.waitingForQa).toBe('default');
    expect(imageBadge({ approved: true, needsEdition: false, optimisationStatus: 'completed', label: 'waiting for QA' })).toBe('approved');
    expect(imageBadge({ approved: false, needsEdition: true, optimisationStatus: 'completed', label: 'waiting for QA' })).toBe('requiresEdition');
    // marked, then sent to the pipeline again: still marked
    expect(imageBadge({ approved: false, needsEdition: true, optimisationStatus: 'queued', label: 'pending load' })).toBe('requiresEdition');
    expect(imageBadge({ approved: false, needsEdition: false, optimisationStatus: 'rejected', label: 'pipeline error' })).toBe('pipelineError');
    expect(imageBadge({ approved: false, needsEdition: false, optimisationStatus: 'upload-rejected', label: 'pending load' })).toBe('uploadRefused');
    expect(imageBadge({ approved: false, needsEdition: false, optimisationStatus: 'queued', label: 'pending load' })).toBeUndefined();
    expect(imageBadge({ approved: false, needsEdition: false, optimisationStatus: 'awaiting-upload', label: 'pending load' })).toBeUndefined();
    // the order approved anyway: the pictures nobody looked at follow it; a marked one stays marked
    expect(imageBadge({ approved: false, needsEdition: false, optimisationStatus: 'completed', label: 'ready to download' })).toBe('approved');
    expect(imageBadge({ approved: false, needsEdition: true, optimisationStatus: 'completed', label: 'needs edition' })).toBe('requiresEdition');
  });

  it('image-type filter and insert-image rules', () => {
    const images = [image(1, { types: ['original'] }), image(2, { types: ['optimized', 'enhanced'] })];
    expect(filterByType(images, 'enhanced').map((i) => i.position)).toEqual([2]);
    expect(filterByType(images, '').map((i) => i.position)).toEqual([1, 2]);
    const file = new File(['x'], 'x.jpg', { type: 'image/jpeg' });
    const required = { key: 'validation.required' };
    expect(validateInsert({ position: '', mediaOrigin: '', file: null })).toEqual({ position: required, mediaOrigin: required, file: required });
    expect(validateInsert({ position: '1.5', mediaOrigin: 'original', file })).toEqual({ position: { key: 'validation.invalid' } });
    expect(validateInsert({ position: '-1', mediaOrigin: 'original', file })).toEqual({ position: { key: 'orderDetail.insert.positionNegative' } });
    expect(validateInsert({ position: '0', mediaOrigin: 'optimized', file })).toEqual({});
  });
});

describe('/order/{id} header', () => {
  it('admin: choosing a status sends the pair; the answer replaces the display and "Status updated" shows', async () => {
    const api = await open(admin);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(api.to(`PUT /orders/${ORDER}`)).toHaveLength(1));
    expect(api.to(`PUT /orders/${ORDER}`)[0]!.body).toEqual({ status: 'Completed', QAstatus: 'Approved' });
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Status updated');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'QA status' }).textContent).toBe('Approved'));
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Completed');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'QA status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Waiting For Edition' }));
    await waitFor(() => expect(api.to(`PUT /orders/${ORDER}`)).toHaveLength(2));
    expect(api.to(`PUT /orders/${ORDER}`)[1]!.body).toEqual({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('QA stage'));
  });

  it('the Approve button sets Approved / Ready to download, rests a second, and goes once approved', async () => {
    const api = await open(admin, orderView(), `/order/${ORDER}`, {
      // an answer that takes longer than the rest, so the button is seen resting
      [`PUT /orders/approval/${ORDER}/true`]: () => new Promise((resolve) => setTimeout(() => resolve(reply(200, orderView({ status: 'Ready to download', QAstatus: 'Approved' }))), 1500)),
    });
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    fireEvent.click(approve);
    expect(approve.disabled).toBe(true);
    await waitFor(() => expect(api.to(`PUT /orders/approval/${ORDER}/true`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Ready to download');
  });

  it('the Approve button is disabled for 1 s after a click', async () => {
    await open(admin, orderView(), `/order/${ORDER}`, {
      [`PUT /orders/approval/${ORDER}/true`]: () => fail(400, 'not now'),
    });
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    fireEvent.click(approve);
    expect(approve.disabled).toBe(true);
    await screen.findByText('Approve - Error: not now');
    // still resting well after the answer…
    expect(approve.disabled).toBe(true);
    // …and back after a second
    await waitFor(() => expect(approve.disabled).toBe(false), { timeout: 10_000 });
  });

  it('the Approve button asks first while images are unapproved, saying how many; with all approved it does not ask', async () => {
    const api = await open(admin, orderView({ approvedCount: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve the order?' });
    expect(within(dialog).getByText('2 of 3 images are not approved yet. Approve the order anyway?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(`PUT /orders/approval/${ORDER}/true`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve the order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to(`PUT /orders/approval/${ORDER}/true`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  }, 15_000);

  it('the Approve button approves at once when every image is approved', async () => {
    const api = await open(admin, orderView({ approvedCount: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to(`PUT /orders/approval/${ORDER}/true`)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('inline rename: double-click, the min/max errors block the save, the name is trimmed, Escape cancels', async () => {
    const api = await open(admin);
    fireEvent.doubleClick(screen.getByRole('heading', { level: 1, name: 'VW Golf 8' }));
    const field = screen.getByLabelText('Order name');
    const save = () => screen.getByRole('button', { name: 'Save the name' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: ' ab ' } });
    expectFieldError(field, 'The order name must have at least 3 characters');
    expect(save().disabled).toBe(true);
    fireEvent.submit(field.closest('form')!);
    fireEvent.change(field, { target: { value: 'x'.repeat(61) } });
    expectFieldError(field, 'The order name can have at most 60 characters');
    expect(api.to(`PUT /orders/${ORDER}`)).toHaveLength(0);

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('VW Golf 8');
    expect(screen.queryByLabelText('Order name')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit the order name' }));
    fireEvent.change(screen.getByLabelText('Order name'), { target: { value: '  VW Golf 8 GTI  ' } });
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('VW Golf 8 GTI'));
    expect(api.to(`PUT /orders/${ORDER}`)[0]!.body).toEqual({ orderName: 'VW Golf 8 GTI' });
  });

  it('inline rename: a taken name shows the server message on the field', async () => {
    await open(admin, orderView(), `/order/${ORDER}`, { [`PUT /orders/${ORDER}`]: () => fail(409, 'Please specify a unique order name') });
    fireEvent.click(screen.getByRole('button', { name: 'Edit the order name' }));
    fireEvent.change(screen.getByLabelText('Order name'), { target: { value: 'Tesla Model 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the name' }));
    await waitFor(() => expectFieldError(screen.getByLabelText('Order name'), 'Please specify a unique order name'));
    expect((screen.getByLabelText('Order name') as HTMLInputElement).value).toBe('Tesla Model 3');
  });

  it('admin sees car type, app version and the customer note; a dealership sees none of it, no dropdowns, no rename', async () => {
    await open(admin);
    expect(screen.getByText('Not selected').previousElementSibling?.textContent).toBe('Car type');
    expect(screen.getByText('2.4.1').previousElementSibling?.textContent).toBe('App version');
    expect(screen.getByTestId('customer-note').textContent).toBe('Keep the plate visible');
    expectVisible(screen.getByTestId('order-tab-select'));
  });

  it('dealership: status badge only, no rename without UPDATE_ORDERS, images, videos and 360 tabs with the style guide panel', async () => {
    await open(dealer, orderView({ status: 'Ready to download', QAstatus: 'Approved' }));
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit the order name' })).toBeNull();
    expect(screen.queryByTestId('customer-note')).toBeNull();
    expectVisible(within(screen.getByTestId('order-header')).getByText('Ready to download'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Images', 'Videos', '360']);
    const panel = await screen.findByTestId('style-guide-panel');
    expectVisible(await within(panel).findByText('Output size 1920 × 1440 px'));
    expectVisible(within(panel).getByText('1 – Front'));
    expect(within(screen.getByTestId('download-buttons')).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Download selected',
      'Download all',
      'Download required edition',
      'Download optimized',
    ]);
  });

  it('a dealership with UPDATE_ORDERS may rename', async () => {
    await open(testUser({ permissions: ['UPDATE_ORDERS'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit the order name' }));
    expect((screen.getByLabelText('Order name') as HTMLInputElement).value).toBe('VW Golf 8');
  });
});

describe('/order/{id} images, timeline, tabs', () => {
  it('QA tab: images by position with their badges; approve sends approved true', async () => {
    const api = await open(admin);
    const cards = await screen.findAllByRole('listitem', { name: /^Position \d$/ });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Position 1', 'Position 2', 'Position 3']);
    expectVisible(within(cards[0]!).getByText('Approved'));
    // processed, nobody looked yet: waiting, not red
    const chip = { selector: '.MuiChip-label' };
    const waiting = within(cards[1]!).getByText('Waiting for QA', chip);
    expectVisible(waiting);
    expect(waiting.closest('.MuiChip-root')!.className).not.toMatch(/Error/);
    expect(within(cards[1]!).queryByText('Requires edition')).toBeNull();
    // the pipeline gave up: said so, with its reason
    const failed = within(cards[2]!).getByText('Pipeline error', chip);
    expectVisible(failed);
    expect(failed.closest('.MuiChip-root')!.className).toMatch(/colorError/);
    expectVisible(within(cards[2]!).getByText('segmenter failed'));
    expect((within(cards[0]!).getByRole('button', { name: 'Mark for editing' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Approve image' }));
    await waitFor(() => expect(api.to('POST /images/approval/img-2')).toHaveLength(1));
    expect(api.to('POST /images/approval/img-2')[0]!.body).toEqual({ approved: true });
  });

  it('QA tab: a picture opens the image editing modal over the select view', async () => {
    await open(admin);
    await screen.findAllByRole('listitem', { name: /^Position \d$/ });
    fireEvent.click(screen.getByRole('button', { name: 'Open the image of position 2' }));
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select/img-2`));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Optimized picture of position 2' }).getAttribute('src')).toBe('http://storage.test/2.jpg');
  });

  it('timeline: 10 a page, load next batch, show hidden (admin)', async () => {
    const api = await open(admin);
    const timeline = await screen.findByTestId('timeline');
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(10));
    expectVisible(within(timeline).getByText('Upload completed'));
    fireEvent.click(screen.getByRole('button', { name: 'Load next batch' }));
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load next batch' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Show hidden events'));
    await waitFor(() => expect(api.to(`GET /events/order/${ORDER}`).some((r) => r.query.get('isHidden') === 'true')).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('timeline')).getAllByRole('listitem')).toHaveLength(10));
  });

  it('a dealership has no show-hidden toggle', async () => {
    await open(dealer, orderView({ status: 'Completed', QAstatus: 'Approved' }));
    await screen.findByTestId('timeline');
    expect(screen.queryByLabelText('Show hidden events')).toBeNull();
  });

  it('select view: type filter in the URL, a picture opens its modal at /select/{imageId}, closing goes back', async () => {
    await open(admin, orderView(), `/order/${ORDER}/select`);
    await screen.findAllByRole('listitem', { name: /^Position \d$/ });
    fireEvent.click(screen.getByLabelText('Select the image of position 2'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Image type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Original' }));
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select?type=original`));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Image type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Optimized' }));
    await waitFor(() => expect(screen.queryAllByRole('listitem', { name: /^Position \d$/ })).toHaveLength(0));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Image type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All types' }));
    await screen.findAllByRole('listitem', { name: /^Position \d$/ });

    fireEvent.click(screen.getByRole('button', { name: 'Open the image of position 2' }));
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select/img-2`));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Optimized picture of position 2' }).getAttribute('src')).toBe('http://storage.test/2.jpg');
    // the selection survives opening the modal
    expect((screen.getByLabelText('Select the image of position 2') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select`));
    // three menus, a modal and five route changes in jsdom: more than 20 s on a busy machine
  }, 60_000);

  it('select view: the type filter offers Original, Optimized, AI, Enhanced, Bypassed, Featured', async () => {
    await open(admin, orderView(), `/order/${ORDER}/select`);
    await screen.findAllByRole('listitem', { name: /^Position \d$/ });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Image type' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All types', 'Original', 'Optimized', 'AI', 'Enhanced', 'Bypassed', 'Featured']);
    fireEvent.click(screen.getByRole('option', { name: 'AI' }));
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select?type=AI`));
    // the failed picture was never processed, so it is no AI picture
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Position \d$/ }).map((c) => c.getAttribute('aria-label'))).toEqual(['Position 1', 'Position 2']));
  });

  it('image editing modal: previous / next by button and arrow key without closing, approve, mark for editing with a reason', async () => {
    const api = await open(admin, orderView(), `/order/${ORDER}/select/img-2`, {
      'POST /images/approval/img-1': () => reply(200, image(1, { approved: false, needsEdition: true })),
    });
    const dialog = await screen.findByRole('dialog');
    expectVisible(within(dialog).getByText('2 of 3'));
    expect(within(dialog).getByRole('img', { name: 'Original of position 2' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select/img-3`));
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    // the failed picture says why, and cannot be approved
    expectVisible(within(screen.getByRole('dialog')).getByTestId('failure-reason'));
    expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select/img-2`));
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select/img-1`));
    expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    // position 1 is approved: the approve button rests; mark it for editing with a reason
    const modal = screen.getByRole('dialog');
    expect((within(modal).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(within(modal).getByRole('combobox', { name: 'Reason' }));
    const reasons = await screen.findAllByRole('option');
    // only the IMAGE_ERROR tags are reasons
    expect(reasons.map((o) => o.textContent)).toEqual(['No reason', 'Reflections', 'Dirty lens']);
    fireEvent.click(screen.getByRole('option', { name: 'Dirty lens' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Mark for editing' }));
    await waitFor(() => expect(api.to('POST /images/approval/img-1')).toHaveLength(1));
    expect(api.to('POST /images/approval/img-1')[0]!.body).toEqual({ approved: false, errorTagId: 't2' });

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(location()).toBe(`/order/${ORDER}/select/img-2`));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to('POST /images/approval/img-2')).toHaveLength(1));
    expect(api.to('POST /images/approval/img-2')[0]!.body).toEqual({ approved: true });
  }, 45_000);

  it('/editing-page/{id}/{imageId} opens the modal over the select view and closes back to /editing-page', async () => {
    await open(admin, orderView(), `/editing-page/${ORDER}/img-3`, {
      [`GET /images/order/${ORDER}`]: () => reply(200, [image(3, { types: ['original'], optimisedVia: null }), image(1), image(2, { needsEdition: true, label: 'needs edition' })]),
    });
    const dialog = await screen.findByRole('dialog');
    expectVisible(within(dialog).getByText('3 of 3'));
    // not processed yet: no optimized picture, the original beside the placeholder
    expect(within(dialog).queryByRole('img', { name: 'Optimized picture of position 3' })).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'Original of position 3' }).getAttribute('src')).toBe('http://storage.test/3-original.jpg');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe(`/editing-page/${ORDER}/img-2`));
    // marked already: said so, and not marked twice
    const marked = screen.getByRole('dialog');
    expectVisible(within(marked).getByText('Requires edition'));
    expect((within(marked).getByRole('button', { name: 'Mark for editing' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/editing-page'));
  });

  it('a dealership cannot open the editing modal', async () => {
    signIn(dealer, orderView());
    renderAppAt(`/editing-page/${ORDER}/img-1`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Permission Denied');
  });

  it('side panel: the tags of the selected images, add one to all of them, take one off, each with a 2 s toast', async () => {
    const api = await open(admin, orderView(), `/order/${ORDER}/select`, {
      'POST /tags/images/img-2': () => reply(200, [TAGS[0], TAGS[2]]),
      'POST /tags/images/img-3': () => reply(200, [TAGS[0]]),
      'DELETE /tags': () => reply(200, []),
    });
    const panel = await screen.findByTestId('selection-panel');
    expectVisible(within(panel).getByText('Select images to tag or repush them'));
    expect((within(panel).getByRole('button', { name: 'Repush' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select the image of position 2'));
    fireEvent.click(screen.getByLabelText('Select the image of position 3'));
    expectVisible(within(panel).getByText('Selected: 2'));
    // Rush is on one of the two
    expectVisible(await within(panel).findByText('Rush (1/2)'));

    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Add a tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Reflections' }));
    await waitFor(() => expect(api.to('POST /tags/images/img-3')).toHaveLength(1));
    expect(api.to('POST /tags/images/img-2')[0]!.body).toEqual({ tagId: 't1' });
    const added = await screen.findByTestId('toast-main');
    expect(added.textContent).toBe('Tag added');

    const rush = within(panel).getByText('Rush (1/2)').closest('.MuiChip-root')!;
    fireEvent.click(rush.querySelector('.MuiChip-deleteIcon')!);
    await waitFor(() => expect(api.to('DELETE /tags')).toHaveLength(2));
    expect(api.to('DELETE /tags').map((r) => r.body)).toEqual([
      { tagId: 't3', entity: 'images', entityId: 'img-2' },
      { tagId: 't3', entity: 'images', entityId: 'img-3' },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('toast-main').map((t) => t.textContent)).toContain('Tag removed'));
    expect(tagsOnSelection([[TAGS[0]], [TAGS[0], TAGS[1]], undefined])).toEqual([
      { tag: TAGS[1], count: 1 },
      { tag: TAGS[0], count: 2 },
    ]);
  });

  it('select view: delete images after a confirmation; insert image checks its fields', async () => {
    const api = await open(admin, orderView(), `/order/${ORDER}/select`, { 'DELETE /images': () => reply(200, { deleted: 1 }) });
    await screen.findAllByRole('listitem', { name: /^Position \d$/ });
    expect((screen.getByRole('button', { name: 'Delete images' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select the image of position 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete images' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE /images')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('DELETE /images')[0]!.body).toEqual({ ids: ['img-3'] });

    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    const form = await screen.findByRole('form', { name: 'Insert an image into the order' });
    fireEvent.click(within(form).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expectFieldError(within(form).getByLabelText(/^Position/), 'Position is required'));
    expectVisible(within(form).getByText('Media origin is required'));
    expectVisible(within(form).getByText('Image file is required'));
    fireEvent.change(within(form).getByLabelText(/^Position/), { target: { value: '-2' } });
    await waitFor(() => expectFieldError(within(form).getByLabelText(/^Position/), 'The position must not be negative'));
  });

  it('a dealership cannot open the select view', async () => {
    signIn(dealer, orderView());
    renderAppAt(`/order/${ORDER}/select`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Permission Denied');
  });

  it('videos tab: "This order does not have any video" when there is none', async () => {
    await open(dealer, orderView({ status: 'Completed', QAstatus: 'Approved' }), `/order/${ORDER}/videos`);
    expectVisible(await screen.findByText('This order does not have any video'));
  });

  it('videos tab: 225 px thumbnails and a download each', async () => {
    const api = await open(admin, orderView(), `/order/${ORDER}/videos`, {
      [`GET /videos/order/${ORDER}`]: () =>
        reply(200, [{ id: 'v1', orderId: ORDER, status: 'ready', thumbnailUrl: 'http://storage.test/v1.jpg', url: null, fileSize: 1, durationSeconds: 3, contentType: 'video/mp4', failureReason: null, createdAt: '2026-05-01T09:00:00.000Z' }]),
      'POST /videos/download/v1': () => reply(200, { url: 'http://storage.test/v1.mp4', expiresAt: '' }),
    });
    const thumb = await screen.findByRole('img', { name: 'Video 1' });
    expect(thumb.getAttribute('src')).toBe('http://storage.test/v1.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Download video' }));
    await waitFor(() => expect(api.to('POST /videos/download/v1')).toHaveLength(1));
    await waitFor(() => expect([...document.querySelectorAll('iframe')].map((f) => f.src)).toContain('http://storage.test/v1.mp4'));
  });

  it('an order still in progress is asked for again every few seconds', async () => {
    let asked = 0;
    signIn(admin, orderView(), {
      [`GET /orders/${ORDER}`]: () => {
        asked += 1;
        return reply(200, orderView(asked < 2 ? { status: 'In Progress', processedImagesCount: 1 } : { status: 'QA stage', processedImagesCount: 3 }));
      },
    });
    renderAppAt(`/order/${ORDER}`);
    await screen.findByText('3 uploaded, 1 processed of 3', {});
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 3200));
    });
    expectVisible(await screen.findByText('3 uploaded, 3 processed of 3'));
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('QA stage');
  }, 15_000);
});

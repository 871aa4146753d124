import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConfigurationView, MediaView, MeView, StyleGuideView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testConfiguration, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { missingPositions, roomFor, submitState, validateCreator } from './creatorLogic';
import { expectFieldError, expectVisible } from '../../test/visible';
import { FakeUpload, useFakeUpload } from '../../test/fakeUpload';

const ACCOUNT = '00000000-0000-4000-8000-000000000004';
const FREE_GUIDE = '11111111-1111-4111-8111-111111111111';
const STUDIO = '22222222-2222-4222-8222-222222222222';
const ANNA = '33333333-3333-4333-8333-333333333333';
const ORDER = '44444444-4444-4444-8444-444444444444';

const CREATED = '2026-01-01T00:00:00.000Z';
const media = (id: string): MediaView => ({
  id,
  mediaType: 'angle_overlay',
  fileExtension: 'png',
  url: `http://storage.test/${id}.png`,
  thumbnailUrl: null,
  uploaded: true,
  createdAt: CREATED,
});
const slot = (position: number, name: string): ConfigurationView =>
  testConfiguration(position, { styleGuideId: STUDIO, angle: { id: `a${position}`, name, category: 'exterior', defaultAngleOverlay: media(`overlay-${position}`) } });
const guide = (id: string, name: string, configurations: ConfigurationView[]): StyleGuideView => ({
  id,
  name,
  customerNote: '',
  outputWidth: 1920,
  outputHeight: 1440,
  maxImageSize: 800_000,
  interiorColor: '#FFFFFF',
  frameFreeRouting: null,
  windows: 'opaque',
  numberPlates: 'off',
  numberPlateColor: '#FFFFFF',
  media: { logo: null, background: null, floor: null, numberplate: null },
  configurations,
  createdAt: CREATED,
  updatedAt: CREATED,
});
// not sorted on purpose: the creator sorts by position
const studio = guide(STUDIO, 'Nordic Studio', [slot(3, 'Rear'), slot(1, 'Front'), slot(2, 'Side')]);
const freeForm = guide(FREE_GUIDE, 'Free form', []);

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

function signIn(user: MeView, extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  let image = 0;
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /salesman/user/${ACCOUNT}/all`]: () => reply(200, [{ id: ANNA, name: 'Anna Sales', email: 'anna.sales@demo.test' }]),
    [`GET /style-guides/user/${ACCOUNT}`]: () =>
      reply(200, [
        { id: FREE_GUIDE, name: 'Free form', configurationCount: 0 },
        { id: STUDIO, name: 'Nordic Studio', configurationCount: 3 },
      ]),
    [`GET /style-guides/${STUDIO}`]: () => reply(200, studio),
    [`GET /style-guides/${FREE_GUIDE}`]: () => reply(200, freeForm),
    'POST /orders': () => reply(201, { id: ORDER }),
    'POST /images/get-signed-url-for-upload': () =>
      reply(201, { url: 'http://storage.test/bucket', fields: JSON.stringify({ key: `orders/${ORDER}/images/i${++image}/original.jpg`, Policy: 'p' }), imageId: `i${image}`, expiresAt: '' }),
    'POST /images/upload-complete': () => reply(200, {}),
    'GET /orders/get-orders': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    ...extra,
  });
}

/** XMLHttpRequest as the browser's upload to storage: records what was posted, reports progress, answers 204. */
useFakeUpload();

const dealer = testUser();
const location = () => screen.getByTestId('location').textContent;
const submitButton = () => screen.getByRole('button', { name: 'Create order' }) as HTMLButtonElement;

async function choose(label: string | RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openCreator(user: MeView = dealer, extra: Record<string, FakeHandler> = {}) {
  const api = signIn(user, extra);
  renderAppAt('/create-order');
  await screen.findByRole('heading', { level: 1, name: 'Create order' });
  return api;
}

/** The creator as an admin, who picks the dealership the order is for (one: Nordic Auto Demo). */
function openCreatorAsAdmin() {
  const admin = testUser({ id: '99999999-9999-4999-8999-999999999999', userRole: 'Admin', permissions: [] });
  return openCreator(admin, {
    'GET /users': (req) =>
      reply(200, {
        items: req.query.get('userRole') === 'Dealership' ? [{ id: ACCOUNT, displayName: 'Nordic Auto Demo', email: 'dealer@demo.test', userRole: 'Dealership' }] : [],
        total: 1,
        page: 1,
        pageSize: 10,
      }),
  });
}

describe('creator rules', () => {
  const valid = { orderName: 'VW Golf', accountId: ACCOUNT, salesPersonId: ANNA, styleGuide: STUDIO };
  const required = { key: 'validation.required' };
  it('name 3 to 60 (trimmed), sales person unless one is signed in, a style guide', () => {
    expect(validateCreator(valid, { salesPersonSignedIn: false })).toEqual({});
    expect(validateCreator({ ...valid, orderName: '  ab  ' }, { salesPersonSignedIn: false })).toEqual({ orderName: { key: 'orders.name.min', values: { min: 3 } } });
    expect(validateCreator({ ...valid, orderName: ` ${'x'.repeat(60)} ` }, { salesPersonSignedIn: false })).toEqual({});
    expect(validateCreator({ ...valid, orderName: 'x'.repeat(61) }, { salesPersonSignedIn: false })).toEqual({ orderName: { key: 'orders.name.max', values: { max: 60 } } });
    expect(validateCreator({ ...valid, salesPersonId: '' }, { salesPersonSignedIn: false })).toEqual({ salesPersonId: required });
    expect(validateCreator({ ...valid, salesPersonId: '' }, { salesPersonSignedIn: true })).toEqual({});
    expect(validateCreator({ ...valid, styleGuide: '' }, { salesPersonSignedIn: false })).toEqual({ styleGuide: required });
  });

  it('submit: ignored with no images or while uploading; disabled when invalid or a position has no image', () => {
    expect(submitState({ errors: {}, imageCount: 0, missing: 0, uploading: false })).toEqual({ ignored: true, disabled: true });
    expect(submitState({ errors: {}, imageCount: 3, missing: 0, uploading: true })).toEqual({ ignored: true, disabled: true });
    expect(submitState({ errors: { orderName: { key: 'orders.name.min', values: { min: 3 } } }, imageCount: 3, missing: 0, uploading: false })).toEqual({ ignored: false, disabled: true });
    expect(submitState({ errors: {}, imageCount: 2, missing: 1, uploading: false })).toEqual({ ignored: false, disabled: true });
    expect(submitState({ errors: {}, imageCount: 3, missing: 0, uploading: false })).toEqual({ ignored: false, disabled: false });
    expect(missingPositions(studio.configurations, [1, 3])).toEqual([2]);
  });

  it('free-form takes at most 100 images', () => {
    expect(roomFor(0, 120)).toBe(100);
    expect(roomFor(98, 5)).toBe(2);
    expect(roomFor(100, 1)).toBe(0);
  });
});

describe('/create-order', () => {
  it('without CREATE_ORDERS: the unauthorised page', async () => {
    signIn(testUser({ permissions: ['READ_ORDERS'] }));
    renderAppAt('/create-order');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Permission Denied'));
    expect(location()).toBe('/error/401');
  });

  it('order name messages: at least 3 and at most 60 characters; required fields once touched', async () => {
    await openCreator();
    const name = screen.getByLabelText(/^Order name/);
    fireEvent.change(name, { target: { value: ' ab ' } });
    await waitFor(() => expectFieldError(name, 'The order name must have at least 3 characters'));
    fireEvent.change(name, { target: { value: 'x'.repeat(61) } });
    await waitFor(() => expectFieldError(name, 'The order name can have at most 60 characters'));
    fireEvent.change(name, { target: { value: '  VW Golf 8  ' } });
    await waitFor(() => expect(screen.queryByText(/The order name/)).toBeNull());
    fireEvent.blur(screen.getByRole('combobox', { name: /^Sales person/ }));
    await waitFor(() => expectFieldError(screen.getByRole('combobox', { name: /^Sales person/ }), 'Sales person is required'));
  });

  it('a guide with positions: one slot per position, sorted, with angle name and overlay; submit waits for every position', async () => {
    await openCreator();
    fireEvent.change(screen.getByLabelText(/^Order name/), { target: { value: 'VW Golf 8' } });
    await choose(/^Sales person/, 'Anna Sales');
    await choose(/^Style guide/, 'Nordic Studio');
    const slots = await screen.findAllByTestId(/^position-/);
    expect(slots.map((s) => s.getAttribute('data-testid'))).toEqual(['position-1', 'position-2', 'position-3']);
    expectVisible(within(slots[0]!).getByText('Front'));
    expect(slots[0]!.querySelector('img')?.getAttribute('src')).toBe('http://storage.test/overlay-1.png');
    expect(submitButton().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Image for Position 1 – Front'), { target: { files: [photo('front.jpg')] } });
    fireEvent.change(screen.getByLabelText('Image for Position 3 – Rear'), { target: { files: [photo('rear.jpg')] } });
    await waitFor(() => expect(screen.getAllByTestId('image-preview')).toHaveLength(2));
    expectVisible(screen.getByText('Still without an image: position 2'));
    expect(submitButton().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Image for Position 2 – Side'), { target: { files: [photo('side.jpg')] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.getByTestId('image-count').textContent).toBe('3 of 3 positions have an image');
  });

  it('picking another style guide clears the images', async () => {
    await openCreator();
    await choose(/^Style guide/, 'Free form');
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] } });
    await waitFor(() => expect(screen.getAllByTestId('image-preview')).toHaveLength(3));
    expect(screen.getByTestId('image-count').textContent).toBe('3 of 100 images');
    await choose(/^Style guide/, 'Nordic Studio');
    await screen.findAllByTestId(/^position-/);
    expect(screen.queryAllByTestId('image-preview')).toHaveLength(0);
    await choose(/^Style guide/, 'Free form');
    expect(screen.getByTestId('image-count').textContent).toBe('0 of 100 images');
  });

  it('a signed-in sales person chooses no sales person; the no-sales-person alert when not in the list', async () => {
    await openCreator(testUser({ loggedInSalesPersonInfo: { id: ANNA, name: 'Anna Sales', email: 'anna.sales@demo.test' } }));
    await screen.findByRole('combobox', { name: /^Style guide/ });
    expect(screen.queryByRole('combobox', { name: /^Sales person/ })).toBeNull();
    expect(screen.queryByText(/not in the list of sales people/)).toBeNull();
  });

  it('a sales person missing from the account list sees the alert', async () => {
    await openCreator(testUser({ loggedInSalesPersonInfo: { id: 'someone-else', name: 'Bo Sales', email: 'bo@demo.test' } }));
    expectVisible(await screen.findByText('You are not in the list of sales people of this account. Ask the dealership to add you.'));
    expect(screen.queryByRole('combobox', { name: /^Sales person/ })).toBeNull();
  });

  it('submit: the order, then each image by presigned POST (fields first, file last) and upload-complete, then the success page', async () => {
    const api = await openCreator();
    fireEvent.change(screen.getByLabelText(/^Order name/), { target: { value: '  VW Golf 8  ' } });
    await choose(/^Sales person/, 'Anna Sales');
    await choose(/^Style guide/, 'Free form');
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [photo('a.jpg'), photo('b.jpg')] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());

    await waitFor(() => expect(location()).toBe('/orders/success'), { timeout: 10_000 });
    const created = api.to('POST /orders')[0]!.body as Record<string, unknown>;
    expect(created).toMatchObject({ orderName: 'VW Golf 8', styleGuide: FREE_GUIDE, salesMan: ANNA, takenImagesCount: 2, deviceInformation: { platform: 'web' } });
    expect(created).not.toHaveProperty('userId');
    const uploads = api.to('POST /images/get-signed-url-for-upload').map((r) => r.body as Record<string, unknown>);
    expect(uploads.map((b) => b.position).sort()).toEqual([1, 2]);
    expect(uploads[0]).toMatchObject({ order: ORDER, fileSize: 7, width: 1280, height: 720, contentType: 'image/jpeg' });
    expect(FakeUpload.sent).toHaveLength(2);
    expect(FakeUpload.sent[0]).toEqual({ url: 'http://storage.test/bucket', keys: ['key', 'Policy', 'file'] });
    expect(api.to('POST /images/upload-complete').map((r) => (r.body as { imageId: string }).imageId).sort()).toEqual(['i1', 'i2']);
    expectVisible(await screen.findByRole('dialog', { name: 'Upload successful' }));
  });

  it('the line drops: each failed picture is tried again, then the safe count in words and Resume, which finishes the same order', async () => {
    const api = await openCreator();
    fireEvent.change(screen.getByLabelText(/^Order name/), { target: { value: 'VW Golf 8' } });
    await choose(/^Sales person/, 'Anna Sales');
    await choose(/^Style guide/, 'Free form');
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [photo('a.jpg'), photo('b.jpg')] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    FakeUpload.downAfter = 1;
    fireEvent.click(submitButton());

    const alert = await screen.findByTestId('upload-interrupted', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('The connection dropped. 1 of 2 pictures are safe; press Resume when you are back online.');
    expect(screen.queryByText(/Failed to fetch|Upload failed/)).toBeNull();
    // the failed picture was tried three times (after 1 s and 3 s)
    expect(FakeUpload.sent).toHaveLength(1 + 3);
    expect(location()).toBe('/create-order');

    // back online: Resume sends only what is missing, to the same order
    FakeUpload.downAfter = null;
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(location()).toBe('/orders/success'));
    expect(api.to('POST /orders')).toHaveLength(1);
    expect(FakeUpload.sent).toHaveLength(1 + 3 + 1);
  }, 30_000);

  it('a taken name: the server message on the field and in a toast; nothing uploaded', async () => {
    const api = await openCreator(dealer, { 'POST /orders': () => fail(409, 'Please specify a unique order name') });
    fireEvent.change(screen.getByLabelText(/^Order name/), { target: { value: 'VW Golf 8' } });
    await choose(/^Sales person/, 'Anna Sales');
    await choose(/^Style guide/, 'Free form');
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [photo('a.jpg')] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Order name/), 'Please specify a unique order name'));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Create order - Error: Please specify a unique order name');
    expect(api.to('POST /images/get-signed-url-for-upload')).toHaveLength(0);
    expect(location()).toBe('/create-order');
  });

  it('an admin picks the dealership the order is for (impersonation)', async () => {
    const api = await openCreatorAsAdmin();
    const picker = screen.getByRole('combobox', { name: /^Dealership/ });
    expect((screen.getByRole('combobox', { name: /^Style guide/ }) as HTMLElement).getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByText('Nordic Auto Demo'));
    await choose(/^Style guide/, 'Free form');
    await choose(/^Sales person/, 'Anna Sales');
    fireEvent.change(screen.getByLabelText(/^Order name/), { target: { value: 'For the dealer' } });
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [photo('a.jpg')] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.to('POST /orders')).toHaveLength(1));
    expect(api.to('POST /orders')[0]!.body).toMatchObject({ userId: ACCOUNT, salesMan: ANNA });
    expect(new Set(api.to('GET /users').map((r) => r.query.get('userRole')))).toEqual(new Set(['Dealership', 'Management']));
  });
});

describe('/create-order: add a sales person', () => {
  const ADDED = '55555555-5555-4555-8555-555555555555';
  const TAKEN = 'A sales person with this e-mail already exists for this account';
  // the permission in lower case: names compare case-insensitively
  const mayAdd = testUser({ permissions: ['CREATE_ORDERS', 'create_salesman'] });
  const addButton = () => screen.getByRole('button', { name: 'Add sales person' }) as HTMLButtonElement;
  const addIn = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
  const type = (dialog: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const valueOf = (dialog: HTMLElement, label: RegExp) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;

  it('a dealership without sales people adds one: Add waits for a valid e-mail, then the new one is the order’s sales person', async () => {
    const people: unknown[] = [];
    const api = await openCreator(mayAdd, {
      [`GET /salesman/user/${ACCOUNT}/all`]: () => reply(200, people),
      'POST /salesman': (req) => {
        const [person] = (req.body as { salesMan: Array<Record<string, string>> }).salesMan;
        const created = { id: ADDED, userId: ACCOUNT, ...person, loginActivated: false, userStatus: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
        people.push(created);
        return reply(201, [created]);
      },
    });
    expectVisible(await screen.findByText('This account has no sales people yet'));
    fireEvent.blur(screen.getByRole('combobox', { name: /^Sales person/ }));
    expectVisible(await screen.findByText('Sales person is required'));

    fireEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'New sales person' });
    expect(addIn(dialog).disabled).toBe(true);
    type(dialog, /^Name/, 'Bo');
    type(dialog, /^Phone/, '+45 20 30 40 50');
    for (const bad of ['anna@@x', 'anna@x']) {
      type(dialog, /^E-mail/, bad);
      expect(addIn(dialog).disabled).toBe(true);
    }
    fireEvent.blur(within(dialog).getByLabelText(/^E-mail/));
    expectFieldError(within(dialog).getByLabelText(/^E-mail/), 'E-mail is not valid');
    type(dialog, /^E-mail/, 'anna.sales@demo.test');
    expect(addIn(dialog).disabled).toBe(false);
    expect(within(dialog).queryByText('E-mail is not valid')).toBeNull();

    // a name of 2 characters: Add shows why and sends nothing
    fireEvent.click(addIn(dialog));
    await waitFor(() => expectFieldError(within(dialog).getByLabelText(/^Name/), 'Name minimum length is 3'));
    expect(api.to('POST /salesman')).toHaveLength(0);

    type(dialog, /^Name/, 'Anna Sales');
    fireEvent.click(addIn(dialog));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Add sales person - Successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /salesman').map((r) => r.body)).toEqual([
      { userId: ACCOUNT, salesMan: [{ name: 'Anna Sales', email: 'anna.sales@demo.test', phone: '+45 20 30 40 50' }] },
    ]);
    const picker = screen.getByRole('combobox', { name: /^Sales person/ });
    await waitFor(() => expect(picker.textContent).toBe('Anna Sales'));
    expect(screen.queryByText('Sales person is required')).toBeNull();
    expect(screen.queryByText('This account has no sales people yet')).toBeNull();
    fireEvent.mouseDown(picker);
    expect((await screen.findByRole('option', { name: 'Anna Sales' })).getAttribute('aria-selected')).toBe('true');
  });

  it('a taken e-mail (409): the server message in the dialog, what was typed is kept; Cancel closes it', async () => {
    const api = await openCreator(mayAdd, { 'POST /salesman': () => fail(409, TAKEN) });
    fireEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'New sales person' });
    type(dialog, /^Name/, 'Anna Sales');
    type(dialog, /^E-mail/, 'anna.sales@demo.test');
    type(dialog, /^Phone/, '20 30 40 50');
    fireEvent.click(addIn(dialog));

    expectVisible(await within(dialog).findByText(TAKEN));
    expect((await screen.findByTestId('toast-main')).textContent).toBe(`Add sales person - Error: ${TAKEN}`);
    expect(api.to('POST /salesman')).toHaveLength(1);
    expect([valueOf(dialog, /^Name/), valueOf(dialog, /^E-mail/), valueOf(dialog, /^Phone/)]).toEqual(['Anna Sales', 'anna.sales@demo.test', '20 30 40 50']);
    expectVisible(screen.getByRole('dialog', { name: 'New sales person' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: /^Sales person/ }).textContent).not.toContain('Anna Sales');
  });

  it('an admin creating an order for a chosen account sees the button disabled', async () => {
    await openCreatorAsAdmin();
    expect(addButton().disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Dealership/ }));
    fireEvent.click(await screen.findByText('Nordic Auto Demo'));
    // the account is known now (its sales people can be picked), the button stays disabled
    await choose(/^Sales person/, 'Anna Sales');
    expect(addButton().disabled).toBe(true);
    expectVisible(screen.getByText('Not available while you create an order for another account'));
  });

  it('a signed-in sales person does not see the button', async () => {
    await openCreator(testUser({ permissions: ['CREATE_ORDERS', 'CREATE_SALESMAN'], loggedInSalesPersonInfo: { id: ANNA, name: 'Anna Sales', email: 'anna.sales@demo.test' } }));
    await screen.findByRole('combobox', { name: /^Style guide/ });
    expect(screen.queryByRole('button', { name: 'Add sales person' })).toBeNull();
  });

  it('a dealership without CREATE_SALESMAN does not see the button', async () => {
    await openCreator(dealer);
    await screen.findByRole('combobox', { name: /^Sales person/ });
    expect(screen.queryByRole('button', { name: 'Add sales person' })).toBeNull();
  });
});

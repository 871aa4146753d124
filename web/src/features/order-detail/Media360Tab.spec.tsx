import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Media360View, MeView, OrderView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testOrder, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { framesInOrder, validateAdd360 } from './media360Logic';
import { FakeUpload, useFakeUpload } from '../../test/fakeUpload';

const ORDER = '36036036-0360-4360-8360-360360360360';
const frameUrl = (i: number) => `https://storage.test/orders/${ORDER}/media360/x1/frame-${String(i + 1).padStart(3, '0')}.jpg`;

const spin: Media360View = {
  id: 'x1',
  orderId: ORDER,
  kind: 'exterior360',
  status: 'ready',
  frameCount: 24,
  width: 1600,
  height: 1200,
  totalSize: 24_000_000,
  frameUrls: Array.from({ length: 24 }, (_, i) => frameUrl(i)),
  failureReason: null,
  createdAt: '2026-05-02T08:00:00.000Z',
};
const panorama: Media360View = {
  ...spin,
  id: 'x2',
  kind: 'interior360',
  frameCount: 1,
  width: 4096,
  height: 2048,
  frameUrls: ['https://storage.test/panorama.jpg'],
};
const refused: Media360View = { ...panorama, id: 'x3', status: 'rejected', frameUrls: [], failureReason: 'The panorama (1600 × 1200) is not an equirectangular panorama: its width must be twice its height (2:1)' };

const dealer = testUser({ id: 'u1' });
const admin = testUser({ id: '99999999-9999-4999-8999-999999999999', userRole: 'Admin', permissions: [] });

function open(user: MeView, order: Partial<OrderView>, list: Media360View[], extra: Record<string, FakeHandler> = {}) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/${ORDER}`]: () => reply(200, testOrder({ id: ORDER, orderName: 'Volvo V60', ...order })),
    [`GET /images/order/${ORDER}`]: () => reply(200, []),
    [`GET /media360/order/${ORDER}`]: () => reply(200, list),
    [`GET /events/order/${ORDER}`]: () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic Studio', outputWidth: 1920, outputHeight: 1440, configurations: [] }),
    [`GET /orders/${ORDER}/delivery-integrations`]: () => reply(200, []),
    ...extra,
  });
  renderAppAt(`/order/${ORDER}/360`);
  return api;
}

/** XMLHttpRequest as the browser's upload to storage: records where each frame went, answers 204. */
/** jsdom has no PointerEvent: a mouse event with the pointer's id, as browsers send */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
  }
}
const realPointerEvent = window.PointerEvent;
beforeAll(() => {
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
});
afterAll(() => {
  window.PointerEvent = realPointerEvent;
});

useFakeUpload();

const jpeg = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

describe('the 360 tab', () => {
  it('spins an exterior 360 with the arrow keys, Home and End, going round, and by dragging', async () => {
    open(dealer, { status: 'Ready to download' }, [spin]);
    const spinner = await screen.findByRole('slider', { name: 'Exterior 360 1: drag or use the arrow keys to turn the car' });
    const shown = () => spinner.querySelector('img')!.src;
    expect(spinner.getAttribute('aria-valuenow')).toBe('1');
    expect(spinner.getAttribute('aria-valuetext')).toBe('Frame 1 of 24');
    expect(shown()).toBe(frameUrl(0));
    // every frame is loaded ahead: the progress says how many have arrived
    expect(screen.getByRole('progressbar', { name: 'Loading frames: 0 of 24' })).toBeTruthy();

    fireEvent.keyDown(spinner, { key: 'ArrowRight' });
    expect(spinner.getAttribute('aria-valuenow')).toBe('2');
    expect(shown()).toBe(frameUrl(1));
    fireEvent.keyDown(spinner, { key: 'ArrowLeft' });
    fireEvent.keyDown(spinner, { key: 'ArrowLeft' });
    expect(spinner.getAttribute('aria-valuetext')).toBe('Frame 24 of 24');
    expect(shown()).toBe(frameUrl(23));
    fireEvent.keyDown(spinner, { key: 'Home' });
    expect(spinner.getAttribute('aria-valuenow')).toBe('1');
    fireEvent.keyDown(spinner, { key: 'End' });
    expect(spinner.getAttribute('aria-valuenow')).toBe('24');

    // dragging left turns it on, a frame per step of the drag
    fireEvent.keyDown(spinner, { key: 'Home' });
    fireEvent.pointerDown(spinner, { clientX: 200, pointerId: 1 });
    fireEvent.pointerMove(spinner, { clientX: 170, pointerId: 1 });
    fireEvent.pointerUp(spinner, { pointerId: 1 });
    expect(spinner.getAttribute('aria-valuenow')).toBe('4');
    fireEvent.pointerMove(spinner, { clientX: 0, pointerId: 1 });
    expect(spinner.getAttribute('aria-valuenow')).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(spinner.getAttribute('aria-valuenow')).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Previous frame' }));
    expect(spinner.getAttribute('aria-valuenow')).toBe('4');
  });

  it('pans an interior panorama with the keys, round and back to the front', async () => {
    open(dealer, { status: 'Ready to download' }, [panorama]);
    const pan = await screen.findByRole('slider', { name: 'Interior 360 1: drag or use the arrow keys to look around' });
    expect(pan.style.backgroundImage).toBe('url("https://storage.test/panorama.jpg")');
    expect(pan.getAttribute('aria-valuetext')).toBe('Facing 0°');
    fireEvent.keyDown(pan, { key: 'ArrowRight' });
    expect(pan.getAttribute('aria-valuenow')).toBe('10');
    expect(pan.style.backgroundPosition).toBe('-18px 0px');
    fireEvent.keyDown(pan, { key: 'ArrowLeft' });
    fireEvent.keyDown(pan, { key: 'ArrowLeft' });
    expect(pan.getAttribute('aria-valuetext')).toBe('Facing 350°');
    fireEvent.pointerDown(pan, { clientX: 100, pointerId: 2 });
    fireEvent.pointerMove(pan, { clientX: 20, pointerId: 2 });
    expect(pan.getAttribute('aria-valuenow')).toBe('35');
    fireEvent.keyDown(pan, { key: 'Home' });
    expect(pan.getAttribute('aria-valuenow')).toBe('0');
  });

  it('says when there is none; a completed order offers its owner no "Add 360"', async () => {
    open(dealer, { status: 'Completed', user: { id: 'u1', displayName: 'Nordic Auto Demo', userName: 'dealer@demo.test' } }, []);
    expect((await screen.findByTestId('no-360')).textContent).toBe('This order does not have any 360');
    expect(screen.queryByRole('button', { name: 'Add 360' })).toBeNull();
  });

  it('shows the admin a refused 360 with its reason, and "Add 360" on a completed order', async () => {
    open(admin, { status: 'Completed' }, [refused]);
    expect((await screen.findByRole('listitem', { name: 'Interior 360 1' })).textContent).toContain(`Refused: ${refused.failureReason}`);
    expect(screen.getByRole('button', { name: 'Add 360' })).toBeTruthy();
  });

  it('uploads an exterior: refuses too few frames before asking, then posts every frame in the order of its name and completes', async () => {
    let list: Media360View[] = [];
    const api = open(dealer, { status: 'Uploading', user: { id: 'u1', displayName: 'Nordic Auto Demo', userName: 'dealer@demo.test' } }, [], {
      [`GET /media360/order/${ORDER}`]: () => reply(200, list),
      'POST /media360/get-signed-urls-for-upload': (req) =>
        reply(201, {
          media360Id: 'x9',
          frames: (req.body as { frames: unknown[] }).frames.map((_, i) => ({ url: `https://storage.test/post-${i + 1}`, fields: '{"key":"k"}' })),
          expiresAt: '2026-05-02T09:00:00.000Z',
        }),
      'POST /media360/upload-complete': () => {
        list = [spin];
        return reply(200, spin);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add 360' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Kind of 360/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Exterior 360 (frames around the car)' }));
    const input = within(dialog).getByLabelText('360 files');
    fireEvent.change(input, { target: { files: [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An exterior 360 has 24 to 72 frames; 3 were chosen');
    expect(api.to('POST /media360/get-signed-urls-for-upload')).toHaveLength(0);

    // frame-10 after frame-9: the names' numbers count
    const frames = Array.from({ length: 24 }, (_, i) => jpeg(`frame-${i + 1}.jpg`, 1000 + i)).reverse();
    fireEvent.change(input, { target: { files: frames } });
    expect(within(dialog).getByText('Files chosen: 24 (0.0 MB)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const asked = api.to('POST /media360/get-signed-urls-for-upload')[0]!.body as { kind: string; frames: Array<{ fileSize: number }> };
    expect(asked.kind).toBe('exterior360');
    expect(asked.frames.map((f) => f.fileSize)).toEqual(Array.from({ length: 24 }, (_, i) => 1000 + i));
    expect(FakeUpload.sent.map((s) => s.url).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `https://storage.test/post-${i + 1}`).sort());
    expect(api.to('POST /media360/upload-complete')[0]!.body).toEqual({ media360Id: 'x9' });
    expect(await screen.findByRole('slider', { name: /Exterior 360 1/ })).toBeTruthy();
  });

  it("shows the server's refusal of an interior panorama in the dialog", async () => {
    open(admin, { status: 'QA stage' }, [], {
      'POST /media360/get-signed-urls-for-upload': () => reply(201, { media360Id: 'x8', frames: [{ url: 'https://storage.test/post', fields: '{}' }], expiresAt: '2026-05-02T09:00:00.000Z' }),
      'POST /media360/upload-complete': () => reply(400, { statusCode: 400, message: refused.failureReason }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add 360' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Kind of 360/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Interior 360 (panorama)' }));
    fireEvent.change(within(dialog).getByLabelText('360 files'), { target: { files: [jpeg('inside.jpg')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(dialog).getByText(refused.failureReason!)).toBeTruthy());
  });
});

describe('the 360 form rules', () => {
  it('count, type and size by kind; frames ordered by the numbers in their names', () => {
    expect(validateAdd360({ kind: '', files: [] })).toEqual({ kind: { key: 'validation.required' }, files: { key: 'validation.required' } });
    expect(validateAdd360({ kind: 'interior360', files: [jpeg('a.jpg'), jpeg('b.jpg')] }).files?.key).toBe('orderDetail.media360.onePanorama');
    const gif = new File([new Uint8Array(10)], 'inside.gif', { type: 'image/gif' });
    expect(validateAdd360({ kind: 'interior360', files: [gif] }).files).toEqual({ key: 'orderDetail.media360.wrongType', values: { file: 'inside.gif' } });
    expect(validateAdd360({ kind: 'interior360', files: [jpeg('big.jpg', 26_214_401)] }).files).toEqual({ key: 'orderDetail.media360.tooLarge', values: { file: 'big.jpg', mb: 25 } });
    expect(validateAdd360({ kind: 'interior360', files: [jpeg('ok.jpg')] })).toEqual({});
    expect(framesInOrder([jpeg('f10.jpg'), jpeg('f2.jpg'), jpeg('f1.jpg')]).map((f) => f.name)).toEqual(['f1.jpg', 'f2.jpg', 'f10.jpg']);
  });
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlateQuad, StyleGuideView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testConfiguration, testImage, testUser } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { expectVisible } from '../../test/visible';
import { ImageEditingModal } from './ImageEditingModal';
import { maskPlatesRequest, moveCorner, newPlate } from './NumberPlateEditor';

jest.setTimeout(20_000);

const ORDER = '44444444-4444-4444-8444-444444444444';
const GUIDE = {
  interiorColor: '#EEE8DD',
  configurations: [testConfiguration(1), testConfiguration(2, { routeTo: 'enhancer' })],
} satisfies Pick<StyleGuideView, 'interiorColor' | 'configurations'>;

const PLATE: PlateQuad = {
  corners: [
    { x: 0.2, y: 0.6 },
    { x: 0.4, y: 0.6 },
    { x: 0.4, y: 0.66 },
    { x: 0.2, y: 0.66 },
  ],
};

// jsdom has no PointerEvent: without it the events lose their coordinates
const hadPointerEvent = 'PointerEvent' in window;
beforeAll(() => {
  if (!hadPointerEvent) {
    class PointerEventShim extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    Object.defineProperty(window, 'PointerEvent', { value: PointerEventShim, configurable: true, writable: true });
  }
});
afterAll(() => {
  if (!hadPointerEvent) delete (window as { PointerEvent?: unknown }).PointerEvent;
});

describe('number plate rules', () => {
  it('a new plate is plate-shaped in the middle; a corner moves inside the picture only', () => {
    expect(newPlate().corners).toEqual([
      { x: 0.4, y: 0.475 },
      { x: 0.6, y: 0.475 },
      { x: 0.6, y: 0.525 },
      { x: 0.4, y: 0.525 },
    ]);
    const moved = moveCorner([PLATE, newPlate()], 0, 2, { x: 1.3, y: 0.70000000001 });
    expect(moved[0].corners[2]).toEqual({ x: 1, y: 0.7 });
    expect(moved[0].corners[0]).toBe(PLATE.corners[0]);
    expect(moved[1]).toEqual(newPlate());
    expect(moveCorner([PLATE], 0, 0, { x: -0.2, y: -1 })[0].corners[0]).toEqual({ x: 0, y: 0 });
  });

  it("the request: the picture's method as the repush dialog picks it, the settings on, the switch enabled and the plates", () => {
    const image = { id: 'img-2', position: 2, optimisedVia: null };
    expect(maskPlatesRequest(ORDER, 'g1', image, GUIDE, [PLATE])).toEqual({
      orderId: ORDER,
      styleGuideId: 'g1',
      imageArray: ['img-2'],
      method: 'enhancer',
      imageCategory: 'exterior',
      isImageRepushedWithSettings: true,
      userControlNumberPlates: 'enabled',
      numberPlates: [PLATE],
    });
    expect(maskPlatesRequest(ORDER, 'g1', { ...image, optimisedVia: 'ai_no_enh' }, GUIDE, []).method).toBe('ai_no_enh');
  });
});

function openModal(numberPlates: PlateQuad[] | null) {
  const user = testUser({ userRole: 'QA', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const image = testImage(2, { optimisedVia: 'enhancer', numberPlates });
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    'GET /tags': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    [`GET /images/${image.id}/versions`]: () => reply(200, []),
    'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic', ...GUIDE }),
    'POST /images/repush': () => reply(202, [{ ...image, optimisationStatus: 'queued' }]),
  });
  renderWithApp(<ImageEditingModal orderId={ORDER} styleGuideId="g1" images={[image]} imageId={image.id} onNavigate={() => undefined} onClose={() => undefined} />);
  return { api, image };
}

/** The picture as shown: 400 x 300 CSS pixels from (100, 50). */
function placePicture() {
  const area = screen.getByTestId('plate-area');
  area.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 300, right: 500, bottom: 350, x: 100, y: 50, toJSON: () => ({}) });
}

const cornerOf = (handle: Element) => ({ x: Number(handle.getAttribute('data-x')), y: Number(handle.getAttribute('data-y')) });

describe('<ImageEditingModal> number plate tool', () => {
  it("draws the image's plates over the original; a corner dragged with the pointer and one moved with the keys are what the repush sends", async () => {
    const { api } = openModal([PLATE]);
    const dialog = await screen.findByRole('dialog');
    const tool = within(dialog).getByRole('button', { name: 'Number plates' });
    expect(tool.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tool);
    expect(tool.getAttribute('aria-pressed')).toBe('true');
    const editor = await within(dialog).findByTestId('plate-editor');
    expectVisible(within(editor).getByText('Number plates on the original'));
    expect(within(editor).getByRole('img', { name: 'Original of position 2' }).getAttribute('src')).toBe('http://storage.test/2-original.jpg');
    expect(within(editor).getByTestId('plate-1').getAttribute('points')).toBe('0.2,0.6 0.4,0.6 0.4,0.66 0.2,0.66');
    placePicture();

    // the first corner dragged to (160, 200) on screen: 15 % across, half way down
    const corner = within(editor).getByRole('button', { name: 'Plate 1, corner 1' });
    fireEvent.pointerDown(corner, { pointerId: 7, clientX: 180, clientY: 230 });
    fireEvent.pointerMove(corner, { pointerId: 7, clientX: 170, clientY: 215 });
    fireEvent.pointerMove(corner, { pointerId: 7, clientX: 160, clientY: 200 });
    fireEvent.pointerUp(corner, { pointerId: 7, clientX: 160, clientY: 200 });
    expect(cornerOf(within(editor).getByRole('button', { name: 'Plate 1, corner 1' }))).toEqual({ x: 0.15, y: 0.5 });
    // a move after the pointer is up changes nothing; dragged past the edge it stops at the picture's edge
    fireEvent.pointerMove(corner, { clientX: 300, clientY: 300 });
    expect(cornerOf(within(editor).getByRole('button', { name: 'Plate 1, corner 1' }))).toEqual({ x: 0.15, y: 0.5 });
    const third = within(editor).getByRole('button', { name: 'Plate 1, corner 3' });
    fireEvent.pointerDown(third, { clientX: 260, clientY: 248 });
    fireEvent.pointerMove(third, { clientX: 900, clientY: 248 });
    fireEvent.pointerUp(third);
    expect(cornerOf(third)).toEqual({ x: 1, y: 0.66 });

    // the keyboard: focus a corner, the arrow keys move it (Shift: further)
    const second = within(editor).getByRole('button', { name: 'Plate 1, corner 2' });
    second.focus();
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    fireEvent.keyDown(second, { key: 'ArrowRight', shiftKey: true });
    expect(cornerOf(second)).toEqual({ x: 0.45, y: 0.595 });

    fireEvent.click(within(editor).getByRole('button', { name: 'Mask these plates' }));
    await waitFor(() => expect(api.to('POST /images/repush')).toHaveLength(1));
    expect(api.to('POST /images/repush')[0]!.body).toEqual({
      orderId: ORDER,
      styleGuideId: 'g1',
      imageArray: ['img-2'],
      method: 'enhancer',
      imageCategory: 'exterior',
      isImageRepushedWithSettings: true,
      userControlNumberPlates: 'enabled',
      numberPlates: [
        {
          corners: [
            { x: 0.15, y: 0.5 },
            { x: 0.45, y: 0.595 },
            { x: 1, y: 0.66 },
            { x: 0.2, y: 0.66 },
          ],
        },
      ],
    });
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Sent to processing again with these plates');
  });

  it('adds plates up to four, removes one, and sends an empty list when QA removed them all', async () => {
    const { api } = openModal(null);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Number plates' }));
    const editor = await within(dialog).findByTestId('plate-editor');
    expectVisible(within(editor).getByText('No plates: masking processes the picture again with none to mask. Add a plate to mask one.'));
    const add = within(editor).getByRole('button', { name: 'Add plate' }) as HTMLButtonElement;
    for (let i = 0; i < 4; i++) fireEvent.click(add);
    expect(add.disabled).toBe(true);
    expect(within(editor).getAllByRole('button', { name: /^Plate \d, corner \d$/ })).toHaveLength(16);
    expect(cornerOf(within(editor).getByRole('button', { name: 'Plate 4, corner 3' }))).toEqual({ x: 0.6, y: 0.525 });
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove plate 2' }));
    expect(within(editor).queryByRole('button', { name: 'Plate 4, corner 1' })).toBeNull();
    expect(add.disabled).toBe(false);
    for (const n of [3, 2, 1]) fireEvent.click(within(editor).getByRole('button', { name: `Remove plate ${n}` }));
    expect(within(editor).queryAllByRole('button', { name: /^Plate \d, corner \d$/ })).toHaveLength(0);
    fireEvent.click(within(editor).getByRole('button', { name: 'Mask these plates' }));
    await waitFor(() => expect(api.to('POST /images/repush')).toHaveLength(1));
    expect(api.to('POST /images/repush')[0]!.body).toMatchObject({ imageArray: ['img-2'], userControlNumberPlates: 'enabled', numberPlates: [] });
  });

  it('the arrow keys on a corner do not walk to another picture', async () => {
    const user = testUser({ userRole: 'QA', permissions: [] });
    sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
    const images = [testImage(1), testImage(2, { numberPlates: [PLATE] })];
    fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      'GET /tags': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
      'GET /images/img-2/versions': () => reply(200, []),
      'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic', ...GUIDE }),
    });
    const onNavigate = jest.fn();
    renderWithApp(<ImageEditingModal orderId={ORDER} styleGuideId="g1" images={images} imageId="img-2" onNavigate={onNavigate} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Number plates' }));
    const corner = await within(dialog).findByRole('button', { name: 'Plate 1, corner 1' });
    corner.focus();
    fireEvent.keyDown(corner, { key: 'ArrowLeft' });
    expect(cornerOf(corner)).toEqual({ x: 0.195, y: 0.6 });
    expect(onNavigate).not.toHaveBeenCalled();
  });
});

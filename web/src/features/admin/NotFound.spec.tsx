import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AngleView, TagView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';

const KNOWN = '0b6f7a52-33c1-4c1e-9d55-0e1c9f0a4b10';
const UNKNOWN = '5d7c3a1e-8f42-4b9a-a6c1-2e9b7d4f0c33';
const CREATED = '2026-01-01T00:00:00.000Z';

function signedInAdmin(extra: Record<string, FakeHandler> = {}) {
  const user = testUser({ userRole: 'Admin', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    'GET /angle': () => reply(200, { items: [], total: 0 }),
    'GET /car-types': () => reply(200, { items: [], total: 0 }),
    'GET /tags': () => reply(200, { items: [], total: 0 }),
    'GET /app-versions': () => reply(200, { items: [], total: 0 }),
    ...extra,
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('an admin link whose id names nothing', () => {
  it('/admin/angle/{malformed id}: "Not found" over the list, nothing asked of the server, a way back to the list', async () => {
    const api = signedInAdmin();
    renderAppAt('/admin/angle/not-an-id');
    // the first test of the file pays for loading the lazy admin screens
    const dialog = await screen.findByRole('dialog', { name: 'Not found' });
    expectVisible(within(dialog).getByText('Nothing exists at this address: the link may be wrong, or what it pointed to has been deleted.'));
    // no edit form
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(api.requests.filter((r) => r.path.startsWith('/angle/'))).toEqual([]);

    const back = within(dialog).getByRole('link', { name: 'Back to Angles' });
    expect(back.getAttribute('href')).toBe('/admin/angles');
    fireEvent.click(back);
    await waitFor(() => expect(location()).toBe('/admin/angles'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Angles');
  });

  it('/admin/car-type/{id} the server answers 404 for: "Not found" instead of the empty edit form', async () => {
    const api = signedInAdmin({ [`GET /car-types/${UNKNOWN}`]: () => fail(404, 'Car type not found') });
    renderAppAt(`/admin/car-type/${UNKNOWN}`);
    const dialog = await screen.findByRole('dialog', { name: 'Not found' });
    expect(api.to(`GET /car-types/${UNKNOWN}`)).toHaveLength(1);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Back to Car types' }).getAttribute('href')).toBe('/admin/car-types');
  });

  it('/admin/tag/{id} that exists opens its filled edit form, not the notice', async () => {
    const tag: TagView = { id: KNOWN, name: 'Priority customer', category: 'PRIORITY', entity: 'order', color: 'red', createdAt: CREATED, updatedAt: CREATED };
    signedInAdmin({ [`GET /tags/${KNOWN}`]: () => reply(200, tag) });
    renderAppAt(`/admin/tag/${KNOWN}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit – Tags' });
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Priority customer'));
    expect(screen.queryByRole('dialog', { name: 'Not found' })).toBeNull();
  });

  it('/admin/angle/{id} of an angle: the edit form shows its overlay on the dark tile', async () => {
    const overlay = { id: 'm1', mediaType: 'angle_overlay', fileExtension: 'png', url: 'http://storage.test/overlay.png', thumbnailUrl: null, uploaded: true, createdAt: CREATED } as const;
    const angle: AngleView = {
      id: KNOWN,
      name: 'Front',
      category: 'exterior',
      needsAngleCorrection: false,
      needsFlashlight: false,
      defaultAngleOverlay: overlay,
      defaultFrameOverlay: null,
      createdAt: CREATED,
      updatedAt: CREATED,
    } as AngleView;
    signedInAdmin({ [`GET /angle/${KNOWN}`]: () => reply(200, angle) });
    renderAppAt(`/admin/angle/${KNOWN}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit – Angles' });
    const tile = await within(dialog).findByTestId('overlay-preview');
    expect(within(tile).getByRole('img', { name: 'Angle overlay' }).getAttribute('src')).toBe('http://storage.test/overlay.png');
    expectVisible(tile);
  });

  it.each([
    ['a malformed id', '/style-guide-v2/x', false],
    ['an id the server answers 404 for', `/style-guide-v2/${UNKNOWN}`, true],
  ])('/style-guide-v2 with %s: a "Not found" page, no empty builder, and the way back to the style guides', async (_what, path, asked) => {
    const api = signedInAdmin({ [`GET /style-guides/${UNKNOWN}`]: () => fail(404, 'Style guide not found') });
    renderAppAt(path);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Not found' });
    expectVisible(heading);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('Style guide', { selector: '.MuiStepLabel-label' })).toBeNull();
    expect(api.to(`GET /style-guides/${UNKNOWN}`)).toHaveLength(asked ? 1 : 0);
    const back = screen.getByRole('link', { name: 'Back to Style guides' });
    expect(back.getAttribute('href')).toBe('/admin/style-guides-v2');
  });
});

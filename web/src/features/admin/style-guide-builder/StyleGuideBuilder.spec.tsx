import type { ConfigurationView, MediaView, StyleGuideView } from '@app/contracts/wire';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '../../../api/session';
import { fail, fakeApi, reply, testConfiguration, testUser } from '../../../test/fakeApi';
import { renderAppAt } from '../../../test/render';
import { configBody, configMediaBody, configMediaSlots, kbToBytes, newConfigForm, validateConfig, withType } from './builderLogic';
import { expectFieldError, expectVisible } from '../../../test/visible';

const GUIDE_ID = '11111111-1111-4111-8111-111111111111';
const ANGLE_ID = '22222222-2222-4222-8222-222222222222';

function guide(overrides: Partial<StyleGuideView> = {}): StyleGuideView {
  return {
    id: GUIDE_ID,
    name: 'Nordic Studio',
    customerNote: '',
    outputWidth: 1920,
    outputHeight: 1440,
    maxImageSize: 500_000,
    interiorColor: '#FFFFFF',
    frameFreeRouting: null,
    windows: 'opaque',
    numberPlates: 'off',
    numberPlateColor: '#FFFFFF',
    media: { logo: null, background: null, floor: null, numberplate: null },
    configurations: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const configuration = (overrides: Partial<ConfigurationView> = {}): ConfigurationView =>
  testConfiguration(1, { id: '33333333-3333-4333-8333-333333333333', styleGuideId: GUIDE_ID, angle: { id: ANGLE_ID, name: 'Front', category: 'exterior', defaultAngleOverlay: null }, ...overrides });

function signInAs(role: 'Admin' | 'QA') {
  const user = testUser({ userRole: role, permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return user;
}

describe('builder rules', () => {
  it('takes kilobytes and sends bytes (x1000)', () => {
    expect(kbToBytes(800)).toBe(800_000);
    expect(kbToBytes(8388.608)).toBe(8_388_608);
  });

  it('FEATURED forces the featured route and no angle; IMAGE needs an angle', () => {
    const form = { ...newConfigForm([]), angleId: ANGLE_ID, routeTo: 'enhancer' as const };
    const featured = withType(form, 'FEATURED');
    expect(featured).toMatchObject({ type: 'FEATURED', routeTo: 'FEATURED', angleId: '' });
    expect(configBody({ ...featured, routeTo: 'full' })).toMatchObject({ type: 'FEATURED', routeTo: 'FEATURED', angleId: null });
    expect(validateConfig(featured).angleId).toBeUndefined();
    expect(withType(featured, 'IMAGE').routeTo).toBe('full');
    expect(validateConfig(withType(featured, 'IMAGE')).angleId).toEqual({ key: 'admin.builder.errors.angleRequired' });
  });

  it('a new configuration has margins 10/5/4/5, the logo on, the horizon at 50, the next position', () => {
    const form = newConfigForm([{ position: 3 } as never, { position: 7 } as never]);
    expect(configBody({ ...form, angleId: ANGLE_ID })).toEqual({
      position: 8,
      margins: { top: 10, right: 5, bottom: 4, left: 5 },
      routeTo: 'full',
      type: 'IMAGE',
      withLogo: true,
      horizonLineHeight: 50,
      angleId: ANGLE_ID,
      afterFrameFree: false,
      optional: false,
    });
  });

  it('positionAfterFrameFree is sent (and checked, 0..999) only with afterFrameFree on', () => {
    const form = { ...newConfigForm([]), angleId: ANGLE_ID, positionAfterFrameFree: '1200' };
    expect(configBody(form)).not.toHaveProperty('positionAfterFrameFree');
    expect(validateConfig(form).positionAfterFrameFree).toBeUndefined();
    const on = { ...form, afterFrameFree: true };
    expect(validateConfig(on).positionAfterFrameFree).toEqual({ key: 'admin.builder.errors.position' });
    expect(validateConfig({ ...on, positionAfterFrameFree: '' }).positionAfterFrameFree).toEqual({ key: 'admin.builder.errors.position' });
    expect(validateConfig({ ...on, positionAfterFrameFree: '12' })).toEqual({});
    expect(configBody({ ...on, positionAfterFrameFree: '12' })).toMatchObject({ afterFrameFree: true, positionAfterFrameFree: 12 });
  });

  it('custom media: uploaded ids, null when removed, null for the slots the type hides, nothing when left alone', () => {
    const media: MediaView = { id: 'm-old', mediaType: 'angle_overlay', fileExtension: 'png', url: 'u', thumbnailUrl: null, uploaded: true, createdAt: '2026-01-01T00:00:00.000Z' };
    const current = configuration({ customAngleOverlay: media, customLogo: { ...media, id: 'm-logo' } });
    expect(configMediaSlots('IMAGE')).not.toContain('featured');
    expect(configMediaSlots('FEATURED')).toContain('featured');
    expect(configMediaBody('IMAGE', { background: 'm-bg' }, new Set(['logo']), current)).toEqual({ customBackgroundId: 'm-bg', customLogoId: null });
    expect(configMediaBody('FEATURED', { featured: 'm-f' }, new Set(), current)).toEqual({ featuredImageId: 'm-f', customAngleOverlayId: null });
  });
});

describe('/create-style-guide-v2', () => {
  it('shows the Required badge on every media slot but the logo', async () => {
    const user = signInAs('Admin');
    fakeApi({ 'GET /me': () => reply(200, user), 'GET /appSettings': () => reply(200, []) });
    renderAppAt('/create-style-guide-v2');
    // the first test of the file pays for loading the lazy admin screens (slow when jest runs many files at once)
    await screen.findByRole('heading', { level: 1, name: 'New style guide' });
    expect(within(screen.getByTestId('slot-logo')).queryByText('Required')).toBeNull();
    for (const slot of ['background', 'floor', 'numberplate']) expectVisible(within(screen.getByTestId(`slot-${slot}`)).getByText('Required'));
  });

  it('first Continue creates the guide (size x1000), uploads the logo, patches the guide, opens step 2', async () => {
    const user = signInAs('Admin');
    const created = guide();
    const api = fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      'POST /style-guides': () => reply(201, created),
      'POST /media': () => reply(201, { url: 'http://storage.test/media-bucket', fields: { key: 'k1', Policy: 'p' }, utilityMedia: { id: 'm-logo' } }),
      'POST /media-bucket': () => reply(204, ''),
      [`PUT /style-guides/${GUIDE_ID}`]: () => reply(200, created),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, created),
      'GET /angle/angleNames': () => reply(200, [{ id: ANGLE_ID, name: 'Front', category: 'exterior' }]),
    });
    renderAppAt('/create-style-guide-v2');
    await screen.findByRole('heading', { level: 1, name: 'New style guide' });

    // the checks of step 1 first
    fireEvent.change(screen.getByLabelText(/^Max. image size/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expectFieldError(screen.getByLabelText(/^Name/), 'Name is required'));
    expectFieldError(screen.getByLabelText(/^Max. image size/), 'Between 10 and 8388 KB');
    expect(api.to('POST /style-guides')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Nordic Studio' } });
    fireEvent.change(screen.getByLabelText(/^Max. image size/), { target: { value: '500' } });
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(screen.getByTestId('slot-logo')).getByLabelText('Logo'), { target: { files: [logo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByText('Configurations (0)');
    expect(api.to('POST /style-guides')[0]!.body).toMatchObject({ name: 'Nordic Studio', maxImageSize: 500_000, outputWidth: 1920, interiorColor: '#FFFFFF', windows: 'opaque', numberPlates: 'off' });
    // the plate colour is hidden while the plates are off, and not sent: the server keeps its default
    expect(api.to('POST /style-guides')[0]!.body).not.toHaveProperty('numberPlateColor');
    expect(api.to('POST /media')[0]!.body).toEqual({ fileExtension: 'png', mediaType: 'logo' });
    expect(api.to('POST /media-bucket')).toHaveLength(1);
    expect(api.to(`PUT /style-guides/${GUIDE_ID}`)[0]!.body).toEqual({ logoMediaId: 'm-logo' });
    expect(screen.getByTestId('location').textContent).toBe(`/style-guide-v2/${GUIDE_ID}?step=2`);
  });
});

describe('/style-guide-v2/{id} step 1', () => {
  it('removing a saved medium sends null for it', async () => {
    const user = signInAs('Admin');
    const logo: MediaView = { id: 'm-logo', mediaType: 'logo', fileExtension: 'png', url: 'http://storage.test/logo.png', thumbnailUrl: null, uploaded: true, createdAt: '2026-01-01T00:00:00.000Z' };
    const saved = guide({ media: { logo, background: null, floor: null, numberplate: null } });
    const api = fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, saved),
      [`PUT /style-guides/${GUIDE_ID}`]: () => reply(200, saved),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    const slot = await screen.findByTestId('slot-logo');
    expectVisible(within(slot).getByRole('img', { name: 'Logo' }));
    expect(within(screen.getByTestId('slot-floor')).queryByRole('button', { name: 'Remove Floor' })).toBeNull();
    fireEvent.click(within(slot).getByRole('button', { name: 'Remove Logo' }));
    expectVisible(within(slot).getByText('No file'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.to(`PUT /style-guides/${GUIDE_ID}`)).toHaveLength(2));
    expect(api.to(`PUT /style-guides/${GUIDE_ID}`)[1]!.body).toEqual({ logoMediaId: null });
  });
});

describe('/style-guide-v2/{id} step 1: car windows', () => {
  it("shows the guide's choice, explains it, and Update saves the other one", async () => {
    const user = signInAs('Admin');
    const saved = guide({ windows: 'opaque' });
    const api = fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, saved),
      [`PUT /style-guides/${GUIDE_ID}`]: () => reply(200, { ...saved, windows: 'see-through' }),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    const group = await screen.findByRole('group', { name: 'Car windows' });
    const opaque = within(group).getByRole('radio', { name: "Opaque (the car's glass is kept)" }) as HTMLInputElement;
    const seeThrough = within(group).getByRole('radio', { name: 'See-through (the new background shows through the glass)' }) as HTMLInputElement;
    expect([opaque.checked, seeThrough.checked]).toEqual([true, false]);
    // the helper text describes the choice, for screen readers too
    const help = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expectVisible(help!);
    expect(help!.textContent).toContain('See-through needs the AI segmentation model and applies to the AI routes');

    fireEvent.click(seeThrough);
    expect([opaque.checked, seeThrough.checked]).toEqual([false, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.to(`PUT /style-guides/${GUIDE_ID}`)).toHaveLength(1));
    expect(api.to(`PUT /style-guides/${GUIDE_ID}`)[0]!.body).toMatchObject({ name: 'Nordic Studio', windows: 'see-through' });
  });

  it('opens a see-through guide with See-through chosen', async () => {
    const user = signInAs('Admin');
    fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide({ windows: 'see-through' })),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    const seeThrough = (await screen.findByRole('radio', { name: 'See-through (the new background shows through the glass)' })) as HTMLInputElement;
    expect(seeThrough.checked).toBe(true);
  });
});

describe('/style-guide-v2/{id} step 1: number plates', () => {
  const LOGO: MediaView = { id: 'm-logo', mediaType: 'logo', fileExtension: 'png', url: 'http://storage.test/logo.png', thumbnailUrl: 'http://storage.test/logo-thumb.png', uploaded: true, createdAt: '2026-01-01T00:00:00.000Z' };
  const preview = () => screen.getByTestId('number-plate-preview');
  const colourField = () => screen.queryByRole('textbox', { name: /^Plate colour/ }) as HTMLInputElement | null;

  function open(saved: StyleGuideView) {
    const user = signInAs('Admin');
    return fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, saved),
      [`PUT /style-guides/${GUIDE_ID}`]: () => reply(200, saved),
    });
  }

  it("shows the guide's choice and explains it; the preview and the colour field follow the choice, and Update saves it", async () => {
    const api = open(guide());
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    const group = await screen.findByRole('group', { name: 'Number plates' });
    const radio = (name: string) => within(group).getByRole('radio', { name }) as HTMLInputElement;
    const off = radio('Off (the plates stay as photographed)');
    const blur = radio('Blur (the plates are blurred)');
    const colour = radio('Colour (the plates are covered in one colour)');
    const logo = radio("Logo (the guide's logo on a plate of that colour)");
    expect([off, blur, colour, logo].map((r) => r.checked)).toEqual([true, false, false, false]);
    const help = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expectVisible(help!);
    expect(help!.textContent).toContain('Hides the number plates found on the car in the pictures of the AI and enhancer routes');

    // off: the plate as photographed, no colour to choose
    expectVisible(screen.getByRole('img', { name: 'Preview: the number plate as photographed' }));
    expect(within(preview()).getByText('AB 12 345')).toBeTruthy();
    expect(screen.getByTestId('plate-original').getAttribute('filter')).toBeNull();
    expect(colourField()).toBeNull();

    // blur: the same plate, blurred
    fireEvent.click(blur);
    expectVisible(screen.getByRole('img', { name: 'Preview: the number plate blurred' }));
    expect(screen.getByTestId('plate-original').getAttribute('filter')).toMatch(/^url\(#plate-blur-/);
    expect(screen.queryByTestId('plate-cover')).toBeNull();
    expect(colourField()).toBeNull();

    // colour: the colour field appears, the plate is covered in the colour as it is typed
    fireEvent.click(colour);
    expect(colourField()!.value).toBe('#FFFFFF');
    expectVisible(colourField()!);
    fireEvent.change(colourField()!, { target: { value: '#ffcc00' } });
    expectVisible(screen.getByRole('img', { name: 'Preview: the number plate covered in #FFCC00' }));
    expect(screen.getByTestId('plate-cover').getAttribute('fill')).toBe('#FFCC00');
    expect(screen.getByTestId('plate-original').getAttribute('filter')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.to(`PUT /style-guides/${GUIDE_ID}`)).toHaveLength(1));
    expect(api.to(`PUT /style-guides/${GUIDE_ID}`)[0]!.body).toMatchObject({ name: 'Nordic Studio', numberPlates: 'colour', numberPlateColor: '#FFCC00' });
  });

  it("puts the guide's logo on a plate of the colour, the word LOGO without one; off again hides the colour and leaves it unsent", async () => {
    const api = open(guide({ numberPlates: 'logo', numberPlateColor: '#102030', media: { logo: LOGO, background: null, floor: null, numberplate: null } }));
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    const logoRadio = (await screen.findByRole('radio', { name: "Logo (the guide's logo on a plate of that colour)" })) as HTMLInputElement;
    expect(logoRadio.checked).toBe(true);
    expect(colourField()!.value).toBe('#102030');
    expectVisible(screen.getByRole('img', { name: 'Preview: the logo on a #102030 plate' }));
    const plate = screen.getByTestId('plate-logo');
    expect(plate.querySelector('rect')!.getAttribute('fill')).toBe('#102030');
    expect(plate.querySelector('image')!.getAttribute('href')).toBe('http://storage.test/logo-thumb.png');
    // the original plate is not drawn under the logo
    expect(screen.queryByTestId('plate-original')).toBeNull();

    // the logo removed from its slot: the preview says LOGO instead, in ink that reads on the dark plate
    fireEvent.click(within(screen.getByTestId('slot-logo')).getByRole('button', { name: 'Remove Logo' }));
    expect(screen.getByTestId('plate-logo').querySelector('image')).toBeNull();
    const word = within(screen.getByTestId('plate-logo')).getByText('LOGO');
    expect(word.getAttribute('fill')).toBe('#FFFFFF');

    fireEvent.click(screen.getByRole('radio', { name: 'Off (the plates stay as photographed)' }));
    expect(colourField()).toBeNull();
    expect(screen.queryByTestId('plate-logo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.to(`PUT /style-guides/${GUIDE_ID}`).length).toBeGreaterThan(0));
    const body = api.to(`PUT /style-guides/${GUIDE_ID}`)[0]!.body;
    expect(body).toMatchObject({ numberPlates: 'off' });
    expect(body).not.toHaveProperty('numberPlateColor');
  });

  it('refuses a plate colour that is not #RRGGBB before saving', async () => {
    const api = open(guide({ numberPlates: 'colour', numberPlateColor: '#FFFFFF' }));
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    await screen.findByRole('group', { name: 'Number plates' });
    fireEvent.change(colourField()!, { target: { value: 'yellow' } });
    // the preview keeps a colour it can draw
    expectVisible(screen.getByRole('img', { name: 'Preview: the number plate covered in #FFFFFF' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expectFieldError(colourField()!, 'A hex colour like #FFFFFF'));
    expect(api.to(`PUT /style-guides/${GUIDE_ID}`)).toHaveLength(0);
  });
});

describe('/style-guide-v2/{id} step 2', () => {
  it('FEATURED hides the angle and forces the route; IMAGE without an angle is refused', async () => {
    const user = signInAs('QA');
    const api = fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide()),
      'GET /angle/angleNames': () => reply(200, [{ id: ANGLE_ID, name: 'Front', category: 'exterior' }]),
      'POST /style-guide-configurations': () => reply(201, {}),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}?step=2`);
    const form = await screen.findByTestId('configuration-new');
    // QA may not delete guides
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Add configuration' }));
    expectVisible(await within(form).findByText('An angle is required for IMAGE configurations'));
    expect(api.to('POST /style-guide-configurations')).toHaveLength(0);

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FEATURED' }));
    await waitFor(() => expect(within(form).queryByRole('combobox', { name: 'Angle' })).toBeNull());
    const route = within(form).getByRole('combobox', { name: 'Route' });
    expect(route.textContent).toBe('FEATURED');
    expect(route.getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(within(form).getByRole('button', { name: 'Add configuration' }));
    await waitFor(() => expect(api.to('POST /style-guide-configurations')).toHaveLength(1));
    expect(api.to('POST /style-guide-configurations')[0]!.body).toMatchObject({
      styleGuideId: GUIDE_ID,
      type: 'FEATURED',
      routeTo: 'FEATURED',
      angleId: null,
      margins: { top: 10, right: 5, bottom: 4, left: 5 },
      withLogo: true,
      horizonLineHeight: 50,
    });
  });
});

describe('/style-guide-v2/{id} step 2 custom media and frame-free', () => {
  const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

  it('FEATURED shows the required featured image slot, IMAGE hides it and shows the overlays', async () => {
    const user = signInAs('QA');
    const featuredImage: MediaView = { id: 'm-f', mediaType: 'featured', fileExtension: 'png', url: 'http://storage.test/f.png', thumbnailUrl: null, uploaded: true, createdAt: '2026-01-01T00:00:00.000Z' };
    const featured = configuration({ type: 'FEATURED', routeTo: 'FEATURED', angle: null, featuredImage });
    fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide({ configurations: [featured] })),
      'GET /angle/angleNames': () => reply(200, [{ id: ANGLE_ID, name: 'Front', category: 'exterior' }]),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}?step=2`);
    const saved = await screen.findByTestId('configuration-1');
    const slot = within(saved).getByTestId('config-slot-featured');
    expectVisible(within(slot).getByText('Required'));
    expect(within(slot).getByRole('img', { name: 'Featured image' }).getAttribute('src')).toBe('http://storage.test/f.png');
    expect(within(saved).queryByTestId('config-slot-angle_overlay')).toBeNull();

    const form = screen.getByTestId('configuration-new');
    expect(within(form).queryByTestId('config-slot-featured')).toBeNull();
    expectVisible(within(form).getByTestId('config-slot-angle_overlay'));
    expectVisible(within(form).getByTestId('config-slot-frame_overlay'));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FEATURED' }));
    expectVisible(await within(form).findByTestId('config-slot-featured'));
    expect(within(form).queryByTestId('config-slot-angle_overlay')).toBeNull();
  });

  it('sends an uploaded custom background as customBackgroundId, the frame-free position only when switched on', async () => {
    const user = signInAs('Admin');
    const existing = configuration();
    let media = 0;
    const api = fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide({ configurations: [existing] })),
      'GET /angle/angleNames': () => reply(200, [{ id: ANGLE_ID, name: 'Front', category: 'exterior' }]),
      'POST /media': () => reply(201, { url: 'http://storage.test/media-bucket', fields: { key: 'k' }, utilityMedia: { id: `m-bg-${++media}` } }),
      'POST /media-bucket': () => reply(204, ''),
      'POST /style-guide-configurations': () => reply(201, {}),
      [`PUT /style-guide-configurations/${existing.id}`]: () => reply(200, existing),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}?step=2`);

    // update: a custom background, frame-free off
    const saved = await screen.findByTestId('configuration-1');
    fireEvent.change(within(saved).getByLabelText('Custom background'), { target: { files: [png('bg.png')] } });
    expectVisible(within(within(saved).getByTestId('config-slot-background')).getByText('bg.png'));
    fireEvent.click(within(saved).getByRole('button', { name: 'Update configuration' }));
    await waitFor(() => expect(api.to(`PUT /style-guide-configurations/${existing.id}`)).toHaveLength(1));
    expect(api.to('POST /media')[0]!.body).toEqual({ fileExtension: 'png', mediaType: 'background' });
    const update = api.to(`PUT /style-guide-configurations/${existing.id}`)[0]!.body as Record<string, unknown>;
    expect(update).toMatchObject({ customBackgroundId: 'm-bg-1', afterFrameFree: false });
    expect(update).not.toHaveProperty('positionAfterFrameFree');
    expect(update).not.toHaveProperty('featuredImageId');

    // create: a custom background, frame-free on at 12
    const form = screen.getByTestId('configuration-new');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^Angle/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Front' }));
    fireEvent.change(within(form).getByLabelText('Custom background'), { target: { files: [png('bg2.png')] } });
    expect(within(form).queryByLabelText(/^Position after frame-free/)).toBeNull();
    fireEvent.click(within(form).getByLabelText('After frame-free'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add configuration' }));
    await waitFor(() => expectFieldError(within(form).getByLabelText(/^Position after frame-free/), 'A whole number from 0 to 999'));
    expect(api.to('POST /style-guide-configurations')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Position after frame-free/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add configuration' }));
    await waitFor(() => expect(api.to('POST /style-guide-configurations')).toHaveLength(1));
    expect(api.to('POST /style-guide-configurations')[0]!.body).toMatchObject({
      styleGuideId: GUIDE_ID,
      angleId: ANGLE_ID,
      customBackgroundId: 'm-bg-2',
      afterFrameFree: true,
      positionAfterFrameFree: 12,
    });
  });
});

describe('builder structure for assistive technology', () => {
  /** the heading levels of the page in document order */
  const levels = () => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));

  it.each([
    ['step 1', '/create-style-guide-v2'],
    ['step 2', `/style-guide-v2/${GUIDE_ID}?step=2`],
  ])('%s: headings go down one level at a time, and every file is chosen with a real button', async (_step, route) => {
    const user = signInAs('Admin');
    fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide({ configurations: [configuration()] })),
      'GET /angle/angleNames': () => reply(200, [{ id: ANGLE_ID, name: 'Front', category: 'exterior' }]),
    });
    renderAppAt(route);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    if (route.includes('step=2')) await screen.findByTestId('configuration-1');
    const seen = levels();
    expect(seen[0]).toBe(1);
    seen.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(seen[i - 1]! + 1);
    });
    expect(document.querySelectorAll('label[role="button"]')).toHaveLength(0);
    const inputs = [...document.querySelectorAll('input[type="file"]')];
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(input.previousElementSibling?.tagName).toBe('BUTTON');
  });
});

describe('delete with typed-name confirmation', () => {
  it('"Invalid name" until the exact name is typed, then deletes and goes back to the list', async () => {
    const user = signInAs('Admin');
    const api = fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide()),
      'DELETE /style-guides/delete-style-guide': () => reply(200, { deleted: true }),
      'GET /style-guides': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Studio' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expectVisible(within(dialog).getByText('Type the name "Nordic Studio" to confirm. This cannot be undone.'));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nordic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expectFieldError(within(dialog).getByLabelText('Name'), 'Invalid name'));
    expect(api.to('DELETE /style-guides/delete-style-guide')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nordic Studio' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/style-guides-v2'));
    expect(api.to('DELETE /style-guides/delete-style-guide')[0]!.body).toEqual({ id: GUIDE_ID });
  });

  it('a refused delete says "Error deleting style guide - {message}" and stays on the guide', async () => {
    const user = signInAs('Admin');
    fakeApi({
      'GET /me': () => reply(200, user),
      'GET /appSettings': () => reply(200, []),
      [`GET /style-guides/${GUIDE_ID}`]: () => reply(200, guide()),
      'DELETE /style-guides/delete-style-guide': () => fail(409, 'The style guide is assigned to 2 accounts'),
    });
    renderAppAt(`/style-guide-v2/${GUIDE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Nordic Studio' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nordic Studio' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Error deleting style guide - The style guide is assigned to 2 accounts');
    expect(screen.getByTestId('location').textContent).toBe(`/style-guide-v2/${GUIDE_ID}`);
  });
});

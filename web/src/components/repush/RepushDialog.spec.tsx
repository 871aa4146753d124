import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConfigurationView, ImageView, StyleGuideView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testConfiguration, testUser, type FakeHandler } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';
import { RepushDialog } from './RepushDialog';
import { distinctMargins, repushDefaults, repushRequest, validateRepush, withCategory } from './repushRules';

jest.setTimeout(20_000);

const ORDER = '44444444-4444-4444-8444-444444444444';

const configuration = (position: number, overrides: Partial<ConfigurationView> = {}): ConfigurationView =>
  testConfiguration(position, { margins: JSON.stringify({ top: 12, right: 6, bottom: 3, left: 6 }), horizonLineHeight: 42, ...overrides });

const GUIDE = {
  interiorColor: '#EEE8DD',
  configurations: [
    configuration(1),
    configuration(2),
    configuration(3, { margins: JSON.stringify({ top: 20, right: 8, bottom: 8, left: 8 }), horizonLineHeight: 30, routeTo: 'enhancer' }),
    configuration(4, { angle: { id: 'a4', name: 'Dashboard', category: 'interior', defaultAngleOverlay: null } }),
  ],
} satisfies Pick<StyleGuideView, 'interiorColor' | 'configurations'>;

const pick = (position: number, optimisedVia: ImageView['optimisedVia'] = 'full') => ({ id: `img-${position}`, position, optimisedVia });

describe('repush rules', () => {
  it('defaults: the first image\'s method, its position\'s margins and horizon line, every switch on Auto', () => {
    expect(repushDefaults([pick(3, 'enhancer'), pick(1)], GUIDE)).toMatchObject({
      method: 'enhancer',
      category: 'exterior',
      backgroundColor: '',
      withSettings: true,
      top: '20',
      bottom: '8',
      left: '8',
      right: '8',
      horizonLineHeight: '30',
      userControlCropEnabled: 'auto',
      userControlForceAddLogo: 'auto',
      userControlRotationFixEnabled: 'auto',
      userControlYellowFixEnabled: 'auto',
      userControlForceBGRemove: 'auto',
      userControlNumberPlates: 'auto',
    });
    // a position the guide does not configure (free-form): top 10, bottom 4, left 5, right 5 and a horizon at 50
    expect(repushDefaults([pick(9)], GUIDE)).toMatchObject({ top: '10', bottom: '4', left: '5', right: '5', horizonLineHeight: '50' });
    expect(repushDefaults([pick(9)], undefined)).toMatchObject({ top: '10', bottom: '4', left: '5', right: '5', horizonLineHeight: '50', method: 'full' });
    // the margins of the position chosen in the confirmation
    expect(repushDefaults([pick(1), pick(3)], GUIDE, 3)).toMatchObject({ top: '20', bottom: '8' });
    // a FEATURED picture is repushed as AI by default (FEATURED is no repush method)
    expect(repushDefaults([pick(1, 'FEATURED')], GUIDE).method).toBe('full');
    // an interior position starts as interior
    expect(repushDefaults([pick(4)], GUIDE)).toMatchObject({ category: 'interior', method: 'ai_no_enh', top: '0', backgroundColor: '#EEE8DD' });
  });

  it('interior: ai_no_enh, zero margins, the interior colour (white when the guide has none); exterior brings the margins back', () => {
    const form = repushDefaults([pick(1)], GUIDE);
    const interior = withCategory(form, 'interior', GUIDE, [pick(1)]);
    expect(interior).toMatchObject({ category: 'interior', method: 'ai_no_enh', top: '0', bottom: '0', left: '0', right: '0', backgroundColor: '#EEE8DD' });
    expect(withCategory(form, 'interior', { ...GUIDE, interiorColor: '' }, [pick(1)]).backgroundColor).toBe('#FFFFFF');
    expect(withCategory(interior, 'exterior', GUIDE, [pick(1)])).toMatchObject({ category: 'exterior', top: '12', bottom: '3', left: '6', right: '6', backgroundColor: '' });
  });

  it('different margins among the selected positions ask for a choice, one option per set', () => {
    expect(distinctMargins([pick(1), pick(2)], GUIDE)).toHaveLength(1);
    expect(distinctMargins([pick(1), pick(2), pick(3)], GUIDE).map((o) => o.position)).toEqual([1, 3]);
  });

  it('margins 0 to 45, horizon 0 to 100, a colour like #RRGGBB; nothing is checked without settings', () => {
    const form = repushDefaults([pick(1)], GUIDE);
    expect(validateRepush(form)).toEqual({});
    expect(validateRepush({ ...form, top: '45', horizonLineHeight: '100', backgroundColor: '#00ff00' })).toEqual({});
    expect(validateRepush({ ...form, top: '46', left: '', horizonLineHeight: '101', backgroundColor: 'green' })).toEqual({
      top: { key: 'repush.marginRange', values: { max: 45 } },
      left: { key: 'validation.required' },
      horizonLineHeight: { key: 'repush.horizonRange' },
      backgroundColor: { key: 'repush.colourInvalid' },
    });
    expect(validateRepush({ ...form, top: '-1' }).top).toEqual({ key: 'repush.marginRange', values: { max: 45 } });
    expect(validateRepush({ ...form, withSettings: false, top: '99' })).toEqual({});
  });

  it('the request: numbers for the settings, ai_no_enh for interior, only method and category without settings', () => {
    const form = { ...repushDefaults([pick(1)], GUIDE), backgroundColor: '#abcdef', userControlForceBGRemove: 'disabled' as const };
    expect(repushRequest(ORDER, 'g1', ['img-1'], form)).toEqual({
      orderId: ORDER,
      styleGuideId: 'g1',
      imageArray: ['img-1'],
      method: 'full',
      imageCategory: 'exterior',
      isImageRepushedWithSettings: true,
      backgroundColor: '#ABCDEF',
      horizonLineHeight: 42,
      margins: { top: 12, bottom: 3, left: 6, right: 6 },
      userControlCropEnabled: 'auto',
      userControlForceAddLogo: 'auto',
      userControlRotationFixEnabled: 'auto',
      userControlYellowFixEnabled: 'auto',
      userControlForceBGRemove: 'disabled',
      userControlNumberPlates: 'auto',
    });
    expect(repushRequest(ORDER, 'g1', ['img-1'], { ...form, withSettings: false, category: 'interior' })).toEqual({
      orderId: ORDER,
      styleGuideId: 'g1',
      imageArray: ['img-1'],
      method: 'ai_no_enh',
      imageCategory: 'interior',
      isImageRepushedWithSettings: false,
    });
  });
});

function openDialog(images: ReturnType<typeof pick>[], extra: Record<string, FakeHandler> = {}) {
  const user = testUser({ userRole: 'QA', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const onClose = jest.fn();
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    'GET /style-guides/g1': () => reply(200, { id: 'g1', name: 'Nordic', ...GUIDE }),
    'POST /images/repush': () => reply(202, []),
    ...extra,
  });
  renderWithApp(<RepushDialog open onClose={onClose} orderId={ORDER} styleGuideId="g1" images={images} />);
  return { api, onClose };
}

describe('<RepushDialog>', () => {
  it('interior sets the method, zeroes the margins and takes the interior colour; the repush is sent and the dialog closes', async () => {
    const { api, onClose } = openDialog([pick(1)]);
    const form = await screen.findByRole('form', { name: 'Repush images (1)' });
    expect((within(form).getByLabelText('Top') as HTMLInputElement).value).toBe('12');
    expect((within(form).getByLabelText('Horizon line height (%)') as HTMLInputElement).value).toBe('42');
    fireEvent.click(within(form).getByRole('button', { name: 'Interior' }));
    expectVisible(within(form).getByText('Interior: AI (NO ENHANCER), no margins, the interior colour'));
    expect(within(form).getByRole('combobox', { name: 'Method' }).textContent).toBe('AI (NO ENHANCER)');
    expect((within(form).getByLabelText('Top') as HTMLInputElement).value).toBe('0');
    expect((within(form).getByLabelText('Top') as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByLabelText('Background colour') as HTMLInputElement).value).toBe('#EEE8DD');
    fireEvent.click(within(within(form).getByRole('group', { name: 'Remove the background' })).getByRole('button', { name: 'Disabled' }));
    // the number plate switch, like the others
    const plates = within(form).getByRole('group', { name: 'Number plates' });
    expectVisible(within(form).getByText('Number plates'));
    expect(within(plates).getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(plates).getByRole('button', { name: 'Enabled' }));
    expect(within(plates).getByRole('button', { name: 'Enabled' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Repush' }));
    await waitFor(() => expect(api.to('POST /images/repush')).toHaveLength(1));
    expect(api.to('POST /images/repush')[0]!.body).toMatchObject({
      imageArray: ['img-1'],
      method: 'ai_no_enh',
      imageCategory: 'interior',
      isImageRepushedWithSettings: true,
      backgroundColor: '#EEE8DD',
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      userControlForceBGRemove: 'disabled',
      userControlCropEnabled: 'auto',
      userControlNumberPlates: 'enabled',
    });
    expect(api.to('POST /images/repush')[0]!.body).not.toHaveProperty('numberPlates');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Sent to processing again: 1');
  });

  it('selected positions with different margins: first asks whose margins to use', async () => {
    openDialog([pick(1), pick(3, 'enhancer')]);
    expectVisible(await screen.findByText("The selected images' positions have different margins. Whose margins should the repush use?"));
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Position 3: top 20, bottom 8, left 8, right 8' }));
    const form = await screen.findByRole('form', { name: 'Repush images (2)' });
    expect((within(form).getByLabelText('Top') as HTMLInputElement).value).toBe('20');
    // the first selected image still gives the method
    expect(within(form).getByRole('combobox', { name: 'Method' }).textContent).toBe('AI');
  });

  it('out-of-range values show on their fields and nothing is sent; the server refusal shows', async () => {
    const { api } = openDialog([pick(1), pick(2)], { 'POST /images/repush': () => fail(409, 'This picture has just been sent to processing again') });
    const form = await screen.findByRole('form', { name: 'Repush images (2)' });
    fireEvent.change(within(form).getByLabelText('Left'), { target: { value: '60' } });
    fireEvent.change(within(form).getByLabelText('Background colour'), { target: { value: 'red' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Repush' }));
    await waitFor(() => expectFieldError(within(form).getByLabelText('Left'), 'Left must be between 0 and 45'));
    expectFieldError(within(form).getByLabelText('Background colour'), 'Background colour must be a colour like #FFFFFF');
    expect(api.to('POST /images/repush')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Left'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Background colour'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Repush' }));
    await waitFor(() => expect(api.to('POST /images/repush')).toHaveLength(1));
    expectVisible(await within(form).findByRole('alert'));
    expect(within(form).getByRole('alert').textContent).toBe('This picture has just been sent to processing again');
  });
});

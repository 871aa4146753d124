import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppSettingView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';

function signInAsAdmin() {
  const user = testUser({ userRole: 'Admin', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return user;
}

/** A stateful stand-in for GET/PUT /api/appSettings. */
function settingsApi(initial: AppSettingView[]) {
  let settings = initial.map((s) => ({ ...s }));
  const user = signInAsAdmin();
  const put = (req: FakeRequest) => {
    const name = req.path.split('/').pop()!;
    const { value } = req.body as { value: string };
    const found = settings.find((s) => s.name === name);
    if (!found) return fail(404, 'App setting not found');
    if (found.valueType === 'number' && !(value.trim() !== '' && Number.isFinite(Number(value)))) return fail(400, `${name} takes a number`);
    settings = settings.map((s) => (s.name === name ? { ...s, value } : s));
    return reply(200, { ...found, value });
  };
  const handlers: Record<string, (req: FakeRequest) => Response> = {
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, settings),
  };
  for (const s of initial) handlers[`PUT /appSettings/${s.name}`] = put;
  return fakeApi(handlers);
}

const SETTINGS: AppSettingView[] = [
  { name: 'CONTACT_NUMBER_DK', value: '+45 11 22 33 44', valueType: 'string' },
  { name: 'CONTACT_EMAIL', value: 'hello@demo.test', valueType: 'string' },
  { name: 'MAINTENANCE_MODE', value: 'false', valueType: 'boolean' },
  { name: 'MAX_UPLOADS', value: '10', valueType: 'number' },
];

describe('/admin/app-settings', () => {
  it('edits CONTACT_NUMBER_DK: PUTs the value, refreshes the row and the footer', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    // the first test of the file pays for loading the lazy admin screens
    const edit = await screen.findByRole('button', { name: 'Edit CONTACT_NUMBER_DK' });
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Value' });
    expect((input as HTMLInputElement).value).toBe('+45 11 22 33 44');
    fireEvent.change(input, { target: { value: '+45 99 88 77 66' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PUT /appSettings/CONTACT_NUMBER_DK')).toHaveLength(1));
    expect(api.to('PUT /appSettings/CONTACT_NUMBER_DK')[0]!.body).toEqual({ value: '+45 99 88 77 66' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const grid = screen.getByRole('grid');
    await within(grid).findByText('+45 99 88 77 66');
    expect(within(grid).queryByText('+45 11 22 33 44')).toBeNull();
    // the footer reads the same query (a Danish account gets the Danish number)
    await waitFor(() => expectVisible(within(screen.getByTestId('footer-contact')).getByText('+45 99 88 77 66')));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Save app setting - Successfully');
  });

  it('a boolean setting edits with a switch sending "true"/"false"', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit MAINTENANCE_MODE' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const toggle = within(dialog).getByRole('switch', { name: 'Value' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /appSettings/MAINTENANCE_MODE')).toHaveLength(1));
    expect(api.to('PUT /appSettings/MAINTENANCE_MODE')[0]!.body).toEqual({ value: 'true' });
  });

  it('a row click opens the editor; a 400 shows the server message and keeps the modal open', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    const cell = await screen.findByText('MAX_UPLOADS', {});
    fireEvent.click(cell);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('spinbutton', { name: 'Value' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /appSettings/MAX_UPLOADS')).toHaveLength(1));
    expect(api.to('PUT /appSettings/MAX_UPLOADS')[0]!.body).toEqual({ value: '' });
    expectVisible(await within(dialog).findByText('MAX_UPLOADS takes a number'));
    expectVisible(screen.getByRole('dialog'));
  });
});

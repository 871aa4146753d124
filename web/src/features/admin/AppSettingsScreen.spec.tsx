import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppSettingView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fail, fakeApi, reply, testUser, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';

function signInAsAdmin() {
  const user = testUser({ userRole: 'Admin', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return user;
}

/** A stateful stand-in for GET/PUT/POST /api/appSettings. */
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
  const post = (req: FakeRequest) => {
    const body = req.body as AppSettingView;
    if (settings.some((s) => s.name === body.name)) return fail(409, `An app setting named ${body.name} already exists`);
    const created = { ...body, category: body.category ?? null, settingType: body.settingType ?? 'SINGLE_VALUE' };
    settings = [...settings, created];
    return reply(201, created);
  };
  const handlers: Record<string, (req: FakeRequest) => Response> = {
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, settings),
    'POST /appSettings': post,
  };
  for (const s of initial) handlers[`PUT /appSettings/${s.name}`] = put;
  return fakeApi(handlers);
}

const one = { category: null, settingType: 'SINGLE_VALUE' } as const;
const SETTINGS: AppSettingView[] = [
  { name: 'CONTACT_NUMBER_DK', value: '+45 11 22 33 44', valueType: 'string', ...one },
  { name: 'CONTACT_EMAIL', value: 'hello@demo.test', valueType: 'string', ...one },
  { name: 'MAINTENANCE_MODE', value: 'false', valueType: 'boolean', ...one },
  { name: 'MAX_UPLOADS', value: '10', valueType: 'number', ...one },
  { name: 'ZOOM_STEPS', value: '0.5, 1', valueType: 'number', category: 'DEFAULT_ZOOM', settingType: 'MULTI_VALUE' },
];

async function choose(dialog: HTMLElement, field: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: field }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

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

  it('a number is checked before it is sent: an empty value shows the message and sends nothing', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    const cell = await screen.findByText('MAX_UPLOADS', {});
    fireEvent.click(cell);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('spinbutton', { name: 'Value' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expectFieldError(input, 'Value is required'));
    expect(api.to('PUT /appSettings/MAX_UPLOADS')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /appSettings/MAX_UPLOADS')).toHaveLength(1));
    expect(api.to('PUT /appSettings/MAX_UPLOADS')[0]!.body).toEqual({ value: '25' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows each setting\'s type, values and category; a list setting edits as values separated by commas, each checked', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    const grid = await screen.findByRole('grid');
    const row = (await within(grid).findByText('ZOOM_STEPS')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Number')).toBeTruthy();
    expect(within(row).getByText('Several values')).toBeTruthy();
    expect(within(row).getByText('Default zoom')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit ZOOM_STEPS' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Value' });
    expect(within(dialog).getByText('Several values, separated by commas')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0.5, one, 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expectFieldError(input, 'Value is not valid: give values of the type, separated by commas'));
    expect(api.to('PUT /appSettings/ZOOM_STEPS')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '0.5, 1, 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /appSettings/ZOOM_STEPS')).toHaveLength(1));
    expect(api.to('PUT /appSettings/ZOOM_STEPS')[0]!.body).toEqual({ value: '0.5, 1, 2' });
  });

  it('adds a setting: name, value type, one or several values and category; the new row shows', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Add setting' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'angle fix' } });
    await choose(dialog, 'Value type', 'Yes/no');
    await choose(dialog, 'Category', 'Angle corrector');
    // a boolean setting of one value is a switch, false to start with
    const toggle = within(dialog).getByRole('switch', { name: 'Value' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expectFieldError(name, 'Wrong Name format: use upper-case letters, digits and underscores, starting with a letter'));
    expect(api.to('POST /appSettings')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'ANGLE_FIX_ENABLED' } });
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST /appSettings')).toHaveLength(1));
    expect(api.to('POST /appSettings')[0]!.body).toEqual({ name: 'ANGLE_FIX_ENABLED', value: 'true', valueType: 'boolean', category: 'ANGLE_CORRECTOR', settingType: 'SINGLE_VALUE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await within(screen.getByRole('grid')).findByText('ANGLE_FIX_ENABLED')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Angle corrector')).toBeTruthy();
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Add setting - Successfully');
  });

  it('adding a name that is taken shows the server\'s 409 under the name and keeps the modal open', async () => {
    const api = settingsApi(SETTINGS);
    renderAppAt('/admin/app-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Add setting' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'MAX_UPLOADS' } });
    await choose(dialog, 'Value type', 'Number');
    await choose(dialog, 'Values', 'Several values');
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    fireEvent.change(value, { target: { value: '1,2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.to('POST /appSettings')).toHaveLength(1));
    expect(api.to('POST /appSettings')[0]!.body).toEqual({ name: 'MAX_UPLOADS', value: '1,2', valueType: 'number', category: null, settingType: 'MULTI_VALUE' });
    await waitFor(() => expectFieldError(name, 'An app setting named MAX_UPLOADS already exists'));
    expectVisible(screen.getByRole('dialog'));
  });
});

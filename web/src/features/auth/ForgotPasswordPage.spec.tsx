import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi, reply } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectFieldError } from '../../test/visible';

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('/forget-password', () => {
  it('sends a code, then takes the code and a new password, then back to sign-in with the e-mail filled in', async () => {
    const gateway = fakeApi({
      'POST /auth/forgot-password': () => reply(200, { sent: true }),
      'POST /auth/confirm-forgot-password': () => reply(200, { changed: true }),
    });
    renderAppAt('/auth/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot your password?'));
    type(/^E-mail/, 'dealer@demo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set a new password'));
    expect(gateway.to('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'dealer@demo.test' });
    type(/^Verification code/, '123456');
    type(/^New password/, 'Brand-New-Pass-42!');
    type(/^Repeat the new password/, 'Brand-New-Pass-42!');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in'));
    expect(gateway.to('POST /auth/confirm-forgot-password')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      code: '123456',
      newPassword: 'Brand-New-Pass-42!',
    });
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('dealer@demo.test');
    expect((await screen.findByTestId('toast-notice')).textContent).toBe('Your password has been changed. Sign in with your new password.');
  });

  it('a wrong code shows the mapped message', async () => {
    fakeApi({
      'POST /auth/forgot-password': () => reply(200, { sent: true }),
      'POST /auth/confirm-forgot-password': () => fail(400, 'Invalid verification code provided, please try again.'),
    });
    renderAppAt('/forget-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    type(/^E-mail/, 'dealer@demo.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    type(/^Verification code/, '000000');
    type(/^New password/, 'Brand-New-Pass-42!');
    type(/^Repeat the new password/, 'Brand-New-Pass-42!');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The verification code is not valid. Please check it and try again.');
  });

  it('a weak password is refused before the server is asked', async () => {
    const gateway = fakeApi({ 'POST /auth/forgot-password': () => reply(200, { sent: true }) });
    renderAppAt('/forget-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    type(/^E-mail/, 'dealer@demo.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    type(/^Verification code/, '123456');
    type(/^New password/, 'weakpassword');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expectFieldError(
        screen.getByLabelText(/^New password/),
        'Use 10 to 50 characters with an upper-case letter, a lower-case letter, a digit and a special character.',
      ),
    );
    expect(gateway.to('POST /auth/confirm-forgot-password')).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '../../api/client';
import { fail, fakeApi, reply } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';
import { FormField } from './FormField';
import { SubmitButton } from './SubmitButton';
import { useForm, type ShowErrors } from './useForm';

/** A banner form: message required (at least 3 characters), a slot number; PUT /banner/1. */
function BannerForm({ showErrors, action }: { showErrors?: ShowErrors; action?: string }) {
  const form = useForm({
    initialValues: { message: '', slot: '' },
    validate: (v) => ({
      message: !v.message.trim() ? { key: 'validation.required' } : v.message.trim().length < 3 ? { key: 'validation.minLength', values: { min: 3 } } : undefined,
    }),
    showErrors,
    action,
    mutationFn: (v) => api.put<{ message: string }>('/banner/1', { message: v.message.trim(), slot: v.slot }),
    serverErrorField: (error) => (error.statusCode === 400 ? 'slot' : undefined),
  });
  return (
    <form ref={form.ref} noValidate onSubmit={form.handleSubmit()}>
      {form.formError !== undefined && <p role="alert">{form.formError}</p>}
      <FormField {...form.field('message', 'Message')} required />
      <FormField {...form.field('slot', 'Slot')} />
      <SubmitButton busy={form.busy}>Save</SubmitButton>
      {form.succeeded && <p>saved</p>}
    </form>
  );
}

const message = () => screen.getByLabelText(/^Message/);
const slot = () => screen.getByLabelText(/^Slot/);
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('useForm', () => {
  it('shows no error before the first submit; a submit shows them, sends nothing and focuses the first invalid field', async () => {
    const gateway = fakeApi({});
    renderWithApp(<BannerForm />);
    type(message(), 'Hi');
    fireEvent.blur(message());
    expect(message().getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(save());
    await waitFor(() => expectFieldError(message(), 'Message minimum length is 3'));
    await waitFor(() => expect(document.activeElement).toBe(message()));
    expect(gateway.requests).toEqual([]);

    // after a submit the message follows the typing
    type(message(), '');
    await waitFor(() => expectFieldError(message(), 'Message is required'));
    type(message(), 'Hello');
    await waitFor(() => expect(message().getAttribute('aria-invalid')).toBe('false'));
  });

  it("'blur' shows a field's error once it is left; 'change' once it is edited", async () => {
    fakeApi({});
    const blur = renderWithApp(<BannerForm showErrors="blur" />);
    type(message(), 'Hi');
    expect(message().getAttribute('aria-invalid')).toBe('false');
    fireEvent.blur(message());
    await waitFor(() => expectFieldError(message(), 'Message minimum length is 3'));
    blur.unmount();

    renderWithApp(<BannerForm showErrors="change" />);
    type(message(), 'Hi');
    await waitFor(() => expectFieldError(message(), 'Message minimum length is 3'));
  });

  it('sends the values once, the button busy meanwhile; the action names the toast', async () => {
    let answer: (response: Response) => void = () => undefined;
    const gateway = fakeApi({ 'PUT /banner/1': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithApp(<BannerForm action="Save banner" />);
    type(message(), '  Hello  ');
    type(slot(), '2');
    fireEvent.click(save());
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.submit(save().closest('form')!);
    expect(gateway.to('PUT /banner/1').map((r) => r.body)).toEqual([{ message: 'Hello', slot: '2' }]);

    answer(reply(200, { message: 'Hello' }));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Save banner - Successfully');
    await waitFor(() => expect(save().disabled).toBe(false));
    expectVisible(screen.getByText('saved'));
  });

  it("a refusal shows the server's message on its field until the field changes; other refusals above the form", async () => {
    let status = 400;
    fakeApi({ 'PUT /banner/1': () => fail(status, status === 400 ? 'slot must be a number' : 'Banner is locked') });
    renderWithApp(<BannerForm />);
    type(message(), 'Hello');
    type(slot(), 'two');
    fireEvent.click(save());
    await waitFor(() => expectFieldError(slot(), 'slot must be a number'));
    expect(screen.queryByRole('alert')).toBeNull();
    // no action: the screen tells the outcome, no toast
    expect(screen.queryByTestId('toast-main')).toBeNull();
    type(slot(), '2');
    await waitFor(() => expect(slot().getAttribute('aria-invalid')).toBe('false'));

    status = 409;
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Banner is locked');
    type(message(), 'Hello again');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi, reply } from '../test/fakeApi';
import { renderWithApp } from '../test/render';
import { toast, toastStore } from '../components/toast/toast';
import { api } from './client';
import { mutationToast, useApiMutation } from './useApiMutation';

function SaveButton({ named = true, quiet = false, errorMessage }: { named?: boolean; quiet?: boolean; errorMessage?: (error: Error) => string }) {
  const save = useApiMutation({
    mutationFn: () => api.put('/banner/1', { message: 'Hello' }),
    ...(named ? { action: 'Save banner' } : {}),
    ...(quiet ? { quiet } : {}),
    ...(errorMessage ? { errorMessage } : {}),
  });
  return (
    <>
      <button onClick={() => save.mutate()}>save</button>
      <output data-testid="save-status">{save.status}</output>
    </>
  );
}

async function saveAnswered(answer: Response | Error, props: Parameters<typeof SaveButton>[0] = {}) {
  fakeApi({
    'PUT /banner/1': () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  renderWithApp(<SaveButton {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'save' }));
  return screen.findByTestId('toast-main');
}

describe('mutation toasts', () => {
  it.each([
    [200, 'success'],
    [201, 'success'],
    [204, 'success'],
    [400, 'error'],
    [403, 'error'],
    [404, 'error'],
    [409, 'error'],
    [500, 'error'],
    [503, 'error'],
    [0, 'warning'],
  ])('status %i gives a %s toast', (status, kind) => {
    expect(mutationToast(status).kind).toBe(kind);
  });

  it('2xx: "{action} - Successfully", bottom-right', async () => {
    const shown = await saveAnswered(reply(201, { id: 1 }));
    expect(shown.textContent).toBe('Save banner - Successfully');
    expect(toastStore.get()[0]).toMatchObject({ kind: 'success', placement: 'main', duration: 5001 });
  });

  it("4xx: an error with the server's message", async () => {
    const shown = await saveAnswered(fail(400, 'message must not be empty'));
    expect(shown.textContent).toBe('Save banner - Error: message must not be empty');
    expect(toastStore.get()[0]?.kind).toBe('error');
  });

  it('5xx: the spec\'s "Internal server error!", not a matter of permissions', async () => {
    const shown = await saveAnswered(fail(500, 'Internal server error'));
    expect(shown.textContent).toBe('Internal server error!');
    expect(toastStore.get()[0]?.kind).toBe('error');
  });

  it('no answer at all counts as another status', async () => {
    const shown = await saveAnswered(new TypeError('Failed to fetch'));
    expect(shown.textContent).toBe('Save banner: you are missing the permissions for this action.');
  });
});

describe('the spec\'s plain toasts, for a write the screen does not name', () => {
  it('a success: "Success"', async () => {
    expect((await saveAnswered(reply(201, { id: 1 }), { named: false })).textContent).toBe('Success');
    expect(toastStore.get()[0]?.kind).toBe('success');
  });

  it('a refusal: the server\'s sentence', async () => {
    expect((await saveAnswered(fail(400, 'message must not be empty'), { named: false })).textContent).toBe('message must not be empty');
  });

  it('a 502 without a name: "Internal server error!"', async () => {
    expect((await saveAnswered(fail(502, 'Bad gateway'), { named: false })).textContent).toBe('Internal server error!');
  });

  it('a quiet write shows none: its screen tells the outcome', async () => {
    fakeApi({ 'PUT /banner/1': () => reply(200, {}) });
    renderWithApp(<SaveButton named={false} quiet />);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('success'));
    expect(screen.queryByTestId('toast-main')).toBeNull();
    expect(toastStore.get()).toEqual([]);
  });

  it('a write the spec gives its own error text shows it for any failure', async () => {
    const text = (e: Error) => `Error deleting style guide - ${e.message}`;
    expect((await saveAnswered(fail(409, 'The style guide is in use'), { errorMessage: text })).textContent).toBe('Error deleting style guide - The style guide is in use');
  });
});

describe('toast timings', () => {
  it('main toasts close after 5001 ms, tag toasts after 2000 ms, notices after 5000 ms', () => {
    toast.success('saved');
    toast.tag('Tag added');
    toast.notice('error', 'session over');
    expect(toastStore.get().map((t) => [t.placement, t.duration])).toEqual([
      ['main', 5001],
      ['main', 2000],
      ['notice', 5000],
    ]);
  });

  it('a toast goes away by itself after its time, and the next one shows', async () => {
    renderWithApp(<span />);
    act(() => {
      toast.tag('Tag added');
      toast.success('Second');
    });
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Tag added');
    // the real timer: 2 s for a tag toast
    await screen.findByText('Second', undefined, { timeout: 4000 });
    expect(screen.queryByText('Tag added')).toBeNull();
  });
});

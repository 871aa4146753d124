import { describe, expect, it } from '@jest/globals';
import type { PushNotificationView, SendPushNotificationRequest } from '@app/contracts/wire';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi, reply } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { expectFieldError, expectVisible } from '../../test/visible';
import { PushNotificationForm } from './PushNotificationForm';

const ORDER_ID = '2b6c1f0e-7a4d-4c3b-9e8f-1a2b3c4d5e6f';
const ROUTE = 'POST /mobile/send-push-notification';

const title = () => screen.getByLabelText(/^Title/) as HTMLInputElement;
const body = () => screen.getByLabelText(/^Message/) as HTMLTextAreaElement;
const payload = () => screen.getByLabelText(/^Event payload/) as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

function sent(request: SendPushNotificationRequest): PushNotificationView {
  return { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', ...request, eventPayload: request.eventPayload ?? {}, provider: 'capture', status: 'sent', error: null, devicesReached: 2, createdAt: '2026-11-25T10:00:00.000Z' };
}

describe('PushNotificationForm', () => {
  it('offers Send once title and message each exceed 3 characters; sends them trimmed with the payload, then says so and empties the form', async () => {
    const gateway = fakeApi({ [ROUTE]: (req) => reply(201, sent(req.body as SendPushNotificationRequest)) });
    renderWithApp(<PushNotificationForm orderId={ORDER_ID} />);
    expect(send().disabled).toBe(true);
    type(title(), 'Hey');
    type(body(), 'Your photos are ready');
    expect(send().disabled).toBe(true);
    type(title(), '  Hey  ');
    expect(send().disabled).toBe(true);
    type(title(), 'Ready');
    expect(send().disabled).toBe(false);
    type(body(), 'abc');
    expect(send().disabled).toBe(true);
    type(body(), ' Your photos are ready ');
    type(payload(), '{"kind": "ready", "images": 8}');
    fireEvent.click(send());

    await waitFor(() => expect(gateway.to(ROUTE)).toHaveLength(1));
    expect(gateway.to(ROUTE)[0]!.body).toEqual({ orderId: ORDER_ID, title: 'Ready', body: 'Your photos are ready', eventPayload: { kind: 'ready', images: 8 } });
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Push notification sent');
    await waitFor(() => expect(title().value).toBe(''));
    expect(body().value).toBe('');
    expect(payload().value).toBe('');
    expect(screen.queryByText(/push notification error/)).toBeNull();
  });

  it('an event payload that is not a JSON object is shown as wrong and nothing is sent; left empty it goes as {}', async () => {
    const gateway = fakeApi({ [ROUTE]: (req) => reply(201, sent(req.body as SendPushNotificationRequest)) });
    renderWithApp(<PushNotificationForm orderId={ORDER_ID} />);
    type(title(), 'Ready');
    type(body(), 'Your photos are ready');
    for (const wrong of ['{"kind": ', '[1, 2]', '"ready"', JSON.stringify({ note: 'x'.repeat(4100) })]) {
      type(payload(), wrong);
      fireEvent.click(send());
      await waitFor(() => expectFieldError(payload(), 'Event payload (JSON, optional): a JSON object of at most 4096 bytes'));
    }
    expect(gateway.requests).toEqual([]);

    type(payload(), '   ');
    fireEvent.click(send());
    await waitFor(() => expect(gateway.to(ROUTE)).toHaveLength(1));
    expect((gateway.to(ROUTE)[0]!.body as SendPushNotificationRequest).eventPayload).toEqual({});
  });

  it.each([
    [409, "No device of this order's account is registered for push notifications"],
    [502, 'The push provider refused the notification: UNREGISTERED (Requested entity was not found.)'],
  ])('a refusal (%i) shows the push notification error with the reason, keeps what was typed and raises no toast', async (status, message) => {
    fakeApi({ [ROUTE]: () => fail(status, message) });
    renderWithApp(<PushNotificationForm orderId={ORDER_ID} />);
    type(title(), 'Ready');
    type(body(), 'Your photos are ready');
    fireEvent.click(send());

    const alert = await screen.findByRole('alert');
    expectVisible(alert);
    expect(alert.textContent).toBe(`push notification error (check the order events)${message}`);
    expect(title().value).toBe('Ready');
    expect(body().value).toBe('Your photos are ready');
    expect(screen.queryByTestId('toast-main')).toBeNull();
    // typing again clears the old answer
    type(title(), 'Ready now');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

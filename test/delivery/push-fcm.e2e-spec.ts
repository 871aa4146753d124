import { PUSH_MESSAGES, type OrderEventView, type Paged } from '@app/contracts';
import { startFakeFcm, waitFor, type FakeFcm } from '@app/testing';
import { createAccount, createOrder, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

/**
 * The delivery service with PUSH_PROVIDER=fcm, against a local stand-in for Google's token and
 * FCM's send endpoints: tokens FCM no longer knows are removed, and a notification no device
 * took is answered 502 after it is on the order's timeline.
 */
describe('push notifications through FCM', () => {
  jest.setTimeout(60_000);
  let fcm: FakeFcm;
  let stack: TestStack;
  let admin: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;

  const failedReasons = async (orderId: string): Promise<unknown[]> =>
    ((await admin.get(`/api/events/order/${orderId}`).expect(200)).body as Paged<OrderEventView>).items
      .filter((e) => e.eventName === 'PUSH_NOTIFICATION_FAILED')
      .map((e) => e.payload.reason);
  const send = (orderId: string) => admin.post('/api/mobile/send-push-notification').send({ title: 'Photos ready', body: 'Your photos are ready', orderId, eventPayload: { kind: 'ready' } });

  beforeAll(async () => {
    fcm = await startFakeFcm('dealer-photo-test');
    stack = await startTestStack({
      label: 'push_fcm',
      services: ['users', 'orders', 'delivery'],
      env: { PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson, FCM_API_URL: fcm.apiUrl, PUSH_REQUEST_TIMEOUT_MS: '2000' },
    });
    dealer = await createAccount(stack, { role: 'Dealership' });
    [admin, asDealer] = await Promise.all([createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)), signIn(stack, dealer.email)]);
  });

  afterAll(async () => {
    await stack?.close();
    await fcm?.close();
  });

  it('sends through FCM and removes the tokens FCM answers UNREGISTERED or INVALID_ARGUMENT', async () => {
    for (const token of ['phone-live', 'phone-gone', 'phone-garbled']) await asDealer.post('/api/mobile/device-tokens').send({ token, platform: 'android' }).expect(200);
    fcm.unregistered.add('phone-gone');
    fcm.invalid.add('phone-garbled');
    const order = await createOrder(stack, { accountId: dealer.id });

    const res = await send(order.id).expect(201);
    expect(res.body).toMatchObject({ status: 'sent', provider: 'fcm', devicesReached: 1 });
    expect(fcm.sent.map((s) => s.token)).toEqual(['phone-live']);
    expect(fcm.sent[0]!.data).toEqual({ orderId: order.id, eventPayload: '{"kind":"ready"}' });

    // the next notification goes to the live phone only: the others were forgotten
    fcm.sent.length = 0;
    fcm.unregistered.clear();
    fcm.invalid.clear();
    await send(order.id).expect(201);
    expect(fcm.sent.map((s) => s.token)).toEqual(['phone-live']);
    await asDealer.delete('/api/mobile/device-tokens').send({ token: 'phone-gone' }).expect(404);
    await asDealer.delete('/api/mobile/device-tokens').send({ token: 'phone-live' }).expect(200);
  });

  it('a notification no device took is 502 with the reason, after PUSH_NOTIFICATION_FAILED is on the timeline', async () => {
    await asDealer.post('/api/mobile/device-tokens').send({ token: 'phone-throttled', platform: 'ios' }).expect(200);
    fcm.throttled.add('phone-throttled');
    const order = await createOrder(stack, { accountId: dealer.id });
    const refused = PUSH_MESSAGES.refused('QUOTA_EXCEEDED (Quota exceeded.)');
    expect((await send(order.id).expect(502)).body.message).toBe(refused);
    await waitFor(async () => (await failedReasons(order.id)).length === 1, 'the failure on the timeline', 15_000, 100);
    expect(await failedReasons(order.id)).toEqual([refused]);

    // Google refuses the credentials: nothing goes out, the reason says why
    fcm.throttled.clear();
    fcm.refuseGrant = true;
    fcm.revoke(fcm.issued.at(-1)!);
    const message = (await send(order.id).expect(502)).body.message as string;
    expect(message).toBe(PUSH_MESSAGES.refused('the FCM access token was refused: invalid_grant: Invalid JWT Signature.'));
    await waitFor(async () => (await failedReasons(order.id)).length === 2, 'the second failure on the timeline', 15_000, 100);
  });
});

import { PUSH_MESSAGES, type DeviceTokenView, type OrderEventView, type Paged, type PushNotificationView } from '@app/contracts';
import { waitFor } from '@app/testing';
import { createAccount, createOrder, createSalesPerson, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

/**
 * Push notifications (the delivery service, `/api/mobile/…`): the mobile app registers the
 * device of whoever signed in on it; the admin sends a notification about an order to the
 * devices of its account; every send, sent or failed, lands on the order's timeline. The
 * stack runs the capture provider: each notification is a JSON file per device.
 */
describe('push notifications', () => {
  jest.setTimeout(60_000);
  let stack: TestStack;
  let admin: UserSession;
  let adminAccount: TestAccount;
  let qa: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;
  let asSales: UserSession;
  let salesPersonId: string;
  let asDealer2: UserSession;
  let dealer2: TestAccount;
  let n = 0;
  const token = (who: string) => `fcm-token-${who}-${++n}-${'x'.repeat(120)}`;

  const timeline = async (session: UserSession, orderId: string): Promise<OrderEventView[]> =>
    ((await session.get(`/api/events/order/${orderId}`).expect(200)).body as Paged<OrderEventView>).items;
  const eventOf = (orderId: string, name: string) =>
    waitFor(async () => (await timeline(admin, orderId)).find((e) => e.eventName === name), `${name} on the timeline`, 15_000, 100);
  const register = (session: UserSession, body: object) => session.post('/api/mobile/device-tokens').send(body);
  const send = (session: UserSession, body: object) => session.post('/api/mobile/send-push-notification').send(body);

  beforeAll(async () => {
    stack = await startTestStack({ label: 'push', services: ['users', 'orders', 'delivery'] });
    adminAccount = await createAccount(stack, { role: 'Admin', displayName: 'Ada Admin' });
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Nordic Cars' });
    dealer2 = await createAccount(stack, { role: 'Dealership' });
    const sales = await createSalesPerson(stack, dealer.id, { name: 'Anna Sales', login: true });
    salesPersonId = sales.id;
    [admin, qa, asDealer, asSales, asDealer2] = await Promise.all([
      signIn(stack, adminAccount.email),
      createAccount(stack, { role: 'QA' }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealer.email),
      signIn(stack, sales.email),
      signIn(stack, dealer2.email),
    ]);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it("reaches the devices of the dealership and of its sales person: one captured message each, and PUSH_NOTIFICATION_SENT on the order's timeline", async () => {
    const dealerToken = token('dealer');
    const salesToken = token('sales');
    const mine = (await register(asDealer, { token: dealerToken, platform: 'android', appVersion: '1.2.34' }).expect(200)).body as DeviceTokenView;
    expect(mine).toMatchObject({ token: dealerToken, platform: 'android', appVersion: '1.2.34', salesPersonId: null });
    const hers = (await register(asSales, { token: salesToken, platform: 'ios' }).expect(200)).body as DeviceTokenView;
    expect(hers).toMatchObject({ token: salesToken, platform: 'ios', appVersion: null, salesPersonId });
    const order = await createOrder(stack, { accountId: dealer.id });
    const before = (await stack.pushes()).length;

    const res = await send(admin, { title: '  Photos ready ', body: 'Your BMW 320d is ready to download', orderId: order.id, eventPayload: { kind: 'ready', images: 8 } }).expect(201);
    const sent = res.body as PushNotificationView;
    expect(sent).toMatchObject({ orderId: order.id, title: 'Photos ready', status: 'sent', provider: 'capture', devicesReached: 2, error: null, eventPayload: { kind: 'ready', images: 8 } });

    const captured = (await stack.pushes()).slice(before);
    expect(captured.map((c) => c.message.token).sort()).toEqual([dealerToken, salesToken].sort());
    for (const c of captured) {
      expect(c.message.notification).toEqual({ title: 'Photos ready', body: 'Your BMW 320d is ready to download' });
      expect(c.message.data.orderId).toBe(order.id);
      expect(JSON.parse(c.message.data.eventPayload!)).toEqual({ kind: 'ready', images: 8 });
    }

    const event = await eventOf(order.id, 'PUSH_NOTIFICATION_SENT');
    expect(event.payload).toEqual({ title: 'Photos ready', body: 'Your BMW 320d is ready to download', provider: 'capture', devices: 2 });
    expect(event.user).toEqual({ id: adminAccount.id, displayName: 'Ada Admin' });
    // the dealership sees it on its own order too
    expect((await timeline(asDealer, order.id)).map((e) => e.eventName)).toContain('PUSH_NOTIFICATION_SENT');
  });

  it('without any device of the account: 409 naming it, nothing captured, and PUSH_NOTIFICATION_FAILED on the timeline', async () => {
    const order = await createOrder(stack, { accountId: dealer2.id });
    const before = (await stack.pushes()).length;
    const res = await send(admin, { title: 'Photos ready', body: 'Your photos are ready', orderId: order.id }).expect(409);
    expect(res.body.message).toBe(PUSH_MESSAGES.noDevice);
    expect(await stack.pushes()).toHaveLength(before);
    const event = await eventOf(order.id, 'PUSH_NOTIFICATION_FAILED');
    expect(event.payload).toEqual({ title: 'Photos ready', reason: PUSH_MESSAGES.noDevice });
    expect(event.isPriority).toBe(true);
    expect((await timeline(admin, order.id)).map((e) => e.eventName)).not.toContain('PUSH_NOTIFICATION_SENT');
  });

  it('refuses a title or body of 3 characters, one too long and an event payload that is not a small object, sending and recording nothing', async () => {
    await register(asDealer2, { token: token('dealer2'), platform: 'android' }).expect(200);
    const order = await createOrder(stack, { accountId: dealer2.id });
    const before = (await stack.pushes()).length;
    const good = { title: 'Ready', body: 'Your photos are ready', orderId: order.id };
    const refusal = async (body: object) => (await send(admin, body).expect(400)).body.message as string;
    expect(await refusal({ ...good, title: 'abc' })).toBe(PUSH_MESSAGES.titleMin);
    // trimmed first: four characters with spaces around are still three
    expect(await refusal({ ...good, title: '  abc  ' })).toBe(PUSH_MESSAGES.titleMin);
    expect(await refusal({ ...good, body: 'abc' })).toBe(PUSH_MESSAGES.bodyMin);
    expect(await refusal({ ...good, title: 'x'.repeat(101) })).toBe(PUSH_MESSAGES.titleMax);
    expect(await refusal({ ...good, body: 'x'.repeat(1001) })).toBe(PUSH_MESSAGES.bodyMax);
    expect(await refusal({ ...good, eventPayload: [1, 2] })).toBe(PUSH_MESSAGES.eventPayload);
    expect(await refusal({ ...good, eventPayload: { note: 'x'.repeat(4100) } })).toBe(PUSH_MESSAGES.eventPayload);
    expect(await stack.pushes()).toHaveLength(before);
    expect((await timeline(admin, order.id)).filter((e) => e.eventName.startsWith('PUSH_'))).toEqual([]);

    // four characters each is enough
    expect((await send(admin, { ...good, title: 'abcd', body: 'wxyz' }).expect(201)).body.status).toBe('sent');
    expect(await stack.pushes()).toHaveLength(before + 1);
  });

  it('only the admin sends: the dealership, its sales person and QA get 403; an unknown order is 404', async () => {
    const order = await createOrder(stack, { accountId: dealer.id });
    const body = { title: 'Photos ready', body: 'Your photos are ready', orderId: order.id };
    for (const session of [asDealer, asSales, qa]) await send(session, body).expect(403);
    const res = await send(admin, { ...body, orderId: '6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11' }).expect(404);
    expect(res.body.message).toBe('Order not found');
    expect((await timeline(admin, order.id)).filter((e) => e.eventName.startsWith('PUSH_'))).toEqual([]);
  });

  it('a device has one user: registering its token again moves it to the new login; only that login may delete it', async () => {
    const shared = token('shared');
    const first = (await register(asDealer2, { token: shared, platform: 'android', appVersion: '1.0.0' }).expect(200)).body as DeviceTokenView;
    const again = (await register(asDealer2, { token: shared, platform: 'android' }).expect(200)).body as DeviceTokenView;
    expect(again.createdAt).toBe(first.createdAt);
    expect(again.appVersion).toBe('1.0.0');
    expect(Date.parse(again.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(first.lastSeenAt));

    // the sales person of another dealership signs in on the same phone
    const moved = (await register(asSales, { token: shared, platform: 'android', appVersion: '1.1.0' }).expect(200)).body as DeviceTokenView;
    expect(moved).toMatchObject({ salesPersonId, appVersion: '1.1.0' });
    const order = await createOrder(stack, { accountId: dealer.id });
    const before = (await stack.pushes()).length;
    await send(admin, { title: 'Photos ready', body: 'Your photos are ready', orderId: order.id }).expect(201);
    expect((await stack.pushes()).slice(before).map((c) => c.message.token)).toContain(shared);

    // another account, and the account of the sales person itself, cannot delete it
    expect((await asDealer2.delete('/api/mobile/device-tokens').send({ token: shared }).expect(404)).body.message).toBe(PUSH_MESSAGES.tokenNotFound);
    await asDealer.delete('/api/mobile/device-tokens').send({ token: shared }).expect(404);
    await asSales.delete('/api/mobile/device-tokens').send({ token: shared }).expect(200);
    await asSales.delete('/api/mobile/device-tokens').send({ token: shared }).expect(404);
    const after = (await stack.pushes()).length;
    await send(admin, { title: 'Photos ready', body: 'Your photos are ready', orderId: order.id }).expect(201);
    expect((await stack.pushes()).slice(after).map((c) => c.message.token)).not.toContain(shared);
  });

  it('the same token registered six times at once is one device; deleted six times at once, one delete succeeds', async () => {
    const phone = token('race');
    const registered = await Promise.all(Array.from({ length: 6 }, () => register(asDealer2, { token: phone, platform: 'android' })));
    expect(registered.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stack.db.query('SELECT 1 FROM delivery.device_token WHERE token = $1', [phone])).toHaveLength(1);
    const deleted = await Promise.all(Array.from({ length: 6 }, () => asDealer2.delete('/api/mobile/device-tokens').send({ token: phone })));
    expect(deleted.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await stack.db.query('SELECT 1 FROM delivery.device_token WHERE token = $1', [phone])).toEqual([]);
  });

  it('refuses a device without a sign-in, a platform it does not know and a malformed app version', async () => {
    await stack.http().post('/api/mobile/device-tokens').send({ token: token('anonymous'), platform: 'android' }).expect(401);
    await register(asDealer, { token: token('dealer'), platform: 'windows' }).expect(400);
    expect((await register(asDealer, { token: token('dealer'), platform: 'ios', appVersion: 'latest' }).expect(400)).body.message).toBe('appVersion must look like 1.2.34');
    await register(asDealer, { token: '', platform: 'ios' }).expect(400);
  });
});

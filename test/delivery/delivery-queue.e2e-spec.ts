import type { DeliveryMessageView, OrderDeliveryView, OrderEventView, OrderListItem, OrderView, Paged, RobotAckView, RobotPullView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import {
  createAccount,
  createOrder,
  postOrderImage,
  rowsNaming,
  signIn,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';

const LEASE_MS = 5000;
const sha = (c: string) => c.repeat(64);

/**
 * The delivery queue end to end: enqueueing an order to integrations (Delivering), robots that
 * pull, acknowledge and release (Completed, the timeline, receipts), leases that run out, two
 * robots at once, the admin's queue, and who may see and do what.
 */
describe('delivery queue', () => {
  const stack = useTestStack({ label: 'delivery-queue', env: { DELIVERY_ROBOT_LEASE_MS: String(LEASE_MS), DELIVERY_MAX_ATTEMPTS: '2' } });
  let admin: UserSession;
  let qa: UserSession;
  let qaReader: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;
  let dealer2: TestAccount;
  let asDealer2: UserSession;
  /** the dealer's robot integrations and their keys */
  let robotA: { id: string; key: string };
  let robotB: { id: string; key: string };
  let inactiveFtp: string;
  /** dealer2's robot */
  let robotOther: { id: string; key: string };

  const robot = (key: string | null) => ({
    post: (path: string) => (key === null ? stack.http().post(path) : stack.http().post(path).set('x-robot-key', key)),
  });
  const pull = async (key: string, max = 1): Promise<RobotPullView> =>
    (await robot(key).post('/api/robot/messages/pull').send({ max }).expect(200)).body as RobotPullView;
  const ack = (key: string, id: string, name = 'car-1.jpg') =>
    robot(key).post(`/api/robot/messages/${id}/ack`).send({ files: [{ name, location: `/dealer/in/${name}`, bytes: 1234, sha256: sha('a') }], answer: 'stored' });
  const order = async (id: string): Promise<OrderView> => (await admin.get(`/api/orders/${id}`).expect(200)).body as OrderView;
  const timeline = async (id: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${id}`).expect(200)).body.items;
  const readyOrder = (account: TestAccount = dealer) =>
    createOrder(stack, { accountId: account.id, status: 'Ready to download', QAstatus: 'Approved', takenImagesCount: 1 });
  const enqueue = async (orderId: string, ...integrationIds: string[]): Promise<DeliveryMessageView[]> =>
    (await admin.post(`/api/orders/enqueue-order-delivery-by-id/${orderId}`).send({ selectedIntegrations: integrationIds.map((id) => ({ id })) }).expect(200)).body;
  const integration = async (account: TestAccount, provider: string, isActive = true): Promise<string> =>
    (await admin.post('/api/remote-integration').send({ provider, isActive, userId: account.id }).expect(201)).body.id;
  let robotKeys = 0;
  const issueKey = async (integrationId: string): Promise<string> =>
    (await admin.post(`/api/order-delivery-messages/robot-credentials/${integrationId}`).expect(200)).body.key;
  /** a dealership of its own with a robot integration and its key: each test's queue is its own */
  const freshRobot = async (): Promise<{ account: TestAccount; id: string; key: string }> => {
    const account = await createAccount(stack, { role: 'Dealership' });
    const id = await integration(account, 'DELIVERY_ROBOT');
    robotKeys++;
    return { account, id, key: await issueKey(id) };
  };

  beforeAll(async () => {
    const adminAccount = await createAccount(stack, { role: 'Admin' });
    const qaAccount = await createAccount(stack, { role: 'QA' });
    const qaReaderAccount = await createAccount(stack, { role: 'QA', permissions: ['READ_QUEUE_MESSAGES'] });
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Nordic Cars', permissions: ['READ_QUEUE_MESSAGES', 'UPDATE_QUEUE_MESSAGES', 'DELETE_QUEUE_MESSAGES'] });
    dealer2 = await createAccount(stack, { role: 'Dealership', displayName: 'Other Cars' });
    admin = await signIn(stack, adminAccount.email);
    qa = await signIn(stack, qaAccount.email);
    qaReader = await signIn(stack, qaReaderAccount.email);
    asDealer = await signIn(stack, dealer.email);
    asDealer2 = await signIn(stack, dealer2.email);
    const a = await integration(dealer, 'DELIVERY_ROBOT');
    const b = await integration(dealer, 'CUSTOM_ROBOT');
    inactiveFtp = await integration(dealer, 'GENERIC_FTP', false);
    const o = await integration(dealer2, 'DELIVERY_ROBOT');
    robotA = { id: a, key: await issueKey(a) };
    robotB = { id: b, key: await issueKey(b) };
    robotOther = { id: o, key: await issueKey(o) };
    robotKeys += 3;
  }, 120_000);

  it('refuses what cannot be delivered, naming why', async () => {
    const inQa = await createOrder(stack, { accountId: dealer.id, status: 'QA stage', QAstatus: 'Waiting For QA' });
    const ready = await readyOrder();
    const send = (orderId: string, body: object, as = admin) => as.post(`/api/orders/enqueue-order-delivery-by-id/${orderId}`).send(body);
    expect((await send(inQa.id, { selectedIntegrations: [{ id: robotA.id }] })).body).toEqual({
      statusCode: 409,
      message: 'Only an order that is ready to download, delivering or completed can be delivered',
    });
    expect((await send(ready.id, { selectedIntegrations: [{ id: robotOther.id }] })).body).toEqual({ statusCode: 404, message: 'Integration not found' });
    expect((await send(ready.id, { selectedIntegrations: [{ id: inactiveFtp }] })).body).toEqual({ statusCode: 400, message: 'The integration is not active: GENERIC_FTP' });
    expect((await send(ready.id, { selectedIntegrations: [] })).body).toEqual({ statusCode: 400, message: 'Choose at least one integration' });
    expect((await send('7d1f1ad1-3c9b-4b8e-9e0e-2b8b1a4c5d6e', { selectedIntegrations: [{ id: robotA.id }] })).status).toBe(404);
    expect((await send(ready.id, { selectedIntegrations: [{ id: robotA.id }] }, asDealer)).status).toBe(403);
    // nothing was queued: the order is as it was
    expect((await order(ready.id)).status).toBe('Ready to download');
    expect((await order(ready.id)).delivery).toBeNull();
  });

  it('takes whole integration objects as the web app and robots send them (their ids count, nothing else); a malformed entry is 400 with a sentence', async () => {
    const send = (orderId: string, body: object) => admin.post(`/api/orders/enqueue-order-delivery-by-id/${orderId}`).send(body);
    // a queue of its own, so the other tests' robots pull nothing of this one
    const own = await freshRobot();
    // what GET /orders/{id}/delivery-integrations lists, sent back whole (userId, provider, settings…)
    const first = await readyOrder(own.account);
    const listed = (await admin.get(`/api/orders/${first.id}/delivery-integrations`).expect(200)).body as Array<{ id: string; userId: string }>;
    const whole = listed.find((i) => i.id === own.id)!;
    expect(whole).toMatchObject({ id: own.id, userId: own.account.id });
    const queued = await send(first.id, { selectedIntegrations: [whole] });
    expect(queued.body).toEqual([expect.objectContaining({ integration: expect.objectContaining({ id: own.id }), state: 'queued' })]);
    expect(queued.status).toBe(200);
    // { id } alone as before
    const second = await readyOrder(own.account);
    expect((await send(second.id, { selectedIntegrations: [{ id: own.id }] })).status).toBe(200);
    // malformed entries: each a 400 naming the field, nothing queued
    const third = await readyOrder(own.account);
    for (const [entry, message] of [
      [{ userId: own.account.id }, 'selectedIntegrations.0.id must be a UUID'],
      [{ id: 'not-an-id', provider: 'DELIVERY_ROBOT' }, 'selectedIntegrations.0.id must be a UUID'],
      [own.id, 'nested property selectedIntegrations must be either object or array'],
      [null, 'nested property selectedIntegrations must be either object or array'],
    ] as const) {
      const res = await send(third.id, { selectedIntegrations: [entry] });
      expect({ entry, status: res.status, message: res.body.message }).toEqual({ entry, status: 400, message: expect.stringContaining(message) });
    }
    expect((await order(third.id)).delivery).toBeNull();
  });

  it('enqueue → Delivering; a robot pulls the pictures, acknowledges with a receipt → Completed, with the timeline and the receipt on the order', async () => {
    const guide = await admin.post('/api/style-guides').send({ name: 'Delivery pictures', outputWidth: 640, outputHeight: 480, maxImageSize: 200_000, frameFreeRouting: 'bypass' }).expect(201);
    const made = await createOrder(stack, { accountId: dealer.id, styleGuideId: guide.body.id, styleGuideName: 'Delivery pictures', takenImagesCount: 1, status: 'Uploading' });
    const photo = await testJpeg(640, 480);
    const { imageId } = await postOrderImage(admin, made.id, 1, photo, { width: 640, height: 480 });
    await admin.post('/api/images/upload-complete').send({ imageId }).expect(200);
    await waitFor(async () => (await admin.get(`/api/images/data/${imageId}`)).body.optimisationStatus === 'completed', 'the picture processed', 90_000, 250);
    await waitFor(async () => (await order(made.id)).status === 'Ready to download', 'the order processed', 30_000, 250);

    const queued = await (async () => {
      const res = await qa.post(`/api/orders/enqueue-order-delivery-by-id/${made.id}`).send({ selectedIntegrations: [{ id: robotA.id }] }).expect(200);
      return res.body as DeliveryMessageView[];
    })();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ state: 'queued', visible: true, attempts: 0, integration: { id: robotA.id, provider: 'DELIVERY_ROBOT', integrationType: 'ROBOT' } });
    await waitFor(async () => (await order(made.id)).status === 'Delivering', 'the order Delivering');
    expect((await order(made.id)).delivery).toMatchObject({ queued: 1, delivered: 0, failed: 0, lastError: null, destinations: [{ integrationId: robotA.id, state: 'queued' }] });
    // the same integration again, while its message waits: the same message, not a second one
    expect((await enqueue(made.id, robotA.id)).map((m) => m.id)).toEqual([queued[0].id]);

    const pulled = await pull(robotA.key, 5);
    expect(pulled.commands).toEqual([]);
    expect(pulled.messages).toHaveLength(1);
    const [msg] = pulled.messages;
    expect(msg).toMatchObject({ id: queued[0].id, orderId: made.id, orderName: made.orderName, provider: 'DELIVERY_ROBOT' });
    expect(msg.images.map((i) => [i.imageId, i.position])).toEqual([[imageId, 1]]);
    const download = await fetch(msg.images[0].url);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // leased: nobody gets it meanwhile
    expect((await pull(robotA.key, 5)).messages).toEqual([]);

    const acked = await ack(robotA.key, msg.id).expect(200);
    expect(acked.body).toMatchObject({ id: msg.id, state: 'delivered', visible: false, receipt: { destination: 'robot DELIVERY_ROBOT', answer: 'stored', deliveredBy: 'robot' } });
    expect((acked.body as RobotAckView).receipt.files).toEqual([{ name: 'car-1.jpg', location: '/dealer/in/car-1.jpg', bytes: 1234, sha256: sha('a'), imageId: null, position: null }]);

    await waitFor(async () => (await order(made.id)).status === 'Completed', 'the order Completed');
    expect((await order(made.id)).delivery).toMatchObject({ queued: 0, delivered: 1, failed: 0, lastError: null, destinations: [{ integrationId: robotA.id, state: 'delivered' }] });
    const lines = await timeline(made.id);
    const names = lines.map((e) => e.eventName);
    expect(names).toEqual(expect.arrayContaining(['DELIVERY_QUEUED', 'DELIVERED']));
    expect(lines.find((e) => e.eventName === 'DELIVERY_QUEUED')?.payload).toMatchObject({ integrations: [{ id: robotA.id, provider: 'DELIVERY_ROBOT' }] });
    expect(lines.find((e) => e.eventName === 'DELIVERED')?.payload).toMatchObject({ provider: 'DELIVERY_ROBOT', files: 1, bytes: 1234, deliveredBy: 'robot' });
    const updates = lines.filter((e) => e.eventName === 'UPDATED').map((e) => (e.payload as { to: { status: string } }).to.status);
    expect(updates.slice(0, 2)).toEqual(['Completed', 'Delivering']);

    // where it went and when: for the dealership too, never for another
    const deliveries = (await asDealer.get(`/api/orders/${made.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ id: msg.id, state: 'delivered', lastError: null });
    expect(deliveries[0].receipts).toEqual([
      expect.objectContaining({
        destination: 'robot DELIVERY_ROBOT',
        answer: 'stored',
        deliveredBy: 'robot',
        files: [{ name: 'car-1.jpg', location: '/dealer/in/car-1.jpg', bytes: 1234, sha256: sha('a'), imageId: null, position: null }],
      }),
    ]);
    expect((await asDealer2.get(`/api/orders/${made.id}/deliveries`)).status).toBe(404);
  }, 150_000);

  it('a released message is visible again with its error; after the last attempt it fails for good, the order shows it and is back to Ready to download; set-visible queues it again', async () => {
    const o = await readyOrder();
    const [queued] = await enqueue(o.id, robotB.id);
    const first = await pull(robotB.key);
    expect(first.messages.map((m) => m.id)).toEqual([queued.id]);
    const released = await robot(robotB.key).post(`/api/robot/messages/${queued.id}/release`).send({ error: 'Portal answered 503' }).expect(200);
    expect(released.body).toMatchObject({ state: 'queued', visible: true, attempts: 1, lastError: 'Portal answered 503' });
    const listed = (await admin.get(`/api/order-delivery-messages?orderId=${o.id}`).expect(200)).body as [DeliveryMessageView[], number];
    expect(listed[1]).toBe(1);
    expect(listed[0][0]).toMatchObject({ id: queued.id, visible: true, attempts: 1, lastError: 'Portal answered 503' });

    // the second (last) attempt
    expect((await pull(robotB.key)).messages.map((m) => m.id)).toEqual([queued.id]);
    const failed = await robot(robotB.key).post(`/api/robot/messages/${queued.id}/release`).send({ error: 'Portal answered 500' }).expect(200);
    expect(failed.body).toMatchObject({ state: 'failed', visible: true, attempts: 2, lastError: 'Portal answered 500' });
    expect((await pull(robotB.key)).messages).toEqual([]);
    await waitFor(async () => (await order(o.id)).delivery?.failed === 1, 'the failure on the order');
    await waitFor(async () => (await order(o.id)).status === 'Ready to download', 'the order out of Delivering');
    const shown = await order(o.id);
    expect(shown.delivery).toMatchObject({ queued: 0, delivered: 0, failed: 1, lastError: 'Portal answered 500' });
    expect(shown.delivery?.destinations).toEqual([expect.objectContaining({ messageId: queued.id, integrationId: robotB.id, state: 'failed', attempts: 2, lastError: 'Portal answered 500' })]);
    await waitFor(async () => (await timeline(o.id)).filter((e) => e.eventName === 'DELIVERY_FAILED').length === 2, 'two failure lines');
    const failures = (await timeline(o.id)).filter((e) => e.eventName === 'DELIVERY_FAILED');
    expect(failures.map((e) => [e.payload.error, e.payload.final, e.isPriority])).toEqual([
      ['Portal answered 500', true, true],
      ['Portal answered 503', false, true],
    ]);

    // made visible now: queued again with its attempts counted anew, then delivered → Completed
    const again = await admin.put(`/api/order-delivery-messages/set-visible/${queued.id}`).expect(200);
    expect(again.body).toMatchObject({ state: 'queued', visible: true, attempts: 0 });
    expect((await pull(robotB.key)).messages.map((m) => m.id)).toEqual([queued.id]);
    await ack(robotB.key, queued.id).expect(200);
    await waitFor(async () => (await order(o.id)).status === 'Completed', 'the order Completed');
    expect((await order(o.id)).delivery).toMatchObject({ queued: 0, delivered: 1, failed: 0, lastError: null, destinations: [{ integrationId: robotB.id, state: 'delivered', lastError: null }] });
    expect((await admin.put(`/api/order-delivery-messages/set-visible/${queued.id}`)).body).toEqual({ statusCode: 409, message: 'This message has already been delivered' });
  });

  it('a lease that runs out makes the message visible again', async () => {
    const r = await freshRobot();
    const o = await readyOrder(r.account);
    const [queued] = await enqueue(o.id, r.id);
    const available = async () => (await admin.get('/api/order-delivery-messages/get-current-available-count').expect(200)).body.availableMessageCount as number;
    expect(await available()).toBeGreaterThanOrEqual(1);
    const before = await available();
    expect((await pull(r.key)).messages.map((m) => m.id)).toEqual([queued.id]);
    expect(await available()).toBe(before - 1);
    expect((await pull(r.key)).messages).toEqual([]);
    await new Promise((done) => setTimeout(done, LEASE_MS + 300));
    expect(await available()).toBe(before);
    const retaken = await pull(r.key);
    expect(retaken.messages.map((m) => m.id)).toEqual([queued.id]);
    await ack(r.key, queued.id).expect(200);
  });

  it('an acknowledgement repeated by the robot that made it (its answer was lost) answers the same message and receipt; nothing is stored twice; another key or integration is refused', async () => {
    const r = await freshRobot();
    const o = await readyOrder(r.account);
    const [queued] = await enqueue(o.id, r.id);
    expect((await pull(r.key)).messages.map((m) => m.id)).toEqual([queued.id]);

    const first = (await ack(r.key, queued.id).expect(200)).body as RobotAckView;
    expect(first).toMatchObject({ id: queued.id, state: 'delivered', receipt: { answer: 'stored', deliveredBy: 'robot' } });
    // the robot sends it again, even with other files: the first acknowledgement stands
    const again = (await ack(r.key, queued.id).expect(200)).body as RobotAckView;
    const third = (await ack(r.key, queued.id, 'car-2.jpg').expect(200)).body as RobotAckView;
    expect(again).toEqual(first);
    expect(third.receipt.id).toBe(first.receipt.id);
    expect(third.receipt.files.map((f) => f.name)).toEqual(['car-1.jpg']);

    const receipts = await stack.db.query<{ id: string }>('SELECT id FROM delivery.delivery_receipt WHERE message_id = $1', [queued.id]);
    expect(receipts.map((row) => row.id)).toEqual([first.receipt.id]);
    await waitFor(async () => (await order(o.id)).status === 'Completed', 'the order Completed');
    await waitFor(async () => (await timeline(o.id)).some((e) => e.eventName === 'DELIVERED'), 'the delivery on the timeline');
    expect((await timeline(o.id)).filter((e) => e.eventName === 'DELIVERED')).toHaveLength(1);
    expect((await order(o.id)).delivery).toMatchObject({ delivered: 1 });

    // a new key of the same integration did not deliver it: told it is delivered; another integration's robot does not see it
    const rotated = await issueKey(r.id);
    expect((await ack(rotated, queued.id)).body).toEqual({ statusCode: 409, message: 'This message has already been delivered' });
    expect((await ack(robotOther.key, queued.id)).body).toEqual({ statusCode: 404, message: 'Delivery message not found' });
    // the old key is no key any more
    expect((await ack(r.key, queued.id)).status).toBe(401);
  });

  it('two robots pulling at once never get the same message (20 rounds)', async () => {
    const r = await freshRobot();
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const o = await readyOrder(r.account);
      const [m] = await enqueue(o.id, r.id);
      ids.add(m.id);
    }
    const seen: string[] = [];
    for (let round = 0; round < 20; round++) {
      const [x, y] = await Promise.all([pull(r.key, 1), pull(r.key, 1)]);
      const got = [...x.messages, ...y.messages].map((m) => m.id);
      // one each, never the same
      expect(got).toHaveLength(2);
      expect(new Set(got).size).toBe(2);
      seen.push(...got);
      // acknowledged at once, so a lease running out cannot bring one back
      for (const id of got) await ack(r.key, id).expect(200);
    }
    expect(new Set(seen).size).toBe(40);
    expect([...ids].sort()).toEqual([...seen].sort());
  }, 120_000);

  it('a robot key opens only its own integration; no key, a wrong one, a rotated one or a user token is 401', async () => {
    const r = await freshRobot();
    const o = await readyOrder(r.account);
    const [queued] = await enqueue(o.id, r.id);
    // dealer2's robot sees nothing of the dealer's queue and cannot touch its messages
    expect((await pull(robotOther.key, 50)).messages).toEqual([]);
    expect((await ack(robotOther.key, queued.id)).body).toEqual({ statusCode: 404, message: 'Delivery message not found' });
    expect((await robot(robotOther.key).post(`/api/robot/messages/${queued.id}/release`).send({ error: 'x' })).status).toBe(404);
    // not pulled by anyone: not this robot's to acknowledge
    expect((await ack(r.key, queued.id)).status).toBe(409);

    expect((await robot(null).post('/api/robot/messages/pull').send({})).status).toBe(401);
    expect((await robot(`${r.key}x`).post('/api/robot/messages/pull').send({})).status).toBe(401);
    expect((await robot('not-a-key').post('/api/robot/messages/pull').send({})).status).toBe(401);
    expect((await admin.post('/api/robot/messages/pull').send({})).status).toBe(401);
    const rotated = await issueKey(r.id);
    expect((await robot(r.key).post('/api/robot/messages/pull').send({})).body).toEqual({ statusCode: 401, message: 'The robot key is not valid' });
    expect((await pull(rotated)).messages.map((m) => m.id)).toEqual([queued.id]);
    await ack(rotated, queued.id).expect(200);
    // keys are for robot integrations only, issued by the admin
    expect((await admin.post(`/api/order-delivery-messages/robot-credentials/${inactiveFtp}`)).body).toEqual({ statusCode: 400, message: 'Robot keys are issued for robot integrations only' });
    expect((await qa.post(`/api/order-delivery-messages/robot-credentials/${robotA.id}`)).status).toBe(403);
  });

  it('a deleted order leaves the queue with its receipts; a deleted account leaves no trace in delivery', async () => {
    const r = await freshRobot();
    const gone = await readyOrder(r.account);
    const kept = await readyOrder(r.account);
    const [m1] = await enqueue(gone.id, r.id);
    const [m2] = await enqueue(kept.id, r.id);
    expect((await pull(r.key, 1)).messages.map((m) => m.id)).toEqual([m1!.id]);
    await ack(r.key, m1!.id).expect(200);
    await waitFor(async () => (await order(gone.id)).status === 'Completed', 'the order Completed');

    await admin.delete(`/api/orders/${gone.id}`).expect(200);
    await waitFor(async () => (await admin.get(`/api/order-delivery-messages?orderId=${gone.id}`).expect(200)).body[1] === 0, 'the order gone from the queue');
    expect((await admin.get(`/api/order-delivery-messages?orderId=${kept.id}`).expect(200)).body[0].map((m: DeliveryMessageView) => m.id)).toEqual([m2!.id]);

    const hash = (await admin.get(`/api/users/${r.account.id}`).expect(200)).body.deleteConfirmationHash;
    await admin.post('/api/users/delete-user-account').send({ userId: r.account.id, hash }).expect(200);
    await waitFor(async () => (await rowsNaming(stack.db, r.account.id)).filter((x) => x.startsWith('delivery.')).length === 0, 'no delivery row naming the account', 20_000, 200);
    // its robot key went with it
    expect((await robot(r.key).post('/api/robot/messages/pull').send({})).status).toBe(401);
    robotKeys--;
  });

  describe('an order out of Delivering once nothing is pending', () => {
    /** a dealership of its own with two robot integrations: its queue and list are its own */
    let account: TestAccount;
    let asOwner: UserSession;
    let a: { id: string; key: string };
    let b: { id: string; key: string };

    beforeAll(async () => {
      const r = await freshRobot();
      account = r.account;
      a = { id: r.id, key: r.key };
      const second = await integration(account, 'CUSTOM_ROBOT');
      robotKeys++;
      b = { id: second, key: await issueKey(second) };
      asOwner = await signIn(stack, account.email);
    });

    /** pulled and released until the last attempt (`DELIVERY_MAX_ATTEMPTS` 2): failed for good */
    const failForGood = async (key: string, id: string, error: string) => {
      for (let i = 0; i < 2; i++) {
        expect((await pull(key)).messages.map((m) => m.id)).toEqual([id]);
        await robot(key).post(`/api/robot/messages/${id}/release`).send({ error }).expect(200);
      }
    };
    /** the order's row in the list as this user sees it, or undefined */
    const listed = async (as: UserSession, orderName: string): Promise<OrderListItem | undefined> =>
      ((await as.get(`/api/orders/get-orders?search=${encodeURIComponent(orderName)}`).expect(200)).body as Paged<OrderListItem>).items.find((i) => i.orderName === orderName);
    const states = (d: OrderView['delivery'] | OrderListItem['delivery']) => (d?.destinations ?? []).map((x) => [x.provider, x.state, x.lastError]);
    const stopped = async (id: string) => (await timeline(id)).filter((e) => e.eventName === 'DELIVERY_STOPPED');

    it('a destination that fails for good leaves the order Delivering while another is pending; removing that one takes it back to Ready to download, saying why; the list shows each destination', async () => {
      const o = await readyOrder(account);
      const [ma, mb] = await enqueue(o.id, a.id, b.id);
      await waitFor(async () => (await order(o.id)).status === 'Delivering', 'the order Delivering');

      await failForGood(a.key, ma.id, 'Login refused (530)');
      await waitFor(async () => (await order(o.id)).delivery?.failed === 1, 'the failure on the order');
      // the other destination still waits: Delivering, and each destination shows where it stands
      const waiting = await order(o.id);
      expect(waiting.status).toBe('Delivering');
      // queued together: by provider
      expect(states(waiting.delivery)).toEqual([
        ['CUSTOM_ROBOT', 'queued', null],
        ['DELIVERY_ROBOT', 'failed', 'Login refused (530)'],
      ]);
      // the list shows the same, to the admin and to the dealership that owns the order, never to another
      expect(states((await listed(admin, o.orderName))?.delivery ?? null)).toEqual(states(waiting.delivery));
      expect(states((await listed(asOwner, o.orderName))?.delivery ?? null)).toEqual(states(waiting.delivery));
      expect(await listed(asDealer2, o.orderName)).toBeUndefined();
      expect(await stopped(o.id)).toEqual([]);

      // the pending one removed from the queue: nothing pending, one failed → Ready to download, with the line
      await admin.delete(`/api/order-delivery-messages/${mb.id}`).expect(200);
      await waitFor(async () => (await order(o.id)).status === 'Ready to download', 'the order back to Ready to download');
      const back = await order(o.id);
      expect(states(back.delivery)).toEqual([['DELIVERY_ROBOT', 'failed', 'Login refused (530)']]);
      expect(states((await listed(admin, o.orderName))?.delivery ?? null)).toEqual([['DELIVERY_ROBOT', 'failed', 'Login refused (530)']]);
      const lines = await timeline(o.id);
      const removed = lines.find((e) => e.eventName === 'DELIVERY_REMOVED');
      expect(removed?.payload).toMatchObject({ provider: 'CUSTOM_ROBOT', integrationId: b.id, state: 'queued' });
      expect(removed?.user).not.toBeNull();
      const [line] = await stopped(o.id);
      expect(line).toMatchObject({ isPriority: true, user: null, payload: { cause: 'removed', provider: 'CUSTOM_ROBOT', failed: 1, delivered: 0 } });
      const update = lines.find((e) => e.eventName === 'UPDATED');
      expect(update?.payload).toMatchObject({ from: { status: 'Delivering' }, to: { status: 'Ready to download' } });
    }, 60_000);

    it('a removed destination leaves it Delivering while another is pending; that one failing for good takes it back to Ready to download, saying why; retried and delivered, it is Completed', async () => {
      const o = await readyOrder(account);
      const [ma, mb] = await enqueue(o.id, a.id, b.id);
      await waitFor(async () => (await order(o.id)).status === 'Delivering', 'the order Delivering');

      await admin.delete(`/api/order-delivery-messages/${ma.id}`).expect(200);
      await waitFor(async () => (await order(o.id)).delivery?.destinations.length === 1, 'the removed destination gone from the order');
      expect((await order(o.id)).status).toBe('Delivering');
      expect(await stopped(o.id)).toEqual([]);

      await failForGood(b.key, mb.id, 'Portal refused the files');
      await waitFor(async () => (await order(o.id)).status === 'Ready to download', 'the order back to Ready to download');
      expect(states((await order(o.id)).delivery)).toEqual([['CUSTOM_ROBOT', 'failed', 'Portal refused the files']]);
      const [line] = await stopped(o.id);
      expect(line.payload).toMatchObject({ cause: 'failed', provider: 'CUSTOM_ROBOT', error: 'Portal refused the files' });

      // staff retry: queued again (Delivering), delivered → Completed; the list says delivered
      const [again] = await enqueue(o.id, b.id);
      expect(again).toMatchObject({ id: mb.id, state: 'queued', attempts: 0 });
      await waitFor(async () => (await order(o.id)).status === 'Delivering', 'Delivering again');
      expect((await pull(b.key)).messages.map((m) => m.id)).toEqual([mb.id]);
      await ack(b.key, mb.id).expect(200);
      await waitFor(async () => (await order(o.id)).status === 'Completed', 'the order Completed');
      expect(states((await listed(asOwner, o.orderName))?.delivery ?? null)).toEqual([['CUSTOM_ROBOT', 'delivered', null]]);
    }, 60_000);
  });

  it('the admin queue: newest first with filters and a count, remove, reboot the robots; permissions decide who', async () => {
    const r = await freshRobot();
    const first = await readyOrder(r.account);
    const second = await readyOrder(r.account);
    const [m1] = await enqueue(first.id, r.id);
    const [m2] = await enqueue(second.id, r.id);
    const [items, count] = (await admin.get(`/api/order-delivery-messages?state=queued&provider=DELIVERY_ROBOT`).expect(200)).body as [DeliveryMessageView[], number];
    expect(count).toBeGreaterThanOrEqual(2);
    expect(items.slice(0, 2).map((m) => m.id)).toEqual([m2.id, m1.id]);
    const searched = (await qaReader.get(`/api/order-delivery-messages?search=${encodeURIComponent(first.orderName)}`).expect(200)).body;
    expect(searched).toEqual([[expect.objectContaining({ id: m1.id, order: { id: first.id, orderName: first.orderName } })], 1]);

    await admin.delete(`/api/order-delivery-messages/${m1.id}`).expect(200, { deleted: true });
    expect((await admin.delete(`/api/order-delivery-messages/${m1.id}`)).body).toEqual({ statusCode: 404, message: 'Delivery message not found' });
    expect((await admin.get(`/api/order-delivery-messages?orderId=${first.id}`).expect(200)).body).toEqual([[], 0]);

    expect((await admin.get('/api/order-delivery-messages/reboot-remote-delivery-robot').expect(200)).body).toEqual({ queued: true, robots: robotKeys });
    const withCommand = await pull(r.key);
    expect(withCommand.commands).toEqual(['reboot']);
    expect(withCommand.messages.map((m) => m.id)).toEqual([m2.id]);
    expect((await pull(r.key)).commands).toEqual([]);
    await ack(r.key, m2.id).expect(200);

    // a dealership never reaches the queue, even holding the permissions; QA needs them
    for (const [method, path] of [
      ['get', '/api/order-delivery-messages'],
      ['get', '/api/order-delivery-messages/get-current-available-count'],
      ['get', '/api/order-delivery-messages/reboot-remote-delivery-robot'],
      ['put', `/api/order-delivery-messages/set-visible/${m2.id}`],
      ['delete', `/api/order-delivery-messages/${m2.id}`],
    ] as const) {
      expect([path, (await asDealer[method](path)).status]).toEqual([path, 403]);
      expect([path, (await qa[method](path)).status]).toEqual([path, 403]);
    }
    expect((await qaReader.get('/api/order-delivery-messages/get-current-available-count')).status).toBe(200);
    expect((await qaReader.delete(`/api/order-delivery-messages/${m2.id}`)).status).toBe(403);
  });
});

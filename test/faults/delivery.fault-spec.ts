import type { DeliveryMessageView, OrderDeliveryView, OrderEventView, OrderView, RobotPullView } from '@app/contracts';
import { seedDeliverableOrders, seedDeliveryPictures, startFtpServer, type SeededOrder, type SeededPicture, type TestFtpServer } from '@app/testing';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, signIn, type TestAccount, type UserSession } from '../support';
import { FaultStack, waitUntil } from './fault-stack.harness';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const FTP_USER = 'dealer-photos';
const FTP_PASSWORD = 'Ftp-Faults-2026!';
/** a worker's lease: a message whose worker was killed is taken again this long after it was claimed */
const WORKER_LEASE_MS = 5000;
const ROBOT_LEASE_MS = 4000;
/** pictures per order */
const PICTURES = 6;

/**
 * Faults of delivery: the delivery service runs as a process (with users, style-guides, orders,
 * images and the gateway) and delivers to a real FTP server (ftp-srv in this test). The
 * service is SIGKILLed in the middle of a batch, and between writing an order's files and
 * recording the receipt; an FTP connection is cut mid-file; a robot dies holding a lease.
 * After each, every message ends delivered exactly once where it goes: each order's files
 * present once and whole (their SHA-256), one receipt per message, one DELIVERED line per
 * delivery on the order's timeline, and the orders Completed.
 */
describe('faults: delivery killed mid-batch delivers every order exactly once', () => {
  jest.setTimeout(180_000);
  let stack: FaultStack;
  let ftp: TestFtpServer;
  let admin: UserSession;
  let dealer: TestAccount;
  let pictures: SeededPicture[];
  let batch = 0;

  beforeAll(async () => {
    [stack, ftp] = await Promise.all([
      FaultStack.start({
        services: ['users', 'style-guides', 'orders', 'images', 'delivery'],
        env: {
          DELIVERY_POLL_MS: '200',
          // two at a time: a batch of many orders is still under way when the process is killed
          DELIVERY_BATCH_SIZE: '2',
          DELIVERY_WORKER_LEASE_MS: String(WORKER_LEASE_MS),
          DELIVERY_ROBOT_LEASE_MS: String(ROBOT_LEASE_MS),
          DELIVERY_RETRY_DELAY_MS: '500',
          DELIVERY_RETRY_MAX_DELAY_MS: '1000',
          DELIVERY_TIMEOUT_MS: '5000',
          // the FTP server listens on the loopback: allowed here explicitly (the default refuses it)
          OUTBOUND_ALLOW: '127.0.0.1',
        },
      }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD }),
    ]);
    const [adminAccount, dealerAccount] = await Promise.all([createAccount(stack, { role: 'Admin' }), createAccount(stack, { role: 'Dealership' })]);
    dealer = dealerAccount;
    admin = await signIn(stack, adminAccount.email);
    pictures = await seedDeliveryPictures(stack.s3, PICTURES);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([stack?.close(), ftp?.close()]);
  });

  afterEach(async () => {
    await stack.reset();
  });

  const orderOf = async (id: string): Promise<OrderView> => (await admin.get(`/api/orders/${id}`).expect(200)).body as OrderView;
  const deliveriesOf = async (id: string): Promise<OrderDeliveryView[]> => (await admin.get(`/api/orders/${id}/deliveries`).expect(200)).body as OrderDeliveryView[];
  const enqueue = async (orderId: string, integrationId: string): Promise<DeliveryMessageView[]> =>
    (await admin.post(`/api/orders/enqueue-order-delivery-by-id/${orderId}`).send({ selectedIntegrations: [{ id: integrationId }] }).expect(200)).body as DeliveryMessageView[];
  const seedOrders = (count: number, account: TestAccount = dealer): Promise<SeededOrder[]> =>
    seedDeliverableOrders(stack.db.url, { accountId: account.id, count, pictures, namePrefix: `Batch ${++batch}` });
  /** A folder of its own on the FTP server per scenario (an account has one integration per provider). */
  const ftpIntegration = async (provider: 'GENERIC_FTP' | 'DEALER_FTP' | 'PORTAL_FTP', folder: string, account: TestAccount = dealer): Promise<string> =>
    (
      await admin
        .post('/api/remote-integration')
        .send({ provider, isActive: true, userId: account.id, Username: FTP_USER, Password: FTP_PASSWORD, settings: { host: '127.0.0.1', port: ftp.port, path: `/${folder}` } })
        .expect(201)
    ).body.id as string;
  const receiptCount = async (): Promise<number> => Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM delivery.delivery_receipt'))[0].n);
  /** the files in the folder, hidden ones (a cut upload's `.part`) included */
  const filesIn = (folder: string): string[] => (existsSync(join(ftp.root, folder)) ? readdirSync(join(ftp.root, folder)) : []);

  async function expectCompleted(orders: SeededOrder[]): Promise<void> {
    let last: OrderView | undefined;
    for (const o of orders) {
      await waitUntil(
        async () => {
          last = await orderOf(o.id);
          return last.status === 'Completed';
        },
        `order ${o.orderName} Completed`,
        90_000,
        () => `the order last seen: ${JSON.stringify(last)}\n${stack.logsOf()}`,
      );
    }
  }

  /**
   * What the dealer and the admin see once every order is Completed: each order's files in
   * the folder once and whole, nothing else there (no half file, no hidden leftover); each
   * order one message, delivered, with one receipt naming those files; one DELIVERED line on
   * its timeline; nothing in flight and nothing in the dead-letter stream.
   */
  async function expectDeliveredOnce(orders: SeededOrder[], folder: string, integrationId: string): Promise<OrderDeliveryView[]> {
    await expectCompleted(orders);
    await stack.settled();
    const expected = orders.flatMap((o) => o.pictures.map((p, i) => ({ name: `${o.orderName}-${i + 1}.jpg`, sha256: p.sha256, bytes: p.bytes })));
    expect(filesIn(folder).sort()).toEqual(expected.map((f) => f.name).sort());
    for (const f of expected) {
      const bytes = readFileSync(join(ftp.root, folder, f.name));
      expect({ name: f.name, bytes: bytes.length, sha256: sha256(bytes) }).toEqual(f);
    }
    const all: OrderDeliveryView[] = [];
    for (const o of orders) {
      const deliveries = await deliveriesOf(o.id);
      expect(deliveries.map((d) => [d.integration.id, d.state, d.receipts.length])).toEqual([[integrationId, 'delivered', 1]]);
      const [receipt] = deliveries[0].receipts;
      expect(receipt.deliveredBy).toBe('worker');
      expect(receipt.files.map((f) => [f.name, f.bytes, f.sha256, f.position])).toEqual(o.pictures.map((p, i) => [`${o.orderName}-${i + 1}.jpg`, p.bytes, p.sha256, i + 1]));
      const order = await orderOf(o.id);
      expect(order.delivery).toMatchObject({ queued: 0, delivered: 1, failed: 0, lastError: null, destinations: [{ integrationId, state: 'delivered' }] });
      const timeline = (await admin.get(`/api/events/order/${o.id}?isHidden=true`).expect(200)).body.items as OrderEventView[];
      expect(timeline.filter((e) => e.eventName === 'DELIVERED')).toHaveLength(1);
      const lines = timeline.map((e) => `${e.eventName} ${JSON.stringify(e.payload)}`);
      expect(lines).toEqual([...new Set(lines)]);
      all.push(deliveries[0]);
    }
    const doubled = await stack.db.query('SELECT message_id FROM delivery.delivery_receipt GROUP BY message_id HAVING count(*) > 1');
    expect(doubled).toEqual([]);
    expect(await stack.deadLetters()).toEqual([]);
    return all;
  }

  it('killed (SIGKILL) in the middle of a batch: after its restart every order is at the FTP server once and whole, with one receipt', async () => {
    const integration = await ftpIntegration('GENERIC_FTP', 'batch');
    const orders = await seedOrders(12);
    const receiptsBefore = await receiptCount();
    for (const o of orders) await enqueue(o.id, integration);
    // files are arriving: some orders are there, others not yet
    await waitUntil(async () => filesIn('batch').length >= PICTURES + 2, 'the first files at the FTP server', 60_000, () => stack.logsOf());
    await stack.kill('delivery');
    const deliveredAtKill = (await receiptCount()) - receiptsBefore;
    // mid-batch: not every order had been delivered when the process died
    expect(deliveredAtKill).toBeLessThan(orders.length);
    await stack.start('delivery');

    const deliveries = await expectDeliveredOnce(orders, 'batch', integration);
    // the messages the killed process held were taken again once their lease ran out
    expect(deliveries.some((d) => d.attempts === 2)).toBe(true);
  });

  it('killed after writing an order\'s files and before recording the receipt: delivered again once the lease runs out, still one copy and one receipt', async () => {
    const integration = await ftpIntegration('DEALER_FTP', 'unrecorded');
    await stack.restartWithFaultPoints('delivery', 'delivery.delivered');
    const [order] = await seedOrders(1);
    const reached = stack.reachedFaultPoint('delivery', 'delivery.delivered');
    const [message] = await enqueue(order.id, integration);
    expect(await reached).toEqual({ messageId: message.id, orderId: order.id });
    // the files are there, the receipt is not
    expect(filesIn('unrecorded')).toHaveLength(PICTURES);
    expect((await deliveriesOf(order.id))[0]).toMatchObject({ state: 'delivering', receipts: [] });
    await stack.kill('delivery');
    await stack.start('delivery');

    const [delivery] = await expectDeliveredOnce([order], 'unrecorded', integration);
    expect(delivery).toMatchObject({ id: message.id, attempts: 2 });
  });

  it('PostgreSQL restarted between writing an order\'s files and recording the receipt: recorded once it is back, without delivering again', async () => {
    const other = await createAccount(stack, { role: 'Dealership' });
    const integration = await ftpIntegration('GENERIC_FTP', 'restart', other);
    // the worker holds 6 s after writing the files, and keeps its messages long enough that only the wait for the database can record it in time
    await stack.restart('delivery', { FAULT_POINTS: 'delivery.delivered:6000', DELIVERY_WORKER_LEASE_MS: '300000' });
    const [order] = await seedOrders(1, other);
    const reached = stack.reachedFaultPoint('delivery', 'delivery.delivered');
    const [message] = await enqueue(order.id, integration);
    await reached;
    // PostgreSQL goes away under the held worker and comes back 8 s later
    await stack.restartPostgres(8000);

    const [delivery] = await expectDeliveredOnce([order], 'restart', integration);
    // recorded by the same attempt: not left to its lease and delivered a second time
    expect(delivery).toMatchObject({ id: message.id, attempts: 1 });
  });

  it('an FTP connection cut mid-file: the worker tries again and the folder ends with one whole copy of each file', async () => {
    const integration = await ftpIntegration('PORTAL_FTP', 'cut');
    const [order] = await seedOrders(1);
    ftp.dropNextUploadAfter(2000);
    const [message] = await enqueue(order.id, integration);

    const [delivery] = await expectDeliveredOnce([order], 'cut', integration);
    expect(delivery).toMatchObject({ id: message.id, attempts: 2, lastError: null });
    // the cut attempt is on the timeline as a failure that would be tried again
    const timeline = (await admin.get(`/api/events/order/${order.id}?isHidden=true`).expect(200)).body.items as OrderEventView[];
    const failures = timeline.filter((e) => e.eventName === 'DELIVERY_FAILED');
    expect(failures.map((e) => e.payload.final)).toEqual([false]);
    expect(String(failures[0].payload.error)).toMatch(/^(Connection to ftp:\/\/127.0.0.1:\d+\/cut dropped|Timeout: )/);
  });

  it('a robot that dies holding a lease: the message comes back after the lease and a second robot delivers it, with one receipt', async () => {
    const robotIntegration = (await admin.post('/api/remote-integration').send({ provider: 'DELIVERY_ROBOT', isActive: true, userId: dealer.id }).expect(201)).body.id as string;
    const key = (await admin.post(`/api/order-delivery-messages/robot-credentials/${robotIntegration}`).expect(200)).body.key as string;
    const pull = async (): Promise<RobotPullView> => (await stack.http().post('/api/robot/messages/pull').set('x-robot-key', key).send({ max: 5 }).expect(200)).body as RobotPullView;
    const [order] = await seedOrders(1);
    const [message] = await enqueue(order.id, robotIntegration);

    // the first robot pulls it and dies: it never acknowledges nor releases
    const first = await pull();
    expect(first.messages.map((m) => m.id)).toEqual([message.id]);
    // while the lease holds nobody else gets it
    expect((await pull()).messages).toEqual([]);
    const second = await waitUntil(
      async () => {
        const got = await pull();
        return got.messages.length ? got : null;
      },
      'the message visible again after the dead robot\'s lease',
      ROBOT_LEASE_MS + 30_000,
    );
    expect(second.messages.map((m) => m.id)).toEqual([message.id]);
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(first.messages[0].leaseExpiresAt).getTime() - 1000);

    // the second robot downloads the pictures (whole: their checksums) and acknowledges
    const files = [];
    for (const image of second.messages[0].images) {
      const bytes = Buffer.from(await (await fetch(image.url)).arrayBuffer());
      files.push({ name: `${image.position}.jpg`, location: `/dealer/in/${image.position}.jpg`, bytes: bytes.length, sha256: sha256(bytes) });
    }
    expect(files.map((f) => f.sha256)).toEqual(pictures.map((p) => p.sha256));
    const acked = (await stack.http().post(`/api/robot/messages/${message.id}/ack`).set('x-robot-key', key).send({ files, answer: 'stored' }).expect(200)).body as { receipt: { id: string } };
    // the dead robot's late acknowledgement, had it come back (the same key: the same integration),
    // is a repeat: it answers the receipt there is and writes none (docs/delivery.md, how a robot retries)
    const late = await stack.http().post(`/api/robot/messages/${message.id}/ack`).set('x-robot-key', key).send({ files, answer: 'stored twice' });
    expect(late.status).toBe(200);
    expect(late.body.receipt).toMatchObject({ id: acked.receipt.id, answer: 'stored' });

    await expectCompleted([order]);
    const deliveries = await deliveriesOf(order.id);
    expect(deliveries.map((d) => [d.state, d.receipts.length, d.receipts[0]?.deliveredBy, d.receipts[0]?.answer])).toEqual([['delivered', 1, 'robot', 'stored']]);
    expect(deliveries[0].receipts[0].files.map((f) => f.sha256)).toEqual(pictures.map((p) => p.sha256));
    await stack.settled();
    const timeline = (await admin.get(`/api/events/order/${order.id}?isHidden=true`).expect(200)).body.items as OrderEventView[];
    expect(timeline.filter((e) => e.eventName === 'DELIVERED')).toHaveLength(1);
    expect(await stack.deadLetters()).toEqual([]);
  });
});

import type { DeliveryMessageView, OrderDeliveryView, OrderEventView, OrderView } from '@app/contracts';
import {
  FAKE_GRAPH,
  seedDeliverableOrders,
  seedDeliveryPictures,
  startFakeGraph,
  startFtpServer,
  waitFor,
  type FakeGraph,
  type SeededOrder,
  type SeededPicture,
  type TestFtpServer,
} from '@app/testing';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DeliveryQueueService } from '../../services/delivery/src/queue/delivery-queue.service';
import { createAccount, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const FTP_USER = 'photos';
const FTP_PASSWORD = 'Ftp-Pass-2026!';

/**
 * Delivery by a dealership (its own finished orders to its own integrations, with
 * READ_USER_INTEGRATIONS) and automatic delivery (an order that becomes Ready to download
 * goes by itself to the integrations whose switch is on), to a real FTP server and to a
 * SharePoint library (a stand-in for Microsoft Graph and its token endpoint).
 */
describe('delivery by dealerships, automatic delivery, SharePoint', () => {
  jest.setTimeout(240_000);
  let stack: TestStack;
  let ftp: TestFtpServer;
  let graph: FakeGraph;
  let admin: UserSession;
  let pictures: SeededPicture[];
  let batch = 0;

  beforeAll(async () => {
    graph = await startFakeGraph();
    [stack, ftp] = await Promise.all([
      startTestStack({
        label: 'auto-delivery',
        services: ['users', 'style-guides', 'orders', 'images', 'delivery'],
        // the FTP server and the stand-in for Microsoft Graph listen on the loopback: allowed here explicitly (the default refuses it)
        env: {
          OUTBOUND_ALLOW: '127.0.0.1',
          DELIVERY_POLL_MS: '200',
          DELIVERY_TIMEOUT_MS: '10000',
          GRAPH_API_URL: `${graph.url}/graph`,
          SHAREPOINT_TOKEN_URL: `${graph.url}/login/{tenantId}/oauth2/v2.0/token`,
        },
      }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD }),
    ]);
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    pictures = await seedDeliveryPictures(stack.s3, 2);
  });

  afterAll(async () => {
    await Promise.all([stack?.close(), ftp?.close(), graph?.close()]);
  });

  const seedOrder = async (account: TestAccount): Promise<SeededOrder> =>
    (await seedDeliverableOrders(stack.db.url, { accountId: account.id, count: 1, pictures, namePrefix: `Auto ${++batch}` }))[0];
  const ftpIntegration = async (account: TestAccount, provider: string, folder: string, extra: object = {}): Promise<{ id: string; autoDeliver: boolean }> =>
    (
      await admin
        .post('/api/remote-integration')
        .send({ provider, isActive: true, userId: account.id, Username: FTP_USER, Password: FTP_PASSWORD, settings: { host: '127.0.0.1', port: ftp.port, path: `/${folder}` }, ...extra })
        .expect(201)
    ).body;
  const orderOf = async (id: string): Promise<OrderView> => (await admin.get(`/api/orders/${id}`).expect(200)).body as OrderView;
  const deliveriesOf = async (id: string): Promise<OrderDeliveryView[]> => (await admin.get(`/api/orders/${id}/deliveries`).expect(200)).body as OrderDeliveryView[];
  const filesIn = (folder: string): string[] => (existsSync(join(ftp.root, folder)) ? readdirSync(join(ftp.root, folder)).sort() : []);
  const completed = (id: string) =>
    waitFor(async () => (await orderOf(id)).status === 'Completed', `order ${id} Completed`, 60_000, 200);
  /** the order as QA leaves it: in QA, then approved by the admin (Ready to download, the status event the delivery service hears) */
  const approve = async (orderId: string): Promise<void> => {
    await stack.db.query(`UPDATE orders.orders SET status = 'QA stage', qa_status = 'Waiting For QA' WHERE id = $1`, [orderId]);
    const ready = await admin.put(`/api/orders/${orderId}`).send({ status: 'Ready to download' }).expect(200);
    expect(ready.body).toMatchObject({ status: 'Ready to download', QAstatus: 'Approved' });
  };
  const expectFiles = (folder: string, order: SeededOrder): void => {
    expect(filesIn(folder)).toEqual(order.pictures.map((_, i) => `${order.orderName}-${i + 1}.jpg`).sort());
    order.pictures.forEach((p, i) => expect(sha256(readFileSync(join(ftp.root, folder, `${order.orderName}-${i + 1}.jpg`)))).toBe(p.sha256));
  };

  describe('a dealership delivering its own orders', () => {
    it('delivers its finished order to its own integration with READ_USER_INTEGRATIONS, and sees it delivered', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['READ_ORDERS', 'READ_USER_INTEGRATIONS'] });
      const asDealer = await signIn(stack, dealer.email);
      const integration = await ftpIntegration(dealer, 'GENERIC_FTP', 'dealer-own');
      const order = await seedOrder(dealer);

      const offered = await asDealer.get(`/api/orders/${order.id}/delivery-integrations`).expect(200);
      expect((offered.body as Array<{ id: string }>).map((i) => i.id)).toEqual([integration.id]);
      const queued = await asDealer.post(`/api/orders/enqueue-order-delivery-by-id/${order.id}`).send({ selectedIntegrations: [{ id: integration.id }] }).expect(200);
      expect((queued.body as DeliveryMessageView[]).map((m) => m.integration.id)).toEqual([integration.id]);

      await completed(order.id);
      expectFiles('dealer-own', order);
      const deliveries = (await asDealer.get(`/api/orders/${order.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
      expect(deliveries.map((d) => [d.integration.id, d.state, d.receipts.length])).toEqual([[integration.id, 'delivered', 1]]);
    });

    it("never reaches another tenant's order or integration", async () => {
      const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['READ_USER_INTEGRATIONS'] });
      const other = await createAccount(stack, { role: 'Dealership', permissions: ['READ_USER_INTEGRATIONS'] });
      const asDealer = await signIn(stack, dealer.email);
      const own = await ftpIntegration(dealer, 'GENERIC_FTP', 'tenant-own');
      const theirs = await ftpIntegration(other, 'GENERIC_FTP', 'tenant-other');
      const ownOrder = await seedOrder(dealer);
      const theirOrder = await seedOrder(other);

      const foreignOrder = await asDealer.post(`/api/orders/enqueue-order-delivery-by-id/${theirOrder.id}`).send({ selectedIntegrations: [{ id: own.id }] }).expect(404);
      expect(foreignOrder.body.message).toBe('Order not found');
      const foreignIntegration = await asDealer
        .post(`/api/orders/enqueue-order-delivery-by-id/${ownOrder.id}`)
        .send({ selectedIntegrations: [{ id: theirs.id }] })
        .expect(404);
      expect(foreignIntegration.body.message).toBe('Integration not found');
      await asDealer.post(`/api/orders/enqueue-order-delivery-by-id/${theirOrder.id}`).send({ selectedIntegrations: [{ id: theirs.id }] }).expect(404);
      await asDealer.get(`/api/orders/${theirOrder.id}/delivery-integrations`).expect(404);

      // nothing was queued anywhere
      expect(await deliveriesOf(ownOrder.id)).toEqual([]);
      expect(await deliveriesOf(theirOrder.id)).toEqual([]);
      expect(filesIn('tenant-other')).toEqual([]);
    });

    it('refuses a dealership without the permission, and management, with 403', async () => {
      const plain = await createAccount(stack, { role: 'Dealership', permissions: ['READ_ORDERS', 'UPDATE_ORDERS'] });
      const manager = await createAccount(stack, { role: 'Management', permissions: ['READ_USER_INTEGRATIONS'], children: [plain.id] });
      const integration = await ftpIntegration(plain, 'GENERIC_FTP', 'no-permission');
      const order = await seedOrder(plain);
      for (const who of [plain, manager]) {
        const session = await signIn(stack, who.email);
        const denied = await session.post(`/api/orders/enqueue-order-delivery-by-id/${order.id}`).send({ selectedIntegrations: [{ id: integration.id }] }).expect(403);
        expect(denied.body.message).toEqual(expect.any(String));
        await session.get(`/api/orders/${order.id}/delivery-integrations`).expect(403);
      }
      const asPlain = await signIn(stack, plain.email);
      const denied = await asPlain.post(`/api/orders/enqueue-order-delivery-by-id/${order.id}`).send({ selectedIntegrations: [{ id: integration.id }] }).expect(403);
      expect(denied.body.message).toBe('Missing permission READ_USER_INTEGRATIONS');
      expect(await deliveriesOf(order.id)).toEqual([]);
    });
  });

  describe('automatic delivery', () => {
    it('is off by default and switched on per integration', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      const integration = await ftpIntegration(dealer, 'GENERIC_FTP', 'switch');
      expect(integration.autoDeliver).toBe(false);
      const on = await admin.put(`/api/remote-integration/${integration.id}`).send({ autoDeliver: true }).expect(200);
      expect(on.body.autoDeliver).toBe(true);
      const listed = await admin.get(`/api/remote-integration/user/${dealer.id}`).expect(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: integration.id, autoDeliver: true })]);
      const bad = await admin.put(`/api/remote-integration/${integration.id}`).send({ autoDeliver: 'yes' }).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain('autoDeliver');
    });

    it('delivers an order that becomes Ready to download to the integration whose switch is on, not to the one whose switch is off', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      const on = await ftpIntegration(dealer, 'GENERIC_FTP', 'auto-on', { autoDeliver: true });
      const off = await ftpIntegration(dealer, 'DEALER_FTP', 'auto-off');
      expect([on.autoDeliver, off.autoDeliver]).toEqual([true, false]);
      const order = await seedOrder(dealer);

      await approve(order.id);
      await completed(order.id);
      expectFiles('auto-on', order);
      expect(filesIn('auto-off')).toEqual([]);
      const deliveries = await deliveriesOf(order.id);
      expect(deliveries.map((d) => [d.integration.id, d.state, d.receipts.length])).toEqual([[on.id, 'delivered', 1]]);
      const lines = (await admin.get(`/api/events/order/${order.id}`).expect(200)).body.items as OrderEventView[];
      const queuedLine = lines.find((e) => e.eventName === 'DELIVERY_QUEUED');
      expect(queuedLine?.payload).toMatchObject({ automatic: true, integrations: [{ id: on.id }] });
    });

    it('does nothing for an account whose integrations all have the switch off', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      const off = await ftpIntegration(dealer, 'GENERIC_FTP', 'all-off');
      const order = await seedOrder(dealer);
      // a second account with the switch on, approved after: once its order is delivered, the first event was handled too
      const witness = await createAccount(stack, { role: 'Dealership' });
      await ftpIntegration(witness, 'GENERIC_FTP', 'witness', { autoDeliver: true });
      const witnessOrder = await seedOrder(witness);

      await approve(order.id);
      await approve(witnessOrder.id);
      await completed(witnessOrder.id);
      expect(await deliveriesOf(order.id)).toEqual([]);
      expect((await orderOf(order.id)).status).toBe('Ready to download');
      expect(filesIn('all-off')).toEqual([]);
      expect(off.autoDeliver).toBe(false);
    });

    it('queues each order and integration once: a repeated status event queues nothing more', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      const on = await ftpIntegration(dealer, 'GENERIC_FTP', 'once', { autoDeliver: true });
      const order = await seedOrder(dealer);
      await approve(order.id);
      await completed(order.id);

      // the handler again, as a redelivered event would run it: nothing new
      const queue = stack.services.delivery!.get(DeliveryQueueService);
      const again = await stack.services.delivery!.get(DataSource).transaction((m) => queue.autoEnqueue(m, order.id, 'again'));
      expect(again).toEqual([]);
      // and the order approved once more by the admin: the status event comes again
      await approve(order.id);
      const witness = await createAccount(stack, { role: 'Dealership' });
      await ftpIntegration(witness, 'GENERIC_FTP', 'once-witness', { autoDeliver: true });
      const witnessOrder = await seedOrder(witness);
      await approve(witnessOrder.id);
      await completed(witnessOrder.id);

      const deliveries = await deliveriesOf(order.id);
      expect(deliveries.map((d) => [d.integration.id, d.state, d.receipts.length])).toEqual([[on.id, 'delivered', 1]]);
      expect(filesIn('once')).toEqual(order.pictures.map((_, i) => `${order.orderName}-${i + 1}.jpg`).sort());
    });

    it('delivers to a SharePoint library through Microsoft Graph, and the test connection reaches it', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      const created = await admin
        .post('/api/remote-integration')
        .send({
          provider: 'SHAREPOINT',
          isActive: true,
          autoDeliver: true,
          userId: dealer.id,
          Username: FAKE_GRAPH.clientId,
          Password: FAKE_GRAPH.clientSecret,
          settings: { tenantId: FAKE_GRAPH.tenant, driveId: FAKE_GRAPH.drive, path: '/Cars/Delivered' },
        })
        .expect(201);
      const tested = await admin.post(`/api/remote-integration/${created.body.id}/test-connection`).expect(200);
      expect(tested.body).toEqual({ ok: true, message: expect.stringContaining('Reached the library Documents') });
      const order = await seedOrder(dealer);

      await approve(order.id);
      await completed(order.id);
      order.pictures.forEach((p, i) => expect(sha256(graph.files.get(`Cars/Delivered/${order.orderName}-${i + 1}.jpg`)!)).toBe(p.sha256));
      const deliveries = await deliveriesOf(order.id);
      expect(deliveries.map((d) => [d.integration.id, d.state, d.receipts.length])).toEqual([[created.body.id, 'delivered', 1]]);
      expect(deliveries[0].receipts[0].files.map((f) => f.name)).toEqual(order.pictures.map((_, i) => `${order.orderName}-${i + 1}.jpg`));
    });

    it('refuses SharePoint settings that are not a tenant and a drive, with the reason', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      const bad = await admin
        .post('/api/remote-integration')
        .send({ provider: 'SHAREPOINT', isActive: true, userId: dealer.id, settings: { tenantId: 'contoso/../evil', driveId: FAKE_GRAPH.drive } })
        .expect(400);
      expect(JSON.stringify(bad.body.message)).toContain('tenantId must be the directory (tenant) ID or its domain');
    });

    it('delivers an order approved while the delivery service was down, once it is back', async () => {
      const dealer = await createAccount(stack, { role: 'Dealership' });
      await ftpIntegration(dealer, 'GENERIC_FTP', 'restart', { autoDeliver: true });
      const order = await seedOrder(dealer);
      await stack.stopService('delivery');
      try {
        await approve(order.id);
      } finally {
        await stack.startService('delivery');
      }
      await completed(order.id);
      expectFiles('restart', order);
      expect((await deliveriesOf(order.id)).map((d) => d.receipts.length)).toEqual([1]);
    });
  });
});

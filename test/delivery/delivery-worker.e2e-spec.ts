import type { DeliveryMessageView, OrderDeliveryView, OrderEventView, OrderView } from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { startService } from '@app/service-kit';
import { testInfra, waitFor } from '@app/testing';
import { Global, Module, type INestMicroservice } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliveryApp } from '../../services/delivery/src/delivery.app';
import { DeliveryConfig } from '../../services/delivery/src/delivery.config';
import {
  DeliveryFailure,
  ORDER_DELIVERER,
  type DeliveryAttempt,
  type DeliveryReceipt,
  type OrderDeliverer,
} from '../../services/delivery/src/delivering/order-deliverer';
import { DeliveringModule } from '../../services/delivery/src/delivering/delivering.module';
import { createAccount, createOrder, SERVICE_APPS, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

const IMAGE = '0b8f2d52-52a3-4c1e-9b51-6a0f3c1f2a10';

/**
 * A deliverer that writes each order into a folder on this machine (one file per message,
 * named after it, so a message delivered again overwrites its file), and fails as told per
 * integration: the worker is tested against a real destination and the seam's contract.
 */
class FolderDeliverer implements OrderDeliverer {
  readonly types = ['FTP', 'BLOB', 'API', 'REMOTE_INTEGRATION'] as const;
  /** integration id → how it fails: `retry` n times, or `refuse` for good */
  readonly plans = new Map<string, { retry?: number; refuse?: string }>();
  readonly calls: Array<DeliveryAttempt & { at: number }> = [];
  private readonly inFlight = new Set<string>();
  /** a message delivered by two workers at once */
  readonly overlaps: string[] = [];

  constructor(readonly dir: string) {}

  async deliver(attempt: DeliveryAttempt): Promise<DeliveryReceipt> {
    this.calls.push({ ...attempt, at: Date.now() });
    if (this.inFlight.has(attempt.messageId)) this.overlaps.push(attempt.messageId);
    this.inFlight.add(attempt.messageId);
    try {
      await new Promise((r) => setTimeout(r, 30));
      const plan = this.plans.get(attempt.integrationId) ?? {};
      if (plan.refuse) throw new DeliveryFailure(plan.refuse, false);
      if (plan.retry && plan.retry > 0) {
        plan.retry--;
        throw new DeliveryFailure('421 Too many connections', true);
      }
      const name = `${attempt.messageId}.txt`;
      const body = `order ${attempt.orderId}, attempt ${attempt.attempt}\n`;
      writeFileSync(join(this.dir, name), body);
      return {
        destination: `file://${this.dir}`,
        files: [{ name, location: join(this.dir, name), bytes: Buffer.byteLength(body), sha256: createHash('sha256').update(body).digest('hex'), imageId: IMAGE, position: 1 }],
        answer: '226 Transfer complete',
        finishedAt: new Date().toISOString(),
      };
    } finally {
      this.inFlight.delete(attempt.messageId);
    }
  }

  async testConnection(): Promise<{ ok: boolean; message: string }> {
    return { ok: true, message: 'the folder is there' };
  }
}

/**
 * The delivery worker with a bound deliverer, in two replicas of the delivery service: push
 * messages are delivered once each (receipt, Completed, the timeline), retried with backoff
 * and failed after the last attempt, or failed at once when the failure cannot pass.
 */
describe('delivery worker', () => {
  let stack: TestStack;
  let admin: UserSession;
  let dealer: TestAccount;
  let dir: string;
  let deliverer: FolderDeliverer;
  const replicas: INestMicroservice[] = [];

  const order = async (id: string): Promise<OrderView> => (await admin.get(`/api/orders/${id}`).expect(200)).body as OrderView;
  const timeline = async (id: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${id}`).expect(200)).body.items;
  const integration = async (provider: string): Promise<string> =>
    (await admin.post('/api/remote-integration').send({ provider, isActive: true, userId: dealer.id }).expect(201)).body.id;
  const enqueue = async (orderId: string, ...ids: string[]): Promise<DeliveryMessageView[]> =>
    (await admin.post(`/api/orders/enqueue-order-delivery-by-id/${orderId}`).send({ selectedIntegrations: ids.map((id) => ({ id })) }).expect(200)).body;
  const readyOrder = () => createOrder(stack, { accountId: dealer.id, status: 'Ready to download', QAstatus: 'Approved' });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'delivery-folder-'));
    deliverer = new FolderDeliverer(dir);
    const env = {
      DELIVERY_POLL_MS: '100',
      DELIVERY_BATCH_SIZE: '3',
      DELIVERY_MAX_ATTEMPTS: '3',
      DELIVERY_RETRY_DELAY_MS: '200',
      DELIVERY_RETRY_MAX_DELAY_MS: '400',
    };
    // every service but delivery from the harness; delivery twice, with the folder deliverer bound
    stack = await startTestStack({ label: 'delivery-worker', services: ['users', 'style-guides', 'orders', 'images'], env });
    @Global()
    // in place of the product's deliverers (FTP, blob, API), which test/delivery/deliverers.e2e-spec.ts runs against real servers
    @Global()
    @Module({ providers: [{ provide: ORDER_DELIVERER, useValue: deliverer }], exports: [ORDER_DELIVERER] })
    class FolderDelivererModule {}
    const app = { ...deliveryApp, modules: (c: DeliveryConfig) => [...deliveryApp.modules(c).filter((m) => m !== DeliveringModule), FolderDelivererModule] };
    const config = loadConfig(SERVICE_APPS.delivery.configClass, stack.env) as DeliveryConfig;
    for (let i = 0; i < 2; i++) replicas.push(await startService(app, config, { gracePeriodMs: 0, logger: createLogger('delivery', testInfra.logLevel) }));
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    dealer = await createAccount(stack, { role: 'Dealership' });
  }, 120_000);

  afterAll(async () => {
    for (const r of replicas) await r.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers each message once across two replicas, with a receipt on the order and the order Completed', async () => {
    const ftp = await integration('GENERIC_FTP');
    const blob = await integration('AZURE_BLOB');
    const orders = await Promise.all(Array.from({ length: 6 }, () => readyOrder()));
    const messages = (await Promise.all(orders.map((o) => enqueue(o.id, ftp, blob)))).flat();
    expect(messages).toHaveLength(12);
    for (const o of orders) await waitFor(async () => (await order(o.id)).status === 'Completed', `order ${o.orderName} Completed`, 30_000, 200);

    // each message delivered once, never by two workers at the same time, its file at the destination
    expect(deliverer.overlaps).toEqual([]);
    const delivered = messages.map((m) => deliverer.calls.filter((c) => c.messageId === m.id).length);
    expect(delivered).toEqual(messages.map(() => 1));
    expect(readdirSync(dir).sort()).toEqual(messages.map((m) => `${m.id}.txt`).sort());

    const first = orders[0]!;
    expect((await order(first.id)).delivery).toMatchObject({ queued: 0, delivered: 2, failed: 0, lastError: null });
    expect((await order(first.id)).delivery?.destinations.map((d) => [d.provider, d.state])).toEqual([
      ['AZURE_BLOB', 'delivered'],
      ['GENERIC_FTP', 'delivered'],
    ]);
    const deliveries = (await admin.get(`/api/orders/${first.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
    // queued in one transaction: the same queued time
    deliveries.sort((a, b) => a.integration.provider.localeCompare(b.integration.provider));
    expect(deliveries.map((d) => [d.integration.provider, d.state, d.attempts, d.receipts.length])).toEqual([
      ['AZURE_BLOB', 'delivered', 1, 1],
      ['GENERIC_FTP', 'delivered', 1, 1],
    ]);
    const receipt = deliveries[0]!.receipts[0]!;
    expect(receipt).toMatchObject({ destination: `file://${dir}`, answer: '226 Transfer complete', deliveredBy: 'worker' });
    expect(receipt.files).toEqual([expect.objectContaining({ name: `${deliveries[0]!.id}.txt`, imageId: IMAGE, position: 1 })]);
    expect(readFileSync(receipt.files[0]!.location, 'utf8')).toBe(`order ${first.id}, attempt 1\n`);
    const lines = (await timeline(first.id)).filter((e) => e.eventName === 'DELIVERED');
    expect(lines.map((e) => e.payload.provider).sort()).toEqual(['AZURE_BLOB', 'GENERIC_FTP']);
  }, 60_000);

  it('retries a failure that may pass with a backoff, and fails for good after the last attempt; the order shows it, back to Ready to download', async () => {
    const flaky = await integration('DEALER_FTP');
    const down = await integration('PORTAL_FTP');
    deliverer.plans.set(flaky, { retry: 2 });
    deliverer.plans.set(down, { retry: 100 });
    const o = await readyOrder();
    const [m1, m2] = await enqueue(o.id, flaky, down);
    await waitFor(async () => (await order(o.id)).delivery?.failed === 1 && (await order(o.id)).delivery?.delivered === 1, 'one delivered, one failed', 30_000, 200);
    const deliveries = (await admin.get(`/api/orders/${o.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
    const byId = new Map(deliveries.map((d) => [d.id, d]));
    // the third try got through
    expect(byId.get(m1!.id)).toMatchObject({ state: 'delivered', attempts: 3, lastError: null });
    expect(deliverer.calls.filter((c) => c.messageId === m1!.id).map((c) => c.attempt)).toEqual([1, 2, 3]);
    // three tries, then failed, in sight with its error
    expect(byId.get(m2!.id)).toMatchObject({ state: 'failed', attempts: 3, lastError: '421 Too many connections', visible: true });
    // nothing pends any more and one destination failed: back to Ready to download
    await waitFor(async () => (await order(o.id)).status === 'Ready to download', 'the order back to Ready to download', 30_000, 200);
    const shown = await order(o.id);
    expect(shown.delivery).toMatchObject({ queued: 0, delivered: 1, failed: 1, lastError: '421 Too many connections' });
    await waitFor(async () => (await timeline(o.id)).filter((e) => e.eventName === 'DELIVERY_FAILED').length === 5, 'five failure lines');
    const failures = (await timeline(o.id)).filter((e): e is OrderEventView<'DELIVERY_FAILED'> => e.eventName === 'DELIVERY_FAILED' && e.payload.provider === 'PORTAL_FTP');
    expect(failures.map((e) => e.payload.final)).toEqual([true, false, false]);
    // the retries waited their backoff: 200 ms, then 400 ms (the cap)
    const tries = deliverer.calls.filter((c) => c.messageId === m2!.id);
    expect(tries).toHaveLength(3);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(180);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(380);

    // the destination is back: made visible, it is delivered and the order completes
    deliverer.plans.delete(down);
    await admin.put(`/api/order-delivery-messages/set-visible/${m2!.id}`).expect(200);
    await waitFor(async () => (await order(o.id)).status === 'Completed', 'the order Completed', 30_000, 200);
    expect(existsSync(join(dir, `${m2!.id}.txt`))).toBe(true);
  }, 60_000);

  it('fails at once when the failure cannot pass; the order is back to Ready to download', async () => {
    const refused = await integration('FTPS');
    deliverer.plans.set(refused, { refuse: '530 Login incorrect' });
    const o = await readyOrder();
    const [m] = await enqueue(o.id, refused);
    await waitFor(async () => (await order(o.id)).delivery?.failed === 1, 'the failure on the order', 30_000, 200);
    expect(deliverer.calls.filter((c) => c.messageId === m!.id)).toHaveLength(1);
    const [d] = (await admin.get(`/api/orders/${o.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
    expect(d).toMatchObject({ state: 'failed', attempts: 1, lastError: '530 Login incorrect' });
    await waitFor(async () => (await order(o.id)).status === 'Ready to download', 'the order back to Ready to download', 30_000, 200);
    expect((await order(o.id)).delivery?.destinations).toEqual([expect.objectContaining({ messageId: m!.id, state: 'failed', lastError: '530 Login incorrect' })]);
  }, 60_000);
});

import { ImagesRpc, OrdersRpc, schemaOf, type ServiceName } from '@app/contracts';
import { OPS_SERVER, readSample, type OpsServer } from '@app/ops';
import { testJpeg, waitFor } from '@app/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  createDealership,
  createOrder,
  createStyleGuide,
  postOrderImage,
  signedInAs,
  uploadOrderImage,
  useTestStack,
  type UserSession,
} from '../support';

type Labels = Record<string, string>;
const sample = readSample;

/**
 * `/metrics` of the gateway and the services, scraped over their operations ports as
 * Prometheus does, while a dealer uploads one good and one bad picture: the series ops read
 * move where the thing happened, labelled by route template and subject, never by id.
 */
describe('metrics: /metrics of every process while a dealer uploads', () => {
  jest.setTimeout(180_000);
  const stack = useTestStack({ label: 'metrics', services: ['users', 'style-guides', 'orders', 'images', 'pipeline', 'delivery'] });
  let dealer: UserSession;
  let salesPersonId: string;
  let guideId: string;
  const ports: Partial<Record<ServiceName | 'gateway', number>> = {};
  const servers: OpsServer[] = [];

  const scrape = async (process: ServiceName | 'gateway'): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${ports[process]}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    const apps: Array<[ServiceName | 'gateway', INestApplicationContext]> = [
      ['gateway', stack.gateway],
      ...(['users', 'orders', 'images', 'pipeline', 'delivery'] as const).map((n) => [n, stack.services[n]!] as [ServiceName, INestApplicationContext]),
    ];
    for (const [name, app] of apps) {
      const ops = app.get<OpsServer>(OPS_SERVER);
      servers.push(ops);
      ports[name] = await ops.listen(0, '127.0.0.1');
    }
    const admin = await signedInAs(stack, { role: 'Admin' });
    const dealership = await createDealership(stack);
    ({ session: dealer, salesPersonId } = dealership);
    guideId = (await createStyleGuide(admin, { assignTo: [dealership.account.id], positions: 2, route: 'bypass' })).id;
  });

  afterAll(async () => {
    for (const ops of servers) await ops.close();
  });

  it('counts requests by route template and status class, an upload check by outcome and reason, and the NATS hops by subject', async () => {
    const [gatewayBefore, imagesBefore] = [await scrape('gateway'), await scrape('images')];
    const completeRoute = { process: 'gateway', method: 'POST', route: '/api/images/upload-complete' };
    expect(sample(gatewayBefore, 'dealer_http_request_duration_seconds_count', completeRoute)).toBeUndefined();

    const order = await createOrder(dealer, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 2 });
    const other = await createOrder(dealer, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 2 });
    await uploadOrderImage(dealer, order.id, 1, await testJpeg(800, 600));
    const bad = await postOrderImage(dealer, order.id, 2, Buffer.from('<html>not a photo</html>'));
    const refused = await dealer.post('/api/images/upload-complete').send({ imageId: bad.imageId });
    expect([refused.status, refused.body]).toEqual([400, { statusCode: 400, message: 'The file is not a JPEG, PNG or WebP image' }]);
    for (const id of [order.id, other.id]) await dealer.get(`/api/orders/${id}`).expect(200);
    await dealer.get(`/api/orders/${randomUUID()}`).expect(404);
    await dealer.get('/api/no-such-route/42').expect(404);

    const gateway = await scrape('gateway');
    // the route template, once per status class, whatever the ids
    expect(sample(gateway, 'dealer_http_request_duration_seconds_count', { ...completeRoute, status_class: '2xx' })).toBe(1);
    expect(sample(gateway, 'dealer_http_request_duration_seconds_count', { ...completeRoute, status_class: '4xx' })).toBe(1);
    expect(sample(gateway, 'dealer_http_request_duration_seconds_count', { method: 'GET', route: '/api/orders/:id', status_class: '2xx' })).toBe(2);
    expect(sample(gateway, 'dealer_http_request_duration_seconds_count', { method: 'GET', route: '/api/orders/:id', status_class: '4xx' })).toBe(1);
    expect(sample(gateway, 'dealer_http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status_class: '4xx' })).toBe(1);
    for (const id of [order.id, other.id, bad.imageId]) expect(gateway).not.toContain(id);
    expect(gateway).not.toContain('no-such-route');
    // the gateway's NATS requests, timed by subject and outcome
    const rpc = (subject: string, outcome: string) =>
      sample(gateway, 'dealer_rpc_client_duration_seconds_count', { process: 'gateway', subject, outcome }) ?? 0;
    expect(rpc(ImagesRpc.uploadComplete.subject, 'ok')).toBe(1);
    expect(rpc(ImagesRpc.uploadComplete.subject, '4xx')).toBe(1);
    expect(rpc(OrdersRpc.get.subject, 'ok')).toBe(2);
    expect(sample(gateway, 'dealer_rpc_client_duration_seconds_bucket', { subject: ImagesRpc.uploadComplete.subject, le: '+Inf' })).toBe(2);

    const images = await scrape('images');
    const checks = (labels: Labels) => (sample(images, 'dealer_upload_checks_total', { process: 'images', kind: 'picture', ...labels }) ?? 0);
    const before = (labels: Labels) => (sample(imagesBefore, 'dealer_upload_checks_total', { kind: 'picture', ...labels }) ?? 0);
    expect(checks({ outcome: 'accepted', reason: 'none' }) - before({ outcome: 'accepted', reason: 'none' })).toBe(1);
    expect(checks({ outcome: 'refused', reason: 'wrong-type' }) - before({ outcome: 'refused', reason: 'wrong-type' })).toBe(1);
    // the images service's side of the same requests
    expect(sample(images, 'dealer_rpc_handled_total', { subject: ImagesRpc.uploadComplete.subject, outcome: '4xx' })).toBe(1);
    expect(sample(images, 'dealer_rpc_handled_total', { subject: ImagesRpc.uploadComplete.subject, outcome: 'ok' })).toBe(1);
    // default process metrics, each process under its own name
    expect(sample(images, 'process_resident_memory_bytes', { process: 'images' })).toBeGreaterThan(0);
    expect(sample(images, 'process_resident_memory_bytes', { process: 'gateway' })).toBeUndefined();
  });

  it('times the pipeline job of the accepted picture per step and reports the lanes of its consumers', async () => {
    const processed = await waitFor(
      async () => {
        const text = await scrape('pipeline');
        return (sample(text, 'dealer_pipeline_jobs_total', { route: 'bypass', outcome: 'processed' }) ?? 0) >= 1 ? text : null;
      },
      'the pipeline to count a processed job',
      120_000,
      250,
    );
    expect(sample(processed, 'dealer_pipeline_jobs_total', { process: 'pipeline', route: 'bypass', lane: 'live', outcome: 'processed' })).toBe(1);
    for (const step of ['read', 'decode', 'encode', 'thumbnail', 'store']) {
      expect([step, sample(processed, 'dealer_pipeline_step_duration_seconds_count', { step, route: 'bypass', lane: 'live' })]).toEqual([step, 1]);
    }
    for (const durable of ['pipeline-live', 'pipeline-bulk']) {
      expect(sample(processed, 'dealer_jetstream_consumer_pending_messages', { stream: 'PIPELINE', durable })).toBe(0);
      expect(sample(processed, 'dealer_jetstream_consumer_redelivered_messages', { stream: 'PIPELINE', durable })).toBe(0);
    }
  });

  it('reads every gauge on scrape from the real tables and consumers, none failing', async () => {
    const delivery = await scrape('delivery');
    expect([sample(delivery, 'dealer_delivery_messages', { state: 'queued' }), sample(delivery, 'dealer_delivery_messages', { state: 'delivering' })]).toEqual([0, 0]);
    expect(sample(delivery, 'dealer_delivery_oldest_queued_age_seconds')).toBe(0);
    // the delivery service's event consumers, by their public durable names
    expect(sample(delivery, 'dealer_jetstream_consumer_pending_messages', { stream: 'EVENTS' })).toBeDefined();
    for (const process of ['gateway', 'users', 'orders', 'images', 'pipeline', 'delivery'] as const) {
      const text = await scrape(process);
      expect([process, sample(text, 'dealer_metrics_collect_errors_total')]).toEqual([process, undefined]);
      if (process !== 'gateway') expect([process, sample(text, 'dealer_outbox_unsent_messages', { process })]).toEqual([process, expect.any(Number)]);
    }
  });

  it("shows an outbox whose events cannot be published as a backlog with the oldest event's age, and its end", async () => {
    const initially = await scrape('orders');
    expect(sample(initially, 'dealer_outbox_unsent_messages', { process: 'orders' })).toBeDefined();
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    const id = randomUUID();
    try {
      // an event on a subject no stream takes: the relay cannot publish it and it waits, as when JetStream is away
      await db.query(
        `INSERT INTO "${schemaOf('orders')}".outbox (id, subject, payload, created_at) VALUES ($1, 'nostream.metrics-probe', '{}', now() - interval '90 seconds')`,
        [id],
      );
      const stuck = await waitFor(
        async () => {
          const text = await scrape('orders');
          // a scrape cached before the insert, or an event of the order just made, may show first
          return (sample(text, 'dealer_outbox_oldest_unsent_age_seconds', { process: 'orders' }) ?? 0) >= 90 ? text : null;
        },
        'the outbox backlog to show',
        20_000,
        250,
      );
      expect(sample(stuck, 'dealer_outbox_unsent_messages', { process: 'orders' })).toBeGreaterThanOrEqual(1);
      expect(sample(stuck, 'dealer_outbox_oldest_unsent_age_seconds', { process: 'orders' })).toBeLessThan(300);
    } finally {
      await db.query(`UPDATE "${schemaOf('orders')}".outbox SET sent_at = now() WHERE id = $1`, [id]);
      await db.end();
    }
    const drained = await waitFor(
      async () => {
        const text = await scrape('orders');
        return sample(text, 'dealer_outbox_unsent_messages', { process: 'orders' }) === 0 ? text : null;
      },
      'the outbox backlog to end',
      20_000,
      250,
    );
    expect(sample(drained, 'dealer_outbox_oldest_unsent_age_seconds', { process: 'orders' })).toBe(0);
  });
});

import { ORDERS_DURABLES, type ImageView, type OrderEventView, type OrderView } from '@app/contracts';
import { FAULT_POINTS_VARIABLE } from '@app/config';
import { testJpeg } from '@app/testing';
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createDealership, createFreeFormGuide, createOrder, signedInAs, uploadOrderImage, type UserSession } from '../support';
import { FaultStack, waitUntil, type OldInstance } from './fault-stack.harness';

/**
 * Graceful shutdown, with the processes from dist/: a rolling update starts a new instance
 * beside the old one and sends the old one SIGTERM while work goes on. The old one turns
 * not ready first, answers what it received, finishes (or hands back) its messages and jobs,
 * and exits in time; nobody using the product notices: no request fails, no picture is lost
 * or processed twice, no timeline line is doubled, nothing lands in the dead-letter stream.
 * The gateway, one per port here, is checked on its own: requests in flight finish, and new
 * connections are refused only after its readiness went 503.
 */
describe('faults: SIGTERM under load stops a process gracefully', () => {
  jest.setTimeout(180_000);
  let stack: FaultStack;
  let admin: UserSession;
  let dealer: UserSession;
  let salesPersonId: string;
  let styleGuide: string;
  let photo: Buffer;

  beforeAll(async () => {
    stack = await FaultStack.start();
    const dealership = await createDealership(stack);
    ({ session: dealer, salesPersonId } = dealership);
    admin = await signedInAs(stack, { role: 'Admin' });
    // bypass: the pipeline's quickest route, with nothing to upload for the guide; free-form positions
    styleGuide = await createFreeFormGuide(admin, { name: `Shutdown ${randomUUID().slice(0, 6)}`, assignTo: [dealership.account.id] });
    photo = await testJpeg(640, 480);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  afterEach(async () => {
    await stack.reset();
  });

  const newOrder = (pictures: number): Promise<OrderView> => createOrder(dealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: pictures });

  /** Every picture processed once, the counts and the timeline right, nothing parked. */
  async function expectOrderDone(orderId: string, pictures: number): Promise<void> {
    let last: OrderView | undefined;
    await waitUntil(
      async () => {
        last = (await dealer.get(`/api/orders/${orderId}`)).body as OrderView;
        return last.status === 'Ready to download' && last.processedImagesCount === pictures;
      },
      `order ${orderId} ready to download with ${pictures} pictures processed`,
      90_000,
      () => `the order last seen: ${JSON.stringify(last)}\n${stack.logsOf()}`,
    );
    expect(last).toMatchObject({ imageCount: pictures, uploadedImagesCount: pictures, processedImagesCount: pictures, failedImagesCount: 0 });
    await stack.settled();
    const images = (await dealer.get(`/api/images/order/${orderId}`).expect(200)).body as ImageView[];
    expect(images.map((i) => i.optimisationStatus)).toEqual(Array(pictures).fill('completed'));
    // one job per picture, recorded once
    const jobs = await stack.db.query<{ image_id: string; status: string }>('SELECT image_id, status FROM pipeline.pipeline_job WHERE order_id = $1', [orderId]);
    expect(jobs.map((j) => j.status)).toEqual(Array(pictures).fill('processed'));
    expect(new Set(jobs.map((j) => j.image_id))).toEqual(new Set(images.map((i) => i.id)));
    const events = (await admin.get(`/api/events/order/${orderId}?isHidden=true`).expect(200)).body.items as OrderEventView[];
    const lines = events.map((e) => `${e.eventName} ${JSON.stringify(e.payload)}`);
    expect(lines).toEqual([...new Set(lines)]);
    expect(events.filter((e) => e.eventName === 'PROCESSING_COMPLETED')).toHaveLength(1);
    expect(await stack.deadLetters()).toEqual([]);
  }

  /** Polls an old instance's readiness until it has exited; what it answered, in order. */
  function watchReadiness(old: OldInstance, until: Promise<unknown>): Promise<Array<{ at: number; status: number; body: Record<string, unknown> }>> {
    const seen: Array<{ at: number; status: number; body: Record<string, unknown> }> = [];
    let over = false;
    void until.finally(() => (over = true));
    return (async () => {
      while (!over) {
        const r = await old.ops('/health/ready');
        if (r) seen.push({ at: Date.now(), ...r });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return seen;
    })();
  }

  it('the orders service replaced under a steady stream of requests and events: every request answered, every event applied once', async () => {
    // the old instance holds the first event it applies (committed, not yet acknowledged) past
    // its grace period of 3 s: it says "shutting down" for that long, hands the event back,
    // and the new instance, taking it again, must not apply it twice
    const durable = ORDERS_DURABLES.imageProgress;
    await stack.restart('orders', { [FAULT_POINTS_VARIABLE]: `consumer.${durable}.applied`, SHUTDOWN_GRACE_MS: '3000' });
    const held = stack.reachedFaultPoint('orders', `consumer.${durable}.applied`, 60_000);
    const order = await newOrder(4);
    await uploadOrderImage(dealer, order.id, 1, photo);
    await held;
    // the steady stream: four clients reading the order and the list without pause
    const answers: number[] = [];
    let loading = true;
    const client = async (path: string) => {
      while (loading) answers.push((await dealer.get(path)).status);
    };
    const load = Promise.all([`/api/orders/${order.id}`, `/api/orders/${order.id}`, '/api/orders/get-orders', '/api/orders/get-orders?page=2'].map(client));
    try {
      const old = await stack.startReplacement('orders');
      // events arrive while the old instance stops (its consumers are busy with them)
      const uploads = Promise.all([2, 3].map((p) => uploadOrderImage(dealer, order.id, p, photo)));
      const answeredBefore = answers.length;
      const stopping = old.terminate();
      const readiness = watchReadiness(old, stopping);
      const stopped = await stopping;
      await uploads;
      await uploadOrderImage(dealer, order.id, 4, photo);
      // it stopped by itself, in time, and said "shutting down" while it did
      expect(stopped).toMatchObject({ code: 0, signal: null });
      expect(stopped.ms).toBeLessThan(15_000);
      expect((await readiness).some((r) => r.status === 503 && r.body.status === 'shutting down')).toBe(true);
      expect(answers.length).toBeGreaterThan(answeredBefore);
    } finally {
      loading = false;
      await load;
    }
    // not one request failed: each was answered by one instance or the other
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    await expectOrderDone(order.id, 4);
  });

  it('a pipeline worker stopped mid-job: it finishes the job within the grace period, the new worker takes the rest, each picture processed once', async () => {
    // the old worker holds its first job 2.5 s after writing the outputs, inside the job's
    // transaction (under the 4 s ack wait of the fault stack, which would hand it over by itself)
    await stack.restartWithFaultPoints('pipeline', 'pipeline.outputs-written:2500');
    const reached = stack.reachedFaultPoint('pipeline', 'pipeline.outputs-written', 150_000);
    const old = await stack.startReplacement('pipeline');
    // the new worker is ready on every check of a pipeline worker
    expect(await stack.ops('pipeline', '/health/ready')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', nats: 'ok', consumers: 'ok', storage: 'ok', 'job-lanes': 'ok' } },
    });
    const order = await newOrder(6);
    await Promise.all([1, 2, 3, 4, 5, 6].map((p) => uploadOrderImage(dealer, order.id, p, photo)));
    const held = await reached;
    const stopping = old.terminate();
    const readiness = watchReadiness(old, stopping);
    const stopped = await stopping;
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect((await readiness).some((r) => r.status === 503 && r.body.status === 'shutting down')).toBe(true);
    // the job in hand was finished by the old worker on its first delivery, not handed over
    const [job] = await stack.db.query<{ attempt: number; worker: string }>('SELECT attempt, worker FROM pipeline.pipeline_job WHERE job_id = $1', [held.jobId]);
    expect(job.attempt).toBe(1);
    await expectOrderDone(order.id, 6);
  });

  it('a pipeline worker whose job outlasts the grace period hands it back: the new worker does it, once', async () => {
    // the job holds 30 s; the grace period is 2 s
    await stack.restart('pipeline', { [FAULT_POINTS_VARIABLE]: 'pipeline.outputs-written:30000', SHUTDOWN_GRACE_MS: '2000' });
    const reachedNow = stack.reachedFaultPoint('pipeline', 'pipeline.outputs-written', 150_000);
    const old = await stack.startReplacement('pipeline');
    const order = await newOrder(3);
    await Promise.all([1, 2, 3].map((p) => uploadOrderImage(dealer, order.id, p, photo)));
    const held = await reachedNow;
    const stopped = await old.terminate();
    // out within the grace period and the 5 s after it, though the job never ended there
    expect(stopped.ms).toBeLessThan(2000 + 5000 + 3000);
    await expectOrderDone(order.id, 3);
    // the new worker did it on the next delivery
    const [job] = await stack.db.query<{ attempt: number }>('SELECT attempt FROM pipeline.pipeline_job WHERE job_id = $1', [held.jobId]);
    expect(job.attempt).toBe(2);
  });

  it('the gateway under HTTP load: requests in flight finish, new connections are refused only after readiness went 503', async () => {
    const delayMs = 1500;
    await stack.restart('gateway', { SHUTDOWN_DELAY_MS: String(delayMs), SHUTDOWN_GRACE_MS: '8000' });
    const port = stack.gatewayPort;
    const results: Array<{ at: number; status?: number; error?: string }> = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        results.push({ at: Date.now(), ...(await oneRequest(port, 'GET', '/api/health/live')) });
        if (results.at(-1)?.error === 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all([client(), client(), client()]);
    const readiness: Array<{ at: number; status: number }> = [];
    // ready: it needs NATS only, not the services
    expect(await stack.ops('gateway', '/health/ready')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok' } } });
    try {
      await new Promise((r) => setTimeout(r, 500));
      // a request whose body arrives slowly, in flight across the stop
      const slow = oneRequest(port, 'POST', '/api/auth/login', { body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }), dribbleMs: delayMs + 2000 });
      await new Promise((r) => setTimeout(r, 200));
      const opsPort = stack.opsPortOf('gateway');
      const stopping = stack.terminate('gateway');
      let over = false;
      void stopping.finally(() => (over = true));
      const polling = (async () => {
        while (!over) {
          const r = await fetch(`http://127.0.0.1:${opsPort}/health/ready`).then(
            (res) => res.status,
            () => 0,
          );
          if (r) readiness.push({ at: Date.now(), status: r });
          await new Promise((res) => setTimeout(res, 25));
        }
      })();
      const stopped = await stopping;
      await polling;
      expect(stopped).toMatchObject({ code: 0, signal: null });
      // the slow request was answered (the login is refused: no such account), not cut
      const answered = await slow;
      expect(answered.error).toBeUndefined();
      expect(answered.status).toBeGreaterThanOrEqual(400);
      expect(answered.status).toBeLessThan(500);
    } finally {
      loading = false;
      await load;
    }
    // every answer a 200, never a 5xx
    expect(results.filter((r) => r.status !== undefined && r.status !== 200)).toEqual([]);
    const firstNotReady = readiness.find((r) => r.status === 503)?.at;
    const firstRefused = results.find((r) => r.error === 'ECONNREFUSED')?.at;
    expect(firstNotReady).toBeDefined();
    expect(firstRefused).toBeDefined();
    // a connection the kernel had completed but Node not yet accepted when the listener
    // closed is reset by the kernel (no server can answer it): only those, at that instant.
    // A load balancer that honours readiness sends none by then; no request that had
    // reached the gateway was cut.
    const cut = results.filter((r) => r.error !== undefined && r.error !== 'ECONNREFUSED');
    for (const r of cut) expect([r.error, Math.abs(r.at - firstRefused!) <= 100]).toEqual(['ECONNRESET', true]);
    // refused only after readiness said 503 and the delay passed; still served meanwhile
    expect(firstRefused! - firstNotReady!).toBeGreaterThanOrEqual(delayMs - 300);
    expect(results.some((r) => r.status === 200 && r.at > firstNotReady! + 200)).toBe(true);
  });

  it('readiness follows NATS: 503 naming nats while the server is away, in every process, liveness unaffected; 200 once it is back', async () => {
    const processes = ['orders', 'pipeline', 'gateway'] as const;
    for (const p of processes) expect((await stack.ops(p, '/health/ready'))?.status).toBe(200);
    await stack.stopNats();
    try {
      for (const p of processes) {
        const down = await waitUntil(
          async () => {
            const r = await stack.ops(p, '/health/ready');
            return r?.status === 503 ? r : null;
          },
          `${p} to say it is not ready`,
          20_000,
        );
        expect(down.body).toMatchObject({ status: 'not ready', failing: expect.arrayContaining(['nats']) });
        expect(down.body.failing).not.toContain('database');
        expect((await stack.ops(p, '/health/live'))?.status).toBe(200);
      }
    } finally {
      await stack.startNats();
    }
    for (const p of processes) {
      await waitUntil(async () => (await stack.ops(p, '/health/ready'))?.status === 200, `${p} ready again once NATS is back`, 30_000, () => stack.logsOf(p));
    }
  });
});

/**
 * One request on a connection of its own: the status, or the connection's error code. With
 * `dribbleMs` the body is sent a byte at a time over that long.
 */
function oneRequest(port: number, method: string, path: string, opts: { body?: string; dribbleMs?: number } = {}): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const body = Buffer.from(opts.body ?? '');
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: body.length ? { 'content-type': 'application/json', 'content-length': body.length } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    if (!body.length) {
      req.end();
      return;
    }
    const step = Math.max(1, Math.floor((opts.dribbleMs ?? 0) / body.length));
    let i = 0;
    const send = () => {
      if (i >= body.length) {
        req.end();
        return;
      }
      req.write(body.subarray(i, i + 1));
      i++;
      setTimeout(send, step);
    };
    send();
  });
}

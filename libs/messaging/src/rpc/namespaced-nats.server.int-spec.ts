import { createTestNamespace, testInfra } from '@app/testing';
import { ErrorCode, type NatsConnection } from 'nats';
import { decodeJson, encodeJson } from '../codec';
import { connectNats } from '../nats-connection';
import { NamespacedNatsServer } from './namespaced-nats.server';

/**
 * The stop of a service's request-reply side against a real NATS server: requests received
 * before the stop are answered, the server stops routing new ones to the instance (a caller
 * is told at once that no one answers, or the other replicas take them), and the stop does
 * not wait longer than the requests take.
 */
describe('NamespacedNatsServer: a graceful stop', () => {
  const ns = createTestNamespace('rpc-stop');
  let caller: NatsConnection;

  beforeAll(async () => {
    caller = await connectNats(testInfra.natsUrl, 'rpc-stop-caller');
  });

  afterAll(async () => {
    await caller?.close();
  });

  async function serve(gracePeriod: number, handlerMs: number): Promise<NamespacedNatsServer> {
    const server = new NamespacedNatsServer({ servers: testInfra.natsUrl, queue: 'slow', gracefulShutdown: true, gracePeriod }, ns.namespace);
    server.addHandler('slow.work', async (data: { n: number }) => {
      await new Promise((r) => setTimeout(r, handlerMs));
      return { done: data.n };
    }, false);
    await new Promise<void>((resolve, reject) => server.listen((err?: unknown) => (err ? reject(err) : resolve())));
    await server.unwrap<NatsConnection>().flush();
    return server;
  }

  const ask = async (n: number, timeout = 5000) => {
    const msg = await caller.request(ns.namespace.subject('slow.work'), encodeJson({ pattern: 'slow.work', id: `r${n}`, data: { n } }), { timeout });
    return decodeJson<{ response?: unknown; err?: unknown }>(msg.data);
  };

  it('answers the requests in flight, then no longer takes new ones, without waiting out the grace period', async () => {
    const server = await serve(10_000, 600);
    const inFlight = [ask(1), ask(2), ask(3)];
    await new Promise((r) => setTimeout(r, 150));
    expect(server.requestsInFlight).toBe(3);
    const started = Date.now();
    await server.close();
    // the stop took about as long as the requests, not the 10 s grace period
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await Promise.all(inFlight)).toEqual([1, 2, 3].map((n) => expect.objectContaining({ response: { done: n } })));
    // nobody subscribes any more: a new request is told at once
    await expect(ask(4)).rejects.toMatchObject({ code: ErrorCode.NoResponders });
  });

  it('closes after the grace period when a request takes longer', async () => {
    const server = await serve(300, 5_000);
    const slow = ask(5, 1500).then(
      () => 'answered',
      (err: { code?: string }) => err.code,
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    // the connection closed under it: its caller gets no answer from this instance and times out
    expect(await slow).toBe(ErrorCode.Timeout);
  });
});

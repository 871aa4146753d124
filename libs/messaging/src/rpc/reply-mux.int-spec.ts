import { createTestNamespace, testInfra } from '@app/testing';
import { ErrorCode, type NatsConnection, type NatsError } from 'nats';
import { connectNats } from '../nats-connection';
import { ReplyMux } from './reply-mux';

/** Request-reply over one inbox, against a real NATS server. */
describe('ReplyMux: request-reply over one inbox subscription', () => {
  const ns = createTestNamespace('reply-mux');
  let caller: NatsConnection;
  let service: NatsConnection;
  const text = new TextEncoder();
  const read = new TextDecoder();

  beforeAll(async () => {
    [caller, service] = await Promise.all([connectNats(testInfra.natsUrl, 'reply-mux-caller'), connectNats(testInfra.natsUrl, 'reply-mux-service')]);
    // answers "<n> squared is <n*n>" after n milliseconds, so answers come back out of order
    service.subscribe(ns.namespace.subject('square'), {
      callback: (_err, msg) => {
        const n = Number(read.decode(msg.data));
        setTimeout(() => msg.respond(text.encode(`${n} squared is ${n * n}`)), n);
      },
    });
    await service.flush();
  });

  afterAll(async () => {
    await Promise.all([caller?.close(), service?.close()]);
  });

  it('gives each of many requests in flight its own answer, whatever order they come back in', async () => {
    const mux = new ReplyMux(caller);
    const ns_ = [40, 1, 25, 3, 30, 7, 12, 0, 19, 5];
    const answers = await Promise.all(ns_.map((n) => mux.request(ns.namespace.subject('square'), text.encode(String(n)), { timeout: 5000 })));
    expect(answers.map((m) => read.decode(m.data))).toEqual(ns_.map((n) => `${n} squared is ${n * n}`));
  });

  it('says at once that nobody listens on a subject', async () => {
    const mux = new ReplyMux(caller);
    const started = Date.now();
    const err = (await mux.request(ns.namespace.subject('nobody-here'), text.encode('1'), { timeout: 5000 }).catch((e: unknown) => e)) as NatsError;
    expect(err.code).toBe(ErrorCode.NoResponders);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up after the timeout, and an answer arriving later is dropped without harm', async () => {
    const mux = new ReplyMux(caller);
    const err = (await mux.request(ns.namespace.subject('square'), text.encode('300'), { timeout: 50 }).catch((e: unknown) => e)) as NatsError;
    expect(err.code).toBe(ErrorCode.Timeout);
    // the late answer (at 300 ms) reaches nobody; the next request still gets its own
    await new Promise((r) => setTimeout(r, 350));
    expect(read.decode((await mux.request(ns.namespace.subject('square'), text.encode('2'), { timeout: 5000 })).data)).toBe('2 squared is 4');
  });

  it('fails a request on a closed connection with the connection\'s error', async () => {
    const closed = await connectNats(testInfra.natsUrl, 'reply-mux-closed');
    const mux = new ReplyMux(closed);
    await closed.close();
    const err = (await mux.request(ns.namespace.subject('square'), text.encode('1'), { timeout: 5000 }).catch((e: unknown) => e)) as NatsError;
    expect(err.code).toBe(ErrorCode.ConnectionClosed);
  });

  it('fails the requests still waiting when the connection closes, without waiting out their timeout', async () => {
    const closing = await connectNats(testInfra.natsUrl, 'reply-mux-closing');
    const mux = new ReplyMux(closing);
    const waiting = mux.request(ns.namespace.subject('square'), text.encode('500'), { timeout: 30_000 }).catch((e: unknown) => e);
    await closing.flush();
    const started = Date.now();
    await closing.close();
    expect(((await waiting) as NatsError).code).toBe(ErrorCode.ConnectionClosed);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

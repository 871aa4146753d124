import { Namespace } from '@app/contracts';
import { createLogger } from '@app/logging';
import { headers as natsHeaders, type JsMsg, type MsgHdrs, type NatsConnection } from 'nats';
import { backoff, MESSAGE_RETRY } from '../life/backoff';
import { afterFailedDelivery, DurableSubscription } from './durable-consumer';

describe('afterFailedDelivery: a message whose handling failed', () => {
  it('is offered again before its last allowed delivery, and goes to the dead-letter stream on it', () => {
    expect(afterFailedDelivery(1, 5)).toEqual({ retryInMs: 400 });
    expect(afterFailedDelivery(4, 5)).toEqual({ retryInMs: 3200 });
    expect(afterFailedDelivery(5, 5)).toBe('dead-letter');
    expect(afterFailedDelivery(6, 5)).toBe('dead-letter');
  });

  it('with one delivery allowed, goes to the dead-letter stream at once', () => {
    expect(afterFailedDelivery(1, 1)).toBe('dead-letter');
  });

  it('waits as long as the consumer says, when it says', () => {
    expect(afterFailedDelivery(2, 5, { baseMs: 1000, maxMs: 60_000 })).toEqual({ retryInMs: 2000 });
  });
});

describe('backoff with MESSAGE_RETRY: the wait before a failed message comes again', () => {
  const wait = (delivery: number) => backoff(delivery, MESSAGE_RETRY);
  it('doubles from 400 ms at the first delivery and stops growing at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(wait)).toEqual([400, 800, 1600, 3200, 6400, 12_800, 25_600]);
    expect(wait(8)).toBe(30_000);
    expect(wait(30)).toBe(30_000);
    expect(wait(1000)).toBe(30_000);
  });
});

/** a subscription on a NATS connection that records what is published and what the server is asked */
function subscription(opts: { consumerExists?: boolean | Error; maxDeliver?: number } = {}) {
  const published: Array<{ subject: string; data: Uint8Array; headers: MsgHdrs; msgID: string }> = [];
  const server: Array<{ call: string; stream: string; config: Record<string, unknown> }> = [];
  const nc = {
    jetstream: () => ({
      publish: async (subject: string, data: Uint8Array, o: { headers: MsgHdrs; msgID: string }) => {
        published.push({ subject, data, headers: o.headers, msgID: o.msgID });
      },
    }),
    jetstreamManager: async () => ({
      consumers: {
        info: async () => {
          if (opts.consumerExists instanceof Error) throw opts.consumerExists;
          if (!opts.consumerExists) throw Object.assign(new Error('consumer not found'), { code: '404' });
          return {};
        },
        update: async (stream: string, _name: string, config: Record<string, unknown>) => server.push({ call: 'update', stream, config }),
        add: async (stream: string, config: Record<string, unknown>) => server.push({ call: 'add', stream, config }),
      },
    }),
  } as unknown as NatsConnection;
  const sub = new DurableSubscription({
    nc,
    namespace: new Namespace('run9'),
    logger: createLogger('test', 'silent'),
    stream: 'EVENTS',
    durable: 'images-order-deleted',
    filterSubject: 'evt.orders.order-deleted',
    maxDeliver: opts.maxDeliver,
  });
  return { sub, published, server };
}

function message(opts: { msgId?: string; delivery?: number } = {}): JsMsg {
  const h = natsHeaders();
  if (opts.msgId) h.set('Nats-Msg-Id', opts.msgId);
  h.set('x-request-id', 'req-31');
  return {
    subject: 'run9.evt.orders.order-deleted',
    data: new TextEncoder().encode('{"orderId":"o-1"}'),
    headers: h,
    seq: 77,
    info: { stream: 'run9_EVENTS', redeliveryCount: opts.delivery ?? 5 },
  } as unknown as JsMsg;
}

describe('DurableSubscription', () => {
  it('names a message by its Nats-Msg-Id (the outbox id), or by stream and sequence when it has none', () => {
    const { sub } = subscription();
    expect(sub.messageId(message({ msgId: 'evt-1' }))).toBe('evt-1');
    expect(sub.messageId(message())).toBe('run9_EVENTS:77');
  });

  it('copies a message to the dead-letter stream with why, where from and after how many deliveries', async () => {
    const { sub, published } = subscription();
    await sub.copyToDeadLetter(message({ msgId: 'evt-1', delivery: 5 }), 'Order o-1 has no images folder');
    expect(published).toHaveLength(1);
    const [copy] = published;
    expect(copy.subject).toBe('run9.dlq.images-order-deleted');
    expect(new TextDecoder().decode(copy.data)).toBe('{"orderId":"o-1"}');
    expect(copy.headers.get('x-dlq-reason')).toBe('Order o-1 has no images folder');
    expect(copy.headers.get('x-dlq-subject')).toBe('evt.orders.order-deleted');
    expect(copy.headers.get('x-dlq-consumer')).toBe('images-order-deleted');
    expect(copy.headers.get('x-dlq-message-id')).toBe('evt-1');
    expect(copy.headers.get('x-dlq-deliveries')).toBe('5');
    expect(copy.headers.get('x-request-id')).toBe('req-31');
  });

  it('stores one copy however often it is parked: the copy is deduplicated per consumer and message', async () => {
    const { sub, published } = subscription();
    await sub.copyToDeadLetter(message({ msgId: 'evt-1' }), 'first');
    await sub.copyToDeadLetter(message({ msgId: 'evt-1' }), 'again');
    expect(published.map((p) => p.msgID)).toEqual(['images-order-deleted:evt-1', 'images-order-deleted:evt-1']);
    expect(published[0].headers.has('Nats-Msg-Id')).toBe(false);
  });

  it('keeps the first 1000 characters of a long reason', async () => {
    const { sub, published } = subscription();
    await sub.copyToDeadLetter(message({ msgId: 'evt-1' }), 'x'.repeat(5000));
    expect(published[0].headers.get('x-dlq-reason')).toBe('x'.repeat(1000));
  });

  it('creates the consumer on the server, on the namespaced stream and subject, with 5 deliveries unless told', async () => {
    const { sub, server } = subscription();
    await sub.ensure();
    expect(server).toEqual([
      {
        call: 'add',
        stream: 'run9_EVENTS',
        config: expect.objectContaining({ durable_name: 'run9_images-order-deleted', filter_subject: 'run9.evt.orders.order-deleted', max_deliver: 5 }),
      },
    ]);
  });

  it('brings an existing consumer\'s settings up to date instead of creating it again', async () => {
    const { sub, server } = subscription({ consumerExists: true, maxDeliver: 3 });
    await sub.ensure();
    expect(server).toEqual([{ call: 'update', stream: 'run9_EVENTS', config: expect.objectContaining({ max_deliver: 3 }) }]);
  });

  it('lets any other failure of the server through', async () => {
    const { sub, server } = subscription({ consumerExists: new Error('JetStream not enabled') });
    await expect(sub.ensure()).rejects.toThrow('JetStream not enabled');
    expect(server).toEqual([]);
  });
});

import { Namespace, OrderDeleted, OrdersEvents, OrderStatusChanged, PipelineEvents, type EventDef } from '@app/contracts';
import { DurableConsumer, encodeJson, type MessageHandlerContext } from '@app/messaging';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from 'nats';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { eventConsumer } from './event-consumer';

/**
 * The durable consumer `MessagingHost.on` makes, over a NATS connection and a database that
 * hand it messages and record what it does with them.
 */
const ns = new Namespace('unit');

class FakeMessage {
  readonly headers: MsgHdrs = natsHeaders();
  readonly info = { stream: ns.stream('EVENTS'), redeliveryCount: 1 };
  settled: 'ack' | 'nak' | 'term' | null = null;

  constructor(
    readonly subject: string,
    readonly data: Uint8Array,
    readonly seq: number,
  ) {
    this.headers.set('Nats-Msg-Id', `msg-${seq}`);
  }

  ack(): void {
    this.settled = 'ack';
  }
  nak(): void {
    this.settled = 'nak';
  }
  term(): void {
    this.settled = 'term';
  }
  working(): void {}
}

class FakeNats {
  /** what the consumer published: its dead-letter copies */
  readonly published: Array<{ subject: string; data: unknown; headers: MsgHdrs }> = [];
  private readonly queue: FakeMessage[] = [];
  private wake: (() => void) | null = null;
  private stopped = false;
  private seq = 0;

  deliver(subject: string, payload: unknown): FakeMessage {
    const m = new FakeMessage(ns.subject(subject), encodeJson(payload), ++this.seq);
    this.queue.push(m);
    this.wake?.();
    return m;
  }

  connection(): NatsConnection {
    const messages = {
      stop: () => {
        this.stopped = true;
        this.wake?.();
      },
      [Symbol.asyncIterator]: () => this.messages(),
    };
    const consumers = { info: async () => ({}), update: async () => ({}), add: async () => ({}) };
    return {
      jetstreamManager: async () => ({ consumers }),
      jetstream: () => ({
        consumers: { get: async () => ({ consume: async () => messages }) },
        publish: async (subject: string, data: Uint8Array, opts: { headers: MsgHdrs }) => {
          this.published.push({ subject, data: JSON.parse(new TextDecoder().decode(data)), headers: opts.headers });
          return { seq: this.published.length, duplicate: false };
        },
      }),
    } as unknown as NatsConnection;
  }

  private async *messages(): AsyncGenerator<FakeMessage> {
    for (;;) {
      while (this.queue.length) yield this.queue.shift()!;
      if (this.stopped) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/** A database whose transactions only record the processed-message rows. */
function fakeDatabase(): DataSource {
  const processed = new Set<string>();
  const manager = {
    query: async (_sql: string, [consumer, messageId]: string[]) => {
      const key = `${consumer}/${messageId}`;
      if (processed.has(key)) return [];
      processed.add(key);
      return [{ message_id: messageId }];
    },
  };
  return { transaction: async (work: (m: typeof manager) => Promise<unknown>) => work(manager) } as unknown as DataSource;
}

const settledOf = async (m: FakeMessage): Promise<FakeMessage['settled']> => {
  for (let i = 0; i < 200 && m.settled === null; i++) await new Promise((r) => setTimeout(r, 5));
  return m.settled;
};

const ORDER = '7b0e6c0e-4a4a-4d0b-9a57-3f0f1d6d8a11';
const ACCOUNT = '0c8e1f3a-2b7d-4f4e-8d52-6a3b9c1d2e4f';

describe('a consumer of events (MessagingHost.on)', () => {
  let nats: FakeNats;
  let consumer: DurableConsumer<object> | null;
  let logged: Array<{ level: number; msg: string; reason?: string; consumer?: string }>;
  let received: Array<{ payload: unknown; subject: string }>;

  const start = async (events: EventDef<object> | Record<string, EventDef<object>>, durable: string) => {
    const handler = async (payload: unknown, ctx: MessageHandlerContext) => {
      received.push({ payload, subject: ctx.subject });
    };
    consumer = new DurableConsumer<object>({
      ...eventConsumer(events, durable, handler),
      nc: nats.connection(),
      namespace: ns,
      dataSource: fakeDatabase(),
      logger: pino({ level: 'debug' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
    });
    await consumer.start();
  };

  beforeEach(() => {
    nats = new FakeNats();
    logged = [];
    received = [];
    consumer = null;
  });

  afterEach(async () => {
    await consumer?.stop();
  });

  it('hands the handler a message that keeps the contract as an instance of the payload class', async () => {
    await start(OrdersEvents.deleted, 'images-order-deleted');
    const event = { orderId: ORDER, accountId: ACCOUNT, at: '2026-03-01T10:00:00.000Z', reason: 'a field added by a newer producer' };
    const m = nats.deliver('evt.orders.order-deleted', event);
    expect(await settledOf(m)).toBe('ack');
    expect(received).toEqual([{ payload: event, subject: 'evt.orders.order-deleted' }]);
    expect(received[0]!.payload).toBeInstanceOf(OrderDeleted);
    expect(nats.published).toEqual([]);
  });

  it.each([
    ['a field of the wrong type', { orderId: 'not-an-id', accountId: ACCOUNT, at: '2026-03-01T10:00:00.000Z' }, 'orderId must be a UUID'],
    ['a missing field', { orderId: ORDER, accountId: ACCOUNT }, 'at must be a valid ISO 8601 date string'],
    ['a NUL character', { orderId: ORDER, accountId: ACCOUNT, at: '2026-03-01\u0000' }, 'at must not contain NUL characters'],
    ['a list instead of an object', [ORDER], 'Malformed message: data must be an object'],
    ['null', null, 'Malformed message: data must be an object'],
  ])('dead-letters %s on its first delivery, with the reason, without running the handler', async (_case, event, problem) => {
    await start(OrdersEvents.deleted, 'images-order-deleted');
    const m = nats.deliver('evt.orders.order-deleted', event);
    expect(await settledOf(m)).toBe('term');
    expect(received).toEqual([]);
    expect(nats.published).toHaveLength(1);
    const [copy] = nats.published;
    expect(copy!.subject).toBe('unit.dlq.images-order-deleted');
    expect(copy!.data).toEqual(event);
    expect(copy!.headers.get('x-dlq-reason')).toBe(`payload refused: ${problem}`);
    expect(copy!.headers.get('x-dlq-subject')).toBe('evt.orders.order-deleted');
    expect(copy!.headers.get('x-dlq-deliveries')).toBe('1');
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'message moved to the dead-letter stream', reason: `payload refused: ${problem}` }),
    );
  });

  it('goes on with the next message after refusing one', async () => {
    await start(OrdersEvents.deleted, 'images-order-deleted');
    const bad = nats.deliver('evt.orders.order-deleted', { orderId: ORDER });
    const good = nats.deliver('evt.orders.order-deleted', { orderId: ORDER, accountId: ACCOUNT, at: '2026-03-01T10:00:00.000Z' });
    expect([await settledOf(bad), await settledOf(good)]).toEqual(['term', 'ack']);
    expect(received.map((r) => (r.payload as OrderDeleted).orderId)).toEqual([ORDER]);
  });

  it('takes several events of one service, each checked against its own class, and skips the others of that service', async () => {
    await start({ deleted: OrdersEvents.deleted, statusChanged: OrdersEvents.statusChanged }, 'statistics-orders');
    const changed = {
      orderId: ORDER,
      accountId: ACCOUNT,
      status: 'Completed',
      QAstatus: 'Approved',
      previousStatus: 'In Progress',
      previousQAstatus: 'Waiting For QA',
      changedBy: 'lifecycle',
      at: '2026-03-01T10:00:00.000Z',
    };
    const messages = [
      nats.deliver('evt.orders.order-status-changed', changed),
      nats.deliver('evt.orders.order-created', { orderId: ORDER }),
      nats.deliver('evt.orders.order-deleted', { orderId: ORDER, accountId: ACCOUNT, at: '2026-03-01T11:00:00.000Z' }),
      nats.deliver('evt.orders.order-status-changed', { ...changed, status: 'Lost' }),
    ];
    const settled = [];
    for (const m of messages) settled.push(await settledOf(m));
    expect(settled).toEqual(['ack', 'ack', 'ack', 'term']);
    expect(received.map((r) => r.subject)).toEqual(['evt.orders.order-status-changed', 'evt.orders.order-deleted']);
    // each tagged with the name the consumer gave its event
    expect(received.map((r) => (r.payload as { event: string }).event)).toEqual(['statusChanged', 'deleted']);
    expect((received[0]!.payload as { data: unknown }).data).toBeInstanceOf(OrderStatusChanged);
    expect((received[1]!.payload as { data: unknown }).data).toBeInstanceOf(OrderDeleted);
    expect(nats.published.map((p) => p.headers.get('x-dlq-reason'))).toEqual([expect.stringMatching(/^payload refused: status must be one of/)]);
  });

  it('filters the stream by the one subject, or by the service of several events', () => {
    const handler = async () => undefined;
    expect(eventConsumer(OrdersEvents.deleted, 'a', handler).filterSubject).toBe('evt.orders.order-deleted');
    expect(eventConsumer({ deleted: OrdersEvents.deleted, created: OrdersEvents.created }, 'b', handler).filterSubject).toBe('evt.orders.>');
    expect(() => eventConsumer({ deleted: OrdersEvents.deleted, failed: PipelineEvents.imageFailed }, 'c', handler)).toThrow(
      'one consumer takes events of one service, not of orders, pipeline',
    );
  });
});

import { defineEvent, STREAMS } from '@app/contracts';
import { createLogger } from '@app/logging';
import {
  connectNats,
  DurableConsumer,
  ensureStreams,
  Outbox,
  OutboxRelay,
  type MessageHandlerContext,
} from '@app/messaging';
import { openDatabase, type ServiceDefinition } from '@app/service-kit';
import { createTestDatabase, createTestNamespace, testInfra, waitFor, type TestDatabase, type TestNamespace } from '@app/testing';
import { IsString } from 'class-validator';
import { nanos, type JetStreamManager, type NatsConnection } from 'nats';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

class ProbeCreated {
  @IsString()
  orderId!: string;
}
const probeCreated = defineEvent('orders', 'probe-created', ProbeCreated);

class ReceivedTable1763700000001 implements MigrationInterface {
  name = 'ReceivedTable1763700000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE received_event (order_id text PRIMARY KEY, message_id text NOT NULL)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE received_event');
  }
}

const producerDef: ServiceDefinition = { name: 'orders', entities: [], migrations: [] };
const consumerDef: ServiceDefinition = { name: 'statistics', entities: [], migrations: [ReceivedTable1763700000001] };
const logger = createLogger('outbox-test', testInfra.logLevel);

describe('events through the transactional outbox to a durable consumer', () => {
  let db: TestDatabase;
  let ns: TestNamespace;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let producer: DataSource;
  let consumerDb: DataSource;
  let relay: OutboxRelay;
  let consumer: DurableConsumer<ProbeCreated>;
  const outbox = new Outbox('orders');
  /** handler runs per order id, successful or not */
  const attempts = new Map<string, number>();
  /** order ids whose handler fails on its first delivery, or always */
  const failOnce = new Set<string>();
  const failAlways = new Set<string>();
  /** order ids whose handler fails once as if the database had gone away */
  const databaseAwayOnce = new Set<string>();
  /** the delivery numbers the handler saw, per order id */
  const deliveries = new Map<string, number[]>();

  const eventsStream = () => ns.namespace.stream(STREAMS.EVENTS.name);
  const received = async (): Promise<string[]> =>
    (await consumerDb.query('SELECT order_id FROM received_event ORDER BY order_id')).map((r: { order_id: string }) => r.order_id);

  async function emit(...orderIds: string[]): Promise<void> {
    await producer.transaction(async (em) => {
      for (const orderId of orderIds) await outbox.add(em, probeCreated, { orderId });
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase('outbox');
    ns = createTestNamespace('outbox');
    nc = await connectNats(testInfra.natsUrl, 'outbox-test');
    jsm = await nc.jetstreamManager();
    await ensureStreams(nc, ns.namespace);
    producer = await openDatabase(producerDef, { DATABASE_URL: db.url, DATABASE_POOL_SIZE: 4 });
    consumerDb = await openDatabase(consumerDef, { DATABASE_URL: db.url, DATABASE_POOL_SIZE: 4 });
    relay = new OutboxRelay({
      dataSource: producer,
      databaseUrl: db.url,
      schema: 'orders',
      js: nc.jetstream(),
      namespace: ns.namespace,
      logger,
      // a long poll: anything published sooner came through NOTIFY or an explicit flush
      pollMs: 60000,
    });
    consumer = new DurableConsumer<ProbeCreated>({
      nc,
      namespace: ns.namespace,
      dataSource: consumerDb,
      logger,
      stream: 'EVENTS',
      durable: 'statistics-probe',
      filterSubject: 'evt.orders.>',
      maxDeliver: 3,
      retry: { baseMs: 50, maxMs: 50 },
      handler: async (payload: ProbeCreated, ctx: MessageHandlerContext) => {
        attempts.set(payload.orderId, (attempts.get(payload.orderId) ?? 0) + 1);
        deliveries.set(payload.orderId, [...(deliveries.get(payload.orderId) ?? []), ctx.delivery]);
        if (databaseAwayOnce.delete(payload.orderId)) {
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        }
        if (failAlways.has(payload.orderId)) throw new Error(`cannot apply ${payload.orderId}`);
        if (failOnce.has(payload.orderId) && ctx.delivery === 1) throw new Error('transient failure');
        await ctx.manager.query('INSERT INTO received_event (order_id, message_id) VALUES ($1, $2)', [payload.orderId, ctx.messageId]);
      },
    });
  });

  afterAll(async () => {
    await consumer?.stop();
    await relay?.stop();
    await producer?.destroy();
    await consumerDb?.destroy();
    await nc?.close();
    await ns?.cleanup();
    await db?.drop();
  });

  it('publishes only committed events, once each, to a consumer that was not running', async () => {
    await emit('o1', 'o2');
    await emit('o3');
    await expect(
      producer.transaction(async (em) => {
        await outbox.add(em, probeCreated, { orderId: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await relay.start();
    await relay.flush();
    const unsent = await producer.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
    expect(unsent[0].n).toBe(0);
    expect((await jsm.streams.info(eventsStream())).state.messages).toBe(3);

    await consumer.start();
    await waitFor(async () => (await received()).length === 3, 'three events applied');
    expect(await received()).toEqual(['o1', 'o2', 'o3']);
  });

  it('publishes a new event at once after its commit (LISTEN/NOTIFY), without waiting for a poll', async () => {
    await emit('o4');
    await waitFor(async () => (await received()).includes('o4'), 'o4 applied');
  });

  it('does not store a second copy when the relay republishes rows it had not marked sent', async () => {
    await producer.query('UPDATE outbox SET sent_at = NULL');
    await relay.flush();
    expect((await jsm.streams.info(eventsStream())).state.messages).toBe(4);
  });

  it('applies a redelivered message once, even after the stream duplicate window', async () => {
    // shrink the duplicate window so that the republished copy is stored and delivered again
    const info = await jsm.streams.info(eventsStream());
    await jsm.streams.update(eventsStream(), { ...info.config, duplicate_window: nanos(100) });
    await new Promise((r) => setTimeout(r, 300));
    await producer.query(`UPDATE outbox SET sent_at = NULL WHERE payload->>'orderId' = 'o2'`);
    await relay.flush();
    expect((await jsm.streams.info(eventsStream())).state.messages).toBe(5);

    await waitFor(async () => {
      const c = await jsm.consumers.info(eventsStream(), consumer.name);
      return c.num_pending === 0 && c.num_ack_pending === 0 && c.delivered.stream_seq === 5;
    }, 'the copy delivered and acknowledged');
    expect(attempts.get('o2')).toBe(1);
    expect(await received()).toEqual(['o1', 'o2', 'o3', 'o4']);
  });

  it('retries a message whose handling failed and applies it once', async () => {
    failOnce.add('o5');
    await emit('o5');
    await waitFor(async () => (await received()).includes('o5'), 'o5 applied after a retry');
    expect(attempts.get('o5')).toBe(2);
  });

  it('moves a message that keeps failing to the dead-letter stream with its reason, and goes on', async () => {
    failAlways.add('poison');
    await emit('poison');
    const dlq = ns.namespace.stream(STREAMS.DEADLETTER.name);
    await waitFor(async () => (await jsm.streams.info(dlq)).state.messages === 1, 'the dead-letter copy');
    expect(attempts.get('poison')).toBe(3);
    const parked = await jsm.streams.getMessage(dlq, { last_by_subj: ns.namespace.subject('dlq.statistics-probe') });
    expect(parked.header.get('x-dlq-reason')).toBe('cannot apply poison');
    expect(parked.header.get('x-dlq-subject')).toBe('evt.orders.probe-created');
    expect(parked.header.get('x-dlq-deliveries')).toBe('3');
    expect(parked.json<ProbeCreated>()).toEqual({ orderId: 'poison' });

    await emit('o6');
    await waitFor(async () => (await received()).includes('o6'), 'o6 applied after the poison message');
    expect(await received()).not.toContain('poison');
  });

  it('applies a message whose database went away once it answers again, without using up an attempt', async () => {
    databaseAwayOnce.add('o7');
    await emit('o7');
    await waitFor(async () => (await received()).includes('o7'), 'o7 applied after the database answered');
    // run again on the same delivery: a database restart longer than the backoff cannot park it
    expect(deliveries.get('o7')).toEqual([1, 1]);
  });

  it('publishes at once again after the connection that wakes the relay was cut', async () => {
    const listeners = () =>
      producer.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`) as Promise<Array<{ pid: number }>>;
    const found = await listeners();
    expect(found).toHaveLength(1);
    const before = found[0]!;
    await producer.query('SELECT pg_terminate_backend($1)', [before.pid]);
    await waitFor(async () => {
      const now = await listeners();
      return now.length === 1 && now[0].pid !== before.pid;
    }, 'the wake-up connection opened again');
    // the poll is a minute away: only the wake-up publishes it this soon
    await emit('o8');
    await waitFor(async () => (await received()).includes('o8'), 'o8 applied');
  });
});

import { Namespace } from '@app/contracts';
import type { JetStreamClient, MsgHdrs } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { decodeJson } from '../codec';
import { listenRetryDelayMs, OutboxRelay } from './outbox-relay';

interface Row {
  id: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
  sent: boolean;
}

/** lets the relay's work in flight run to its end (the fakes answer at once) */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** an outbox table with `pending` unsent rows, and a JetStream that records what it is given */
function relay(pending: number, opts: { batchSize?: number; failPublishAt?: number; onPublish?: (rows: Row[]) => void } = {}) {
  const rows: Row[] = Array.from({ length: pending }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    subject: 'evt.orders.order-created',
    payload: { n: i },
    headers: { 'occurred-at': '2025-03-10T12:00:00.000Z', 'x-request-id': `req-${i}` },
    sent: false,
  }));
  const batches: number[] = [];
  const published: Array<{ subject: string; payload: unknown; msgID: string; headers: MsgHdrs }> = [];
  const errors: unknown[] = [];
  let publishes = 0;
  const manager = {
    query: async (sql: string, params: unknown[]) => {
      if (sql.includes('SELECT id, subject, payload, headers FROM outbox')) {
        const claimed = rows.filter((r) => !r.sent).slice(0, params[0] as number);
        batches.push(claimed.length);
        return claimed.map(({ sent: _sent, ...r }) => r);
      }
      if (sql.startsWith('UPDATE outbox SET sent_at = now()')) {
        for (const r of rows) if ((params[0] as string[]).includes(r.id)) r.sent = true;
        return [];
      }
      throw new Error(`unexpected query ${sql}`);
    },
  };
  const dataSource = { transaction: async (fn: (m: typeof manager) => Promise<unknown>) => fn(manager) } as unknown as DataSource;
  const js = {
    publish: async (subject: string, data: Uint8Array, o: { msgID: string; headers: MsgHdrs }) => {
      if (++publishes === opts.failPublishAt) throw new Error('nats: timeout');
      opts.onPublish?.(rows);
      published.push({ subject, payload: decodeJson(data), msgID: o.msgID, headers: o.headers });
    },
  } as unknown as JetStreamClient;
  const logger = { error: (fields: unknown) => errors.push(fields), warn: () => undefined } as unknown as Logger;
  const r = new OutboxRelay({
    dataSource,
    databaseUrl: 'postgres://unused',
    schema: 'orders',
    js,
    namespace: new Namespace('run3'),
    logger,
    pollMs: 1000,
    batchSize: opts.batchSize,
  });
  return { relay: r, rows, batches, published, errors };
}

describe('OutboxRelay: committed events onto JetStream', () => {
  it('publishes each row on its namespaced subject, with its id as Nats-Msg-Id and its headers', async () => {
    const { relay: r, rows, published } = relay(1);
    await r.flush();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ subject: 'run3.evt.orders.order-created', payload: { n: 0 }, msgID: rows[0].id });
    expect(published[0].headers.get('x-event-id')).toBe(rows[0].id);
    expect(published[0].headers.get('x-request-id')).toBe('req-0');
    expect(published[0].headers.get('occurred-at')).toBe('2025-03-10T12:00:00.000Z');
    expect(rows[0].sent).toBe(true);
  });

  it('publishes in batches of 100 until a batch comes back short', async () => {
    const { relay: r, rows, batches, published } = relay(250);
    await r.flush();
    expect(batches).toEqual([100, 100, 50]);
    expect(published.map((p) => p.msgID)).toEqual(rows.map((row) => row.id));
    expect(rows.every((row) => row.sent)).toBe(true);
  });

  it('looks once more after a full last batch, and stops at the empty one', async () => {
    const { relay: r, batches } = relay(200);
    await r.flush();
    expect(batches).toEqual([100, 100, 0]);
  });

  it('takes the batch size it is given', async () => {
    const { relay: r, batches } = relay(5, { batchSize: 2 });
    await r.flush();
    expect(batches).toEqual([2, 2, 1]);
  });

  it('keeps a batch it could not publish for the next try, and says so in the log', async () => {
    const { relay: r, rows, published, errors } = relay(3, { failPublishAt: 2 });
    await r.flush();
    expect(errors).toHaveLength(1);
    expect(rows.map((row) => row.sent)).toEqual([false, false, false]);
    await r.flush();
    expect(rows.map((row) => row.sent)).toEqual([true, true, true]);
    // the first row went out twice, with the same Nats-Msg-Id: JetStream drops the second as a duplicate
    expect(published.map((p) => p.msgID)).toEqual([rows[0].id, rows[0].id, rows[1].id, rows[2].id]);
  });

  it('looks again at once when woken while it publishes, so a commit meanwhile does not wait for the next poll', async () => {
    let woke = false;
    const { relay: r, rows, batches } = relay(1, {
      onPublish: (table) => {
        if (woke) return;
        woke = true;
        table.push({ id: '00000000-0000-4000-8000-0000000000ff', subject: 'evt.orders.order-created', payload: {}, headers: {}, sent: false });
        r.poke();
      },
    });
    r.poke();
    await settled();
    expect(batches).toEqual([1, 1]);
    expect(rows.every((row) => row.sent)).toBe(true);
  });

  it('publishes nothing once stopped', async () => {
    const { relay: r, published } = relay(3);
    await r.stop();
    r.poke();
    await settled();
    expect(published).toEqual([]);
  });
});

describe('listenRetryDelayMs: the wait before the relay listens for commits again after losing the connection', () => {
  it('is 1 s at first, doubles with each failure in a row and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4].map(listenRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(listenRetryDelayMs(5)).toBe(30_000);
    expect(listenRetryDelayMs(40)).toBe(30_000);
  });
});

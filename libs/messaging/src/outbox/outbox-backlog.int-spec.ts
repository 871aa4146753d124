import { createTestDatabase, type TestDatabase } from '@app/testing';
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { MessagingTables1763700000000 } from '../messaging-tables.migration';
import { outboxBacklogSql, readOutboxBacklog } from './outbox-backlog';

/** The outbox gauges are read on every scrape: on a big outbox the query must touch only the unsent rows. */
describe('the outbox backlog read by the metrics', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase('outbox-backlog');
    client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE SCHEMA orders; SET search_path TO orders');
    await new MessagingTables1763700000000().up({ query: (sql: string) => client.query(sql) } as unknown as QueryRunner);
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('answers 0 and 0 for an empty outbox, then the unsent count and the oldest unsent age among 100,000 published rows, by the partial index', async () => {
    const rows = { query: (sql: string) => client.query(sql).then((r) => r.rows) };
    expect(await readOutboxBacklog(rows, 'orders')).toEqual({ unsent: 0, oldestAgeSeconds: 0 });
    await client.query(`
      INSERT INTO outbox (id, subject, payload, created_at, sent_at)
      SELECT gen_random_uuid(), 'evt.orders.created', '{}', now() - interval '2 days' + g * interval '1 second', now() - interval '1 day'
        FROM generate_series(1, 100000) g`);
    await client.query(`
      INSERT INTO outbox (id, subject, payload, created_at)
      VALUES (gen_random_uuid(), 'evt.orders.updated', '{}', now() - interval '120 seconds'),
             (gen_random_uuid(), 'evt.orders.updated', '{}', now() - interval '5 seconds'),
             (gen_random_uuid(), 'evt.orders.updated', '{}', now())`);
    await client.query('ANALYZE outbox');

    const backlog = await readOutboxBacklog(rows, 'orders');
    expect(backlog.unsent).toBe(3);
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(120);
    expect(backlog.oldestAgeSeconds).toBeLessThan(180);

    const plan = JSON.stringify((await client.query(`EXPLAIN (FORMAT JSON) ${outboxBacklogSql('orders')}`)).rows[0]);
    expect(plan).toContain('outbox_unsent_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});

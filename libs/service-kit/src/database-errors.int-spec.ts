import { createTestDatabase, type TestDatabase } from '@app/testing';
import { DataSource, type EntityManager } from 'typeorm';
import { inTransaction, isRetryableTransactionFailure, isUniqueViolation, TRANSACTION_ATTEMPTS } from './database-errors';

/**
 * The database helpers against PostgreSQL's own errors: a real duplicate insert, and a real
 * deadlock between two transactions that lock the same two rows in opposite order (as two
 * changes of one order lock its images and its progress row).
 */
describe('database helpers on PostgreSQL', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('kit-db');
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 4 } });
    await ds.initialize();
    await ds.query('CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, hits int NOT NULL DEFAULT 0, CONSTRAINT item_name_uq UNIQUE (name))');
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  beforeEach(async () => {
    await ds.query('TRUNCATE item');
    await ds.query("INSERT INTO item (id, name) VALUES (1, 'one'), (2, 'two')");
  });

  it('tells a duplicate name apart by its constraint', async () => {
    const err = await ds.query("INSERT INTO item (id, name) VALUES (3, 'one')").catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'item_name_uq')).toBe(true);
    expect(isUniqueViolation(err, 'item_pkey')).toBe(false);
  });

  /**
   * Two transactions: each bumps one row, waits until the other has bumped its own, then
   * bumps the other row. PostgreSQL aborts one of them to break the deadlock.
   */
  async function crossedUpdates(attempts: number): Promise<{ results: PromiseSettledResult<void>[]; runs: number }> {
    let runs = 0;
    let firstLocks = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    const bump = (m: EntityManager, id: number) => m.query('UPDATE item SET hits = hits + 1 WHERE id = $1', [id]);
    const change = (first: number, second: number) =>
      inTransaction(
        ds,
        async (m) => {
          runs++;
          await bump(m, first);
          if (++firstLocks === 2) release();
          await bothLocked;
          await bump(m, second);
        },
        attempts,
      );
    const results = await Promise.allSettled([change(1, 2), change(2, 1)]);
    return { results, runs };
  }

  it('runs a transaction PostgreSQL aborted to break a deadlock again, so both changes are kept', async () => {
    const { results, runs } = await crossedUpdates(TRANSACTION_ATTEMPTS);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3);
    expect(await ds.query('SELECT id, hits FROM item ORDER BY id')).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ]);
  });

  it('gives the deadlock up once its attempts are used, keeping nothing of the aborted run', async () => {
    const { results, runs } = await crossedUpdates(1);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isRetryableTransactionFailure(failed[0].reason)).toBe(true);
    expect(runs).toBe(2);
    expect(await ds.query('SELECT id, hits FROM item ORDER BY id')).toEqual([
      { id: 1, hits: 1 },
      { id: 2, hits: 1 },
    ]);
  });

  it('does not run a transaction again for any other error', async () => {
    let runs = 0;
    const err = await inTransaction(ds, async (m) => {
      runs++;
      await m.query("UPDATE item SET hits = 5 WHERE id = 1");
      await m.query("INSERT INTO item (id, name) VALUES (3, 'two')");
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'item_name_uq')).toBe(true);
    expect(runs).toBe(1);
    expect(await ds.query('SELECT hits FROM item WHERE id = 1')).toEqual([{ hits: 0 }]);
  });
});

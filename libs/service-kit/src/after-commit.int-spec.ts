import { createTestDatabase, type TestDatabase } from '@app/testing';
import { DataSource } from 'typeorm';
import { afterCommit, AfterCommitSubscriber } from './after-commit';
import { inTransaction } from './database-errors';

/** A deadlock as PostgreSQL reports it: `inTransaction` runs the transaction again. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('afterCommit on PostgreSQL', () => {
  let db: TestDatabase;
  let ds: DataSource;
  /** what another connection sees in the table */
  const committed = async (): Promise<string[]> => (await ds.query('SELECT name FROM item ORDER BY name')).map((r: { name: string }) => r.name);

  beforeAll(async () => {
    db = await createTestDatabase('kit-after-commit');
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 3 }, subscribers: [AfterCommitSubscriber] });
    await ds.initialize();
    await ds.query('CREATE TABLE item (name text PRIMARY KEY)');
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  beforeEach(() => ds.query('TRUNCATE item'));

  it('runs the work once the transaction has committed, before the caller goes on', async () => {
    const seen: string[][] = [];
    await inTransaction(ds, async (m) => {
      await m.query("INSERT INTO item VALUES ('kept')");
      await afterCommit(m, async () => seen.push(await committed()));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['kept']]);
  });

  it('never runs it when the transaction rolls back', async () => {
    let runs = 0;
    const failed = await inTransaction(ds, async (m) => {
      await m.query("INSERT INTO item VALUES ('dropped')");
      await afterCommit(m, async () => runs++);
      throw new Error('refused');
    }).catch((err: Error) => err.message);
    expect(failed).toBe('refused');
    expect(runs).toBe(0);
    expect(await committed()).toEqual([]);
  });

  it('runs it once when inTransaction runs the transaction again after a deadlock', async () => {
    let attempt = 0;
    const runs: number[] = [];
    await inTransaction(ds, async (m) => {
      attempt++;
      const mine = attempt;
      await m.query('INSERT INTO item VALUES ($1)', [`attempt ${mine}`]);
      await afterCommit(m, async () => runs.push(mine));
      if (mine === 1) throw deadlock();
    });
    expect(runs).toEqual([2]);
    expect(await committed()).toEqual(['attempt 2']);
  });

  it('runs it right away outside a transaction', async () => {
    let runs = 0;
    await afterCommit(ds.manager, async () => runs++);
    expect(runs).toBe(1);
  });

  it('keeps the commit when the work fails', async () => {
    await inTransaction(ds, async (m) => {
      await m.query("INSERT INTO item VALUES ('kept')");
      await afterCommit(m, async () => {
        throw new Error('storage away');
      });
    });
    expect(await committed()).toEqual(['kept']);
  });

  it('refuses to queue work on a data source that would never run it', async () => {
    const bare = new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } });
    await bare.initialize();
    try {
      await expect(bare.transaction((m) => afterCommit(m, async () => undefined))).rejects.toThrow('afterCommit needs the AfterCommitSubscriber');
    } finally {
      await bare.destroy();
    }
  });
});

import { SERVICE_NAMES, schemaOf } from '@app/contracts';
import { migrate, openDatabase } from '@app/service-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { SERVICE_APPS } from '../support';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@app/service-kit';

describe('migrations of every service', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('migrations');
  });

  afterAll(async () => {
    await db?.drop();
  });

  it.each(SERVICE_NAMES)('%s: runs from an empty database, then again without error or change', async (service) => {
    const def = SERVICE_APPS[service].app.definition;
    const settings = { DATABASE_URL: db.url, DATABASE_POOL_SIZE: 2 };
    const first = await openDatabase(def, settings);
    const tables: Array<{ table_name: string }> = await first.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schemaOf(service)],
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['migrations', 'outbox', 'processed_message']));
    const applied = await first.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.length).toBe(def.migrations.length + 1);
    // again on the same connection: nothing pending
    expect(await migrate(first, def)).toEqual([]);
    await first.destroy();
  });

  it('migrates once when two replicas start at the same moment', async () => {
    const fresh = await createTestDatabase('migrations_race');
    try {
      const def = SERVICE_APPS.orders.app.definition;
      const a = new DataSource(dataSourceOptions(def, { DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: 2 }));
      const b = new DataSource(dataSourceOptions(def, { DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: 2 }));
      await Promise.all([a.initialize(), b.initialize()]);
      const [ranA, ranB] = await Promise.all([migrate(a, def), migrate(b, def)]);
      expect([...ranA, ...ranB]).toHaveLength(def.migrations.length + 1);
      await Promise.all([a.destroy(), b.destroy()]);
    } finally {
      await fresh.drop();
    }
  });
});

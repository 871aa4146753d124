import { createTestDatabase, type TestDatabase } from '@app/testing';
import { DataSource } from 'typeorm';
import { escapeLike } from './like-pattern';

/** The escaped search in PostgreSQL's own LIKE, as the repositories run it. */
describe('escapeLike on PostgreSQL', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('kit-like');
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } });
    await ds.initialize();
    await ds.query('CREATE TABLE item (name text NOT NULL)');
    await ds.query(`INSERT INTO item (name) VALUES ('50% off'), ('50 off'), ('a_b'), ('axb'), ('C:\\cars'), ('C:cars')`);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const found = async (search: string): Promise<string[]> =>
    (await ds.query('SELECT name FROM item WHERE name LIKE $1 ORDER BY name', [`%${escapeLike(search)}%`])).map((r: { name: string }) => r.name);

  it('finds a percent sign, an underscore and a backslash as themselves', async () => {
    expect(await found('%')).toEqual(['50% off']);
    expect(await found('_')).toEqual(['a_b']);
    expect(await found('\\')).toEqual(['C:\\cars']);
    expect(await found('off')).toEqual(['50 off', '50% off']);
  });
});

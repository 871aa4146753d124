import { createTestDatabase, type TestDatabase } from '@app/testing';
import { DataSource } from 'typeorm';
import { queryPrepared } from './prepared-query';

describe('queryPrepared: reads by key as named prepared statements', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const byId = 'SELECT id, name FROM car WHERE id = $1';

  beforeAll(async () => {
    db = await createTestDatabase('kit-prepared');
    // one connection, so that what it prepared can be seen
    ds = new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } });
    await ds.initialize();
    await ds.query(`CREATE TABLE car (id int PRIMARY KEY, name text NOT NULL)`);
    await ds.query(`INSERT INTO car VALUES (1, 'Volvo XC60'), (2, 'Tesla Model 3')`);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('answers the rows, and the connection keeps the statement for the next time', async () => {
    expect(await queryPrepared(ds, 'test.car-by-id', byId, [2])).toEqual([{ id: 2, name: 'Tesla Model 3' }]);
    expect(await queryPrepared(ds, 'test.car-by-id', byId, [1])).toEqual([{ id: 1, name: 'Volvo XC60' }]);
    expect(await queryPrepared(ds, 'test.car-by-id', byId, [3])).toEqual([]);
    const prepared = await ds.query(`SELECT name, statement FROM pg_prepared_statements WHERE name = 'test.car-by-id'`);
    expect(prepared).toEqual([{ name: 'test.car-by-id', statement: byId }]);
  });

  it('refuses a name already given to another text', async () => {
    await expect(queryPrepared(ds, 'test.car-by-id', 'SELECT id FROM car WHERE name = $1', ['Volvo XC60'])).rejects.toThrow(
      'the prepared statement test.car-by-id was given another text',
    );
  });

  it('runs on the transaction\'s connection inside a transaction: it sees what the transaction wrote', async () => {
    await ds.transaction(async (manager) => {
      await manager.query(`INSERT INTO car VALUES (3, 'Skoda Octavia')`);
      expect(await queryPrepared(manager, 'test.car-by-id', byId, [3])).toEqual([{ id: 3, name: 'Skoda Octavia' }]);
      await manager.query(`DELETE FROM car WHERE id = 3`);
    });
    expect(await queryPrepared(ds.manager, 'test.car-by-id', byId, [3])).toEqual([]);
  });
});

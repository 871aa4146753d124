import { createLogger } from '@app/logging';
import { testInfra } from '@app/testing';
import type { ArgumentsHost } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { RpcErrorFilter } from './rpc-error.filter';

/**
 * The last line behind the payload classes: a value PostgreSQL refuses (SQLSTATE class 22)
 * leaves a service as 400, not 500. The errors are PostgreSQL's own, from real queries.
 */
describe('RpcErrorFilter with PostgreSQL errors', () => {
  let ds: DataSource;
  const filter = new RpcErrorFilter(createLogger('test', 'silent'));

  beforeAll(async () => {
    ds = new DataSource({ type: 'postgres', url: testInfra.adminDatabaseUrl });
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
  });

  const answerTo = async (sql: string, params: unknown[]): Promise<unknown> => {
    const err = await ds.query(sql, params).then(
      () => new Error(`${sql} did not fail`),
      (e: unknown) => e,
    );
    return firstValueFrom(filter.catch(err, {} as ArgumentsHost)).catch((body: unknown) => body);
  };

  it.each([
    ['a number too small for a real column (22003)', 'SELECT $1::real', [1e-300], 'Invalid input: a number is out of range'],
    ['a fraction for an integer (22P02)', 'SELECT $1::int', ['1.5'], 'Invalid input: a value is not of the type its field takes'],
    ['text that is not a UUID (22P02)', 'SELECT $1::uuid', ['not-a-uuid'], 'Invalid input: a value is not of the type its field takes'],
    ['a NUL character in text (22021)', 'SELECT $1::text', ['a\u0000b'], 'Invalid input: a text holds a character that cannot be stored'],
    ['a NUL escape in jsonb (22P05)', 'SELECT $1::jsonb', ['{"a":"\\u0000"}'], 'Invalid input: a text holds a character that cannot be stored'],
  ])('%s answers 400', async (_name, sql, params, message) => {
    expect(await answerTo(sql, params)).toEqual({ status: 400, message });
  });

  it('keeps any other PostgreSQL error a 500 without internals', async () => {
    expect(await answerTo('SELECT * FROM no_such_table_here', [])).toEqual({ status: 500, message: 'Internal server error' });
  });
});

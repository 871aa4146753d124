import type { Pool, QueryResultRow } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/** the text each statement name stands for, in this process */
const texts = new Map<string, string>();

/**
 * Runs a read as a named prepared statement: PostgreSQL parses and plans it once per pooled
 * connection and then only binds and executes it (about a quarter of the database's CPU of an
 * unnamed statement for a lookup by key, and less work in the driver). For reads by key, the
 * hot path of every signed-in request, whose plan does not depend on the values; a query whose
 * best plan depends on its parameters (a list with optional filters, a search) stays unnamed
 * (`dataSource.query`), planned for its values each time.
 *
 * `name` is the statement's name, unique in the service (a name given another text throws at
 * once). Name the columns (no `*`): a migration that adds a column would otherwise change the
 * result of a statement prepared on a live connection, which PostgreSQL refuses. Connections
 * must reach PostgreSQL without a transaction-pooling proxy in between (deploy/README.md
 * requires session pooling). With `manager` inside a transaction, the statement runs on the transaction's
 * connection; otherwise on a connection of the pool.
 */
export async function queryPrepared<R extends QueryResultRow>(
  source: DataSource | EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const known = texts.get(name);
  if (known === undefined) texts.set(name, text);
  else if (known !== text) throw new Error(`the prepared statement ${name} was given another text`);
  const runner = 'queryRunner' in source ? source.queryRunner : undefined;
  if (runner && !runner.isReleased) {
    const client = (await runner.connect()) as { query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }> };
    return (await client.query({ name, text, values })).rows;
  }
  const pool = (('driver' in source ? source.driver : source.connection.driver) as unknown as { master: Pool }).master;
  return (await pool.query<R>({ name, text, values })).rows;
}

import { Client } from 'pg';
import { testInfra, uniqueToken } from './infra';

export interface TestDatabase {
  name: string;
  url: string;
  /** Runs one statement on a connection of its own (to look at or arrange what a test needs). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, empty database for one test file, dropped (connections and all) afterwards. Its
 * commits do not wait for the WAL to reach the disk (`synchronous_commit = off`): a test
 * database is thrown away and the shared server is never crashed by a test, so nothing a test
 * reads changes, but each of the thousands of small commits of a run stops paying a flush
 * (300 commits: 4.3 s synchronous, 1.9 s without, on a loaded machine of this kind). The
 * fault tier, which kills PostgreSQL, runs a server of its own with the durable default.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = uniqueToken(label);
  const admin = new Client({ connectionString: testInfra.adminDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return openTestDatabase(name);
}

/** One-statement queries on the database at `url`, each on a connection of its own. */
export function queryAt(url: string): TestDatabase['query'] {
  return async <T,>(text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
}

/** A database that exists already (one a benchmark kept, say), by name. */
export function openTestDatabase(name: string): TestDatabase {
  const url = withDatabase(testInfra.adminDatabaseUrl, name);
  return {
    name,
    url,
    query: queryAt(url),
    drop: async () => {
      const c = new Client({ connectionString: testInfra.adminDatabaseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

import { Client } from 'pg';
import { testInfra, uniqueToken } from './infra';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, empty database for one test file, dropped (connections and all) afterwards. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = uniqueToken(label);
  const admin = new Client({ connectionString: testInfra.adminDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(testInfra.adminDatabaseUrl, name),
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

import { randomBytes } from 'node:crypto';

/**
 * Where tests find the shared infrastructure. PostgreSQL and NATS run on the machine (see
 * README); S3 is an embedded server each test file starts for itself.
 */
export const testInfra = {
  /** a database the tests may connect to in order to create and drop their own */
  adminDatabaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
};

/** A short unique token for names of databases, namespaces and buckets of one test run. */
export function uniqueToken(label: string): string {
  const clean = label.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 20);
  return `t_${clean}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

import type { EntityManager } from 'typeorm';

/**
 * Holds, until the transaction of `m` ends, the lock of one seeding task (`demo-seed:style-guides`).
 * Every replica of a service seeds at its start; the first takes the lock and seeds, the others
 * wait for it and then find the rows there, instead of inserting the same rows at the same time
 * and stopping on a duplicate key.
 */
export async function lockSeeding(m: EntityManager, task: string): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [task]);
}

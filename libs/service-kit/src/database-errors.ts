import type { DataSource, EntityManager } from 'typeorm';

/** What PostgreSQL says about a failed statement: its SQLSTATE and, when one was hit, the constraint. */
interface PostgresErrorFields {
  code?: string;
  constraint?: string;
}

/**
 * The PostgreSQL error behind a thrown value: TypeORM's `QueryFailedError` carries it as
 * `driverError` (and copies its fields), a query run on a `pg` client throws it directly.
 */
function postgresError(err: unknown): PostgresErrorFields | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const driver = (err as { driverError?: unknown }).driverError;
  return (typeof driver === 'object' && driver !== null ? driver : err) as PostgresErrorFields;
}

/** SQLSTATE of a unique-index violation. */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATEs of a transaction PostgreSQL aborted so that another could go on: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Whether a database error is a unique-index violation (of one index or constraint, when
 * named). Two requests that both pass a duplicate check race to the insert; the loser is
 * answered 409 with the same message as the check, not 500.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = postgresError(err);
  return pg?.code === UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}

/**
 * Whether PostgreSQL aborted a transaction only to let another one through (it broke a
 * deadlock, or could not serialize the two): the same transaction run again can succeed.
 */
export function isRetryableTransactionFailure(err: unknown): boolean {
  const code = postgresError(err)?.code;
  return code !== undefined && RETRYABLE.has(code);
}

/** How many times `inTransaction` runs a transaction at most (the first run included). */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * Runs `fn` in one transaction (isolation READ COMMITTED, PostgreSQL's default). When
 * PostgreSQL aborts it to break a deadlock (40P01) or for a serialization failure (40001),
 * nothing of it was kept and it is run again from the start, right away, up to `attempts`
 * runs in all (4 unless told); any other error, or the last run's, is thrown as it is.
 * Two changes that lock the same rows in opposite order then both succeed instead of one
 * answering 500. `fn` must be safe to run again: only its database work is rolled back.
 */
export async function inTransaction<T>(ds: DataSource, fn: (m: EntityManager) => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction(fn);
    } catch (err) {
      if (isRetryableTransactionFailure(err) && attempt < attempts) continue;
      throw err;
    }
  }
}

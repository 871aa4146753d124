import type { DataSource, EntityManager } from 'typeorm';

const codeOf = (err: unknown): string | undefined =>
  (err as { driverError?: { code?: string }; code?: string })?.driverError?.code ?? (err as { code?: string })?.code;

/** A unique index refused the row (two requests raced for the same thing). */
export function isUniqueViolation(err: unknown): boolean {
  return codeOf(err) === '23505';
}

/**
 * A transaction, tried again when PostgreSQL broke a deadlock by aborting it: changes of one
 * order lock its images and its progress row, and two of them may meet in opposite order.
 */
export async function inTransaction<T>(ds: DataSource, fn: (m: EntityManager) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction(fn);
    } catch (err) {
      const code = codeOf(err);
      if ((code === '40P01' || code === '40001') && attempt < attempts) continue;
      throw err;
    }
  }
}

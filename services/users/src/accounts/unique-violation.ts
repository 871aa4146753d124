import { QueryFailedError } from 'typeorm';

/**
 * Whether a database error is a unique-index violation (of one index, when named). Two
 * requests that both pass the duplicate check race to the insert; the loser is answered 409
 * with the same message as the check, not 500.
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = (err as QueryFailedError & { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' && (index === undefined || driver.constraint === index);
}

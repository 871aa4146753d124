import type { DataSource } from 'typeorm';

/**
 * How long a message or a job being worked on waits for the database to answer again (a
 * restart, a failover) before it is given back to the stream, which counts an attempt.
 */
export const DATABASE_WAIT_MS = 120_000;

/** how often the database is asked while it is away */
const PROBE_MS = 500;

/** Node's network errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when the error says the database could not be reached or went away, not that the work
 * was wrong: a refused or cut connection (also under a transaction), a server shutting down
 * or starting up (SQLSTATE 57P01-57P03), a server that takes no more connections (53300 "sorry,
 * too many clients already": a shared server full for a moment) and the connection exceptions
 * (class 08). Such a failure is not the message's fault and must not use up its attempts.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    // TypeORM, when the connection under a transaction was lost and released
    if (name === 'QueryRunnerProviderAlreadyReleasedError') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || /^57P0[123]$/.test(code) || /^08/.test(code) || code === '53300')) return true;
    if (typeof message === 'string' && /Connection terminated|connection is closed|Client has encountered a connection error/i.test(message)) return true;
    // TypeORM keeps the driver's error; AggregateError (a connect tried on every address) its parts
    const next = (e as { driverError?: unknown; cause?: unknown; errors?: unknown[] }).driverError ?? (e as { cause?: unknown }).cause ?? (e as { errors?: unknown[] }).errors?.[0];
    e = next;
  }
  return false;
}

export interface DatabaseWaitOptions {
  /** how long to wait at most (default DATABASE_WAIT_MS) */
  timeoutMs?: number;
  /** called at every probe: keeps the message held (JetStream's progress ack) */
  working?: () => void;
  /** ends the wait early (shutdown) */
  stopped?: () => boolean;
}

/**
 * Waits until the database answers a query again. Resolves true when it does, false when the
 * time is over or the wait was stopped.
 */
export async function waitForDatabase(dataSource: DataSource, opts: DatabaseWaitOptions = {}): Promise<boolean> {
  const deadline = Date.now() + (opts.timeoutMs ?? DATABASE_WAIT_MS);
  while (Date.now() < deadline && !opts.stopped?.()) {
    opts.working?.();
    await new Promise((r) => setTimeout(r, PROBE_MS));
    try {
      await dataSource.query('SELECT 1');
      return true;
    } catch (err) {
      // anything else than unavailability: let the caller's own handling see it
      if (!isDatabaseUnavailable(err)) return true;
    }
  }
  return false;
}

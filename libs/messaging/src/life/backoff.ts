/** How a wait grows between tries: the first wait, doubled per try, never longer than the most. */
export interface BackoffSchedule {
  /** the wait after the first failed try */
  baseMs: number;
  /** the longest wait */
  maxMs: number;
}

/**
 * The wait before the next try after `tries` tries failed (1 = the first one): `baseMs`
 * doubled per try after the first, at most `maxMs`. The only retry delay of the product:
 * messages offered again, pipeline jobs, push deliveries and the outbox relay's wake-up
 * connection each pass their own schedule.
 */
export function backoff(tries: number, schedule: BackoffSchedule): number {
  return Math.min(schedule.maxMs, schedule.baseMs * 2 ** Math.max(0, Math.min(tries - 1, 30)));
}

/** A message whose handling failed is offered again after 400 ms, doubled per delivery, at most 30 s. */
export const MESSAGE_RETRY: BackoffSchedule = { baseMs: 400, maxMs: 30_000 };

/** A message that could not be parked in the dead-letter stream (NATS away) is offered again after this. */
export const PARK_RETRY_MS = 5_000;

/**
 * When a client sends a call again, declared once for every client of the API (the web app's
 * `api` client, the uploads straight to storage, the robots' documented contract in
 * docs/delivery.md).
 *
 * A call is sent again only when repeating it cannot do anything twice, and only when the
 * failure may pass on its own: two gateways behind a load balancer, a PostgreSQL fail-over or a
 * NATS server restarting refuse calls for a moment with no answer at all or a 502, 503 or 504.
 *
 * - Repeatable: GET, HEAD, OPTIONS, PUT and DELETE (idempotent by RFC 9110, section 9.2.2), and a
 *   POST or PATCH only when its route is marked `idempotent: true` (`defineRoute`): the server
 *   makes a repeat answer what the first did (`POST /images/upload-complete`,
 *   `POST /robot/messages/:id/ack`). Any other POST is never sent again: a call that got no
 *   answer may have been executed, and the browser cannot tell "refused before it was sent"
 *   from "lost on the way back".
 * - Retried failures: no answer at all (`NO_ANSWER`: a network error, the connection refused or
 *   reset) and 502, 503, 504. Everything else is an answer (4xx, 500) and is final.
 * - At most `maxAttempts` (4) sends in all, waiting `retryDelayMs` before each new one:
 *   250 ms, 500 ms, 1 s (each between half of that and all of it, at random, so that clients
 *   refused together do not come back together), at most 4 s; a `Retry-After` of the answer
 *   wins, up to 10 s.
 *
 * Pure: no timer, no fetch; the clients do the waiting.
 */

/** The status a client gives a call that got no answer at all (network error, connection refused or reset). */
export const NO_ANSWER = 0;

export const RETRY_POLICY = {
  /** the methods a repeat of which cannot do anything twice (RFC 9110, section 9.2.2) */
  idempotentMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'] as readonly string[],
  /** the failures that may pass on their own: no answer, bad gateway, unavailable, gateway timeout */
  retriedStatuses: [NO_ANSWER, 502, 503, 504] as readonly number[],
  /** sends in all, the first included */
  maxAttempts: 4,
  /** the wait before the second send; doubled before each next one */
  baseDelayMs: 250,
  /** no wait of the backoff is longer */
  maxDelayMs: 4000,
  /** a server's `Retry-After` is followed up to this */
  maxRetryAfterMs: 10_000,
} as const;

/** A repeat of this call cannot do anything twice: an idempotent method, or a route marked `idempotent: true`. */
export function isIdempotentCall(method: string, idempotentRoute = false): boolean {
  return idempotentRoute || RETRY_POLICY.idempotentMethods.includes(method.toUpperCase());
}

/** The failure may pass on its own (no answer, 502, 503, 504). */
export function isRetriedStatus(status: number): boolean {
  return RETRY_POLICY.retriedStatuses.includes(status);
}

/**
 * Whether a call is sent again after its `attempt`-th send (1 for the first) failed with
 * `status` (`NO_ANSWER` when nothing came back): a repeatable call, a failure that may pass,
 * and sends left.
 */
export function isRetryable(method: string, status: number, attempt: number, idempotentRoute = false): boolean {
  return attempt < RETRY_POLICY.maxAttempts && isRetriedStatus(status) && isIdempotentCall(method, idempotentRoute);
}

/**
 * A `Retry-After` header in milliseconds: delay-seconds (`"3"`) or an HTTP date; `undefined`
 * when missing or unreadable, at most `maxRetryAfterMs`.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    // an HTTP date starts with the day's name (`Sun, 06 Nov 1994 08:49:37 GMT`)
    const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, RETRY_POLICY.maxRetryAfterMs);
}

/**
 * The wait before the next send after the `attempt`-th (1 for the first) failed: the server's
 * `Retry-After` when it gave a readable one (at most 10 s), otherwise 250 ms doubled per attempt
 * (at most 4 s) with jitter, between half of it and all of it (`random` in [0, 1)).
 */
export function retryDelayMs(attempt: number, retryAfterHeader?: string | null, random: () => number = Math.random): number {
  const asked = retryAfterMs(retryAfterHeader);
  if (asked !== undefined) return asked;
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const ceiling = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** Math.min(exponent, 30));
  const share = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling / 2 + (ceiling / 2) * share);
}

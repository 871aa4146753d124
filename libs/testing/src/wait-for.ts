/** Polls `check` until it returns a truthy value (returned) or the time is up (throws). */
type Falsy = null | undefined | false;

export async function waitFor<T>(
  check: () => Promise<T | Falsy> | T | Falsy,
  what: string,
  timeoutMs = 10000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Reads with `read` until what it answers passes `ok`, and answers that value; the time is up
 * after `timeoutMs` (throws, naming `what`). For "the order once it is Completed", "the history
 * once it has three versions".
 */
export function waitUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 10000, intervalMs = 50): Promise<T> {
  return waitFor(
    async () => {
      const value = await read();
      return ok(value) ? { value } : null;
    },
    what,
    timeoutMs,
    intervalMs,
  ).then((found) => found.value);
}

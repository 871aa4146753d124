/** how long an answer is kept at most, whatever the version says */
export const VERSIONED_CACHE_TTL_MS = 10_000;
/** how many answers are kept (the oldest goes first) */
export const VERSIONED_CACHE_MAX = 500;

/**
 * Answers of the orders list that cost a visit to many rows (the count of a search, the
 * orders per day under a filter), each with the version of the orders it was read at
 * (`order_search_version`). An answer is good only while the version has not moved, and for
 * `VERSIONED_CACHE_TTL_MS` at most: the version moves moments before a change commits, so an
 * answer read in that instant could miss the change, and the time limit bounds how long.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: T; at: number }>();

  constructor(
    private readonly ttlMs = VERSIONED_CACHE_TTL_MS,
    private readonly max = VERSIONED_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, version: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || this.now() - e.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, version: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value, at: this.now() });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

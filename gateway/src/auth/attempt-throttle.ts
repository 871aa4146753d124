/** The limit of an `AttemptThrottle`. */
export interface ThrottleLimit {
  /** attempts of one key within the window; the one that reaches it locks the key */
  max: number;
  windowMs: number;
  /** the first lock; each next one of the same key lasts twice as long */
  lockMs: number;
  /** the longest lock */
  maxLockMs: number;
  /** keys remembered at most; past it the least recently counted is forgotten */
  maxKeys: number;
}

interface KeyState {
  attempts: number;
  windowStart: number;
  lockedUntil: number;
  lockouts: number;
  /** when the key was last counted or locked: a key quiet for a whole window starts over */
  lastAt: number;
}

/**
 * Attempts per key (a client's address) in this process, counted before the attempt's work is
 * done: `admit` answers whether an attempt may go ahead, and counts it; `forgive` takes the
 * count back when the attempt succeeded. The attempt that reaches `max` within the window
 * locks the key: the first lock lasts `lockMs`, each next one twice the one before (at most
 * `maxLockMs`), until the key has been quiet for a whole window. `admit` runs without waiting,
 * so requests arriving at once are counted one after the other.
 */
export class AttemptThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly limit: ThrottleLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when the attempt may go ahead (it is counted), else the milliseconds until the key's lock ends. */
  admit(key: string): number {
    const now = this.now();
    const state = this.keys.get(key);
    // re-inserted last on every attempt: the map's order is the order of last use
    this.keys.delete(key);
    if (state && state.lockedUntil > now) {
      this.keys.set(key, state);
      return state.lockedUntil - now;
    }
    const quiet = !state || state.lastAt + this.limit.windowMs <= now;
    const fresh = quiet || state.lockedUntil > 0 || state.windowStart + this.limit.windowMs <= now;
    const next: KeyState = {
      attempts: fresh ? 1 : state.attempts + 1,
      windowStart: fresh ? now : state.windowStart,
      lockedUntil: 0,
      lockouts: quiet ? 0 : state.lockouts,
      lastAt: now,
    };
    if (next.attempts >= this.limit.max) {
      next.lockedUntil = now + Math.min(this.limit.lockMs * 2 ** Math.min(next.lockouts, 30), this.limit.maxLockMs);
      next.lockouts += 1;
    }
    this.keys.set(key, next);
    if (this.keys.size > this.limit.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
    return 0;
  }

  /** Takes back an attempt `admit` counted, which succeeded; and the lock it set, if it did. */
  forgive(key: string): void {
    const state = this.keys.get(key);
    if (!state || state.attempts === 0) return;
    if (state.attempts >= this.limit.max) {
      state.lockedUntil = 0;
      state.lockouts -= 1;
    }
    state.attempts -= 1;
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.keys.size;
  }
}

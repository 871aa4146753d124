import { AttemptThrottle, type ThrottleLimit } from './attempt-throttle';

const LIMIT: ThrottleLimit = { max: 3, windowMs: 10_000, lockMs: 1000, maxLockMs: 5000, maxKeys: 100 };

describe('AttemptThrottle', () => {
  let now: number;
  const throttle = (limit: Partial<ThrottleLimit> = {}) => new AttemptThrottle({ ...LIMIT, ...limit }, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('lets `max` attempts through, the last of them locking the key; the next waits for the lock', () => {
    const t = throttle();
    expect([t.admit('a'), t.admit('a'), t.admit('a')]).toEqual([0, 0, 0]);
    expect(t.admit('a')).toBe(1000);
    now += 400;
    expect(t.admit('a')).toBe(600);
  });

  it('counts each key apart', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.admit('a');
    expect(t.admit('a')).toBeGreaterThan(0);
    expect(t.admit('b')).toBe(0);
  });

  it('a lock ends exactly at its time, and the key starts counting again from one', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.admit('a');
    now += 999;
    expect(t.admit('a')).toBe(1);
    now += 1;
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(0);
    // the third attempt after the lock locks again
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBeGreaterThan(0);
  });

  it('each next lock lasts twice the one before, up to the longest', () => {
    const t = throttle();
    const locks: number[] = [];
    for (let n = 0; n < 5; n++) {
      for (let i = 0; i < 3; i++) expect(t.admit('a')).toBe(0);
      const lock = t.admit('a');
      locks.push(lock);
      now += lock;
    }
    expect(locks).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('a key quiet for a whole window starts again from the shortest lock', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.admit('a');
    now += 1000;
    for (let i = 0; i < 3; i++) t.admit('a');
    expect(t.admit('a')).toBe(2000);
    // quiet since the last attempt: exactly one window later it is forgotten
    now += 10_000;
    for (let i = 0; i < 3; i++) expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(1000);
  });

  it('a window that ran out starts the count again, even while attempts kept coming', () => {
    const t = throttle();
    t.admit('a');
    now += 9_000;
    t.admit('a');
    // the window of the first attempt ends: this one counts as the first of a new window
    now += 1_000;
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(1000);
  });

  it('attempts within the window keep counting', () => {
    const t = throttle();
    t.admit('a');
    now += 9_999;
    t.admit('a');
    t.admit('a');
    expect(t.admit('a')).toBeGreaterThan(0);
  });

  it('forgive takes back a successful attempt: it neither counts nor locks', () => {
    const t = throttle();
    for (let i = 0; i < 10; i++) {
      expect(t.admit('a')).toBe(0);
      t.forgive('a');
    }
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(0);
    t.forgive('a');
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(1000);
  });

  it('forgiving more often than counted does not make room for more attempts', () => {
    const t = throttle();
    t.admit('a');
    t.forgive('a');
    t.forgive('a');
    expect([t.admit('a'), t.admit('a'), t.admit('a')]).toEqual([0, 0, 0]);
    expect(t.admit('a')).toBe(1000);
  });

  it('forgiving the attempt that locked the key lifts the lock, and the next lock is again the shortest', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.admit('a');
    t.forgive('a');
    expect(t.admit('a')).toBe(0);
    expect(t.admit('a')).toBe(1000);
  });

  it('forgiving a key never counted does nothing', () => {
    const t = throttle();
    t.forgive('a');
    expect(t.size).toBe(0);
    expect([t.admit('a'), t.admit('a'), t.admit('a')]).toEqual([0, 0, 0]);
    expect(t.admit('a')).toBe(1000);
  });

  it('remembers at most `maxKeys`, forgetting the least recently counted first', () => {
    const t = throttle({ maxKeys: 2 });
    for (let i = 0; i < 3; i++) t.admit('a');
    t.admit('b');
    // a is counted again (refused: still locked), so b is now the oldest
    expect(t.admit('a')).toBeGreaterThan(0);
    t.admit('c');
    expect(t.size).toBe(2);
    expect(t.admit('a')).toBeGreaterThan(0);
    // b was forgotten: it counts from one again
    t.admit('b');
    t.admit('b');
    expect(t.admit('b')).toBe(0);
  });
});

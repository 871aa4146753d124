import { backoff } from '@app/messaging';

describe("the push delivery's retry schedule (the shared backoff)", () => {
  it('doubles from the first wait after each try, up to the cap', () => {
    const schedule = { baseMs: 30_000, maxMs: 3_600_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoff(n, schedule))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(backoff(9, schedule)).toBe(3_600_000);
    expect(backoff(1000, schedule)).toBe(3_600_000);
    expect(backoff(0, schedule)).toBe(30_000);
  });
});

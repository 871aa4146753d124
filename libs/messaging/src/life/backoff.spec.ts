import { backoff, MESSAGE_RETRY } from './backoff';

describe('backoff: the one retry delay of the product', () => {
  it('waits the first wait after the first failed try, doubled per try, at most the cap', () => {
    const schedule = { baseMs: 100, maxMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoff(n, schedule))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('takes no try (or a nonsense count) as the first, and never overflows', () => {
    expect(backoff(0, MESSAGE_RETRY)).toBe(400);
    expect(backoff(-3, MESSAGE_RETRY)).toBe(400);
    expect(backoff(10_000, { baseMs: 1, maxMs: Number.POSITIVE_INFINITY })).toBe(2 ** 30);
  });

  it('gives messages and pipeline jobs the waits they had', () => {
    // messages: 200 ms × 2^delivery, at most 30 s
    expect([1, 2, 3, 8].map((d) => backoff(d, MESSAGE_RETRY))).toEqual([1, 2, 3, 8].map((d) => Math.min(30_000, 200 * 2 ** d)));
    // pipeline jobs: PIPELINE_RETRY_DELAY_MS × 2^(delivery − 1), at most 60 s
    expect([1, 2, 3, 12].map((d) => backoff(d, { baseMs: 2000, maxMs: 60_000 }))).toEqual([1, 2, 3, 12].map((d) => Math.min(60_000, 2000 * 2 ** (d - 1))));
  });
});

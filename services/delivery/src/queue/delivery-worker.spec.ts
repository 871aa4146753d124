import { retryDelayMs } from './delivery-worker';

describe('retryDelayMs', () => {
  it('doubles from the first wait after each try, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(9, 30_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(1000, 30_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(0, 30_000, 3_600_000)).toBe(30_000);
  });
});

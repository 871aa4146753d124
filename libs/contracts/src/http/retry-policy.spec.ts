import { isIdempotentCall, isRetryable, NO_ANSWER, retryAfterMs, retryDelayMs, RETRY_POLICY } from './retry-policy';
import { Routes } from '.';

describe('the retry policy: which calls are sent again', () => {
  it.each(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'get'])('%s is idempotent', (method) => {
    expect(isIdempotentCall(method)).toBe(true);
  });

  it.each(['POST', 'PATCH'])('%s is not, unless its route says so', (method) => {
    expect(isIdempotentCall(method)).toBe(false);
    expect(isIdempotentCall(method, true)).toBe(true);
  });

  it.each([
    ['no answer at all', NO_ANSWER],
    ['bad gateway', 502],
    ['unavailable', 503],
    ['gateway timeout', 504],
  ])('retries an idempotent call that got %s', (_name, status) => {
    expect(isRetryable('GET', status, 1)).toBe(true);
    expect(isRetryable('DELETE', status, 3)).toBe(true);
  });

  it.each([200, 201, 204, 400, 401, 403, 404, 409, 413, 429, 500, 501])('takes %i as the answer', (status) => {
    expect(isRetryable('GET', status, 1)).toBe(false);
  });

  it('never repeats a POST that got no answer or a 503: it may have been executed', () => {
    expect(isRetryable('POST', NO_ANSWER, 1)).toBe(false);
    expect(isRetryable('POST', 503, 1)).toBe(false);
    expect(isRetryable('PATCH', 502, 1)).toBe(false);
  });

  it('repeats a POST of a route marked idempotent', () => {
    expect(isRetryable('POST', 503, 1, true)).toBe(true);
    expect(isRetryable('POST', NO_ANSWER, 2, true)).toBe(true);
  });

  it('sends 4 times in all: no retry after the 4th', () => {
    expect(RETRY_POLICY.maxAttempts).toBe(4);
    expect([1, 2, 3, 4, 5].map((attempt) => isRetryable('GET', 503, attempt))).toEqual([true, true, true, false, false]);
  });

  it('marks the POSTs that are safe to repeat in the contract, and only those', () => {
    expect(Routes.images.uploadComplete.idempotent).toBe(true);
    expect(Routes.videos.uploadComplete.idempotent).toBe(true);
    expect(Routes.robot.ack.idempotent).toBe(true);
    // a pull leases messages: a repeat would lease more
    expect(Routes.robot.pull.idempotent).toBeUndefined();
    expect(Routes.robot.release.idempotent).toBeUndefined();
    expect(Routes.orders.create.idempotent).toBeUndefined();
    const marked = Object.values(Routes).flatMap((area) => Object.values(area as Record<string, { method: string; path: string; idempotent?: boolean }>).filter((r) => r.idempotent));
    expect(marked.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['POST /images/upload-complete', 'POST /robot/messages/:id/ack', 'POST /videos/upload-complete']);
  });
});

describe('the retry policy: how long to wait', () => {
  it('doubles from 250 ms, at most 4 s; with the top of the jitter exactly that', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, undefined, top))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('jitters between half the wait and all of it', () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(125);
    expect(retryDelayMs(2, undefined, () => 0.5)).toBe(375);
    expect(retryDelayMs(3, undefined, () => 0)).toBe(500);
    for (let i = 0; i < 200; i++) {
      const wait = retryDelayMs(3);
      expect(wait).toBeGreaterThanOrEqual(500);
      expect(wait).toBeLessThanOrEqual(1000);
    }
  });

  it("follows the server's Retry-After in seconds, at most 10 s", () => {
    expect(retryDelayMs(1, '2')).toBe(2000);
    expect(retryDelayMs(3, '0')).toBe(0);
    expect(retryDelayMs(1, '120')).toBe(10_000);
  });

  it('reads a Retry-After date; ignores one it cannot read', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(retryAfterMs('Sun, 29 Nov 2026 12:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Sun, 29 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryDelayMs(1, 'soon', () => 0.999999)).toBe(250);
  });
});

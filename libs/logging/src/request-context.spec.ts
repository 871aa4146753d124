import { currentRequestId, runWithRequestContext } from './request-context';

describe('currentRequestId: the id a service calls with on its own behalf', () => {
  it('is the id of the work at hand, so the call joins its logs', () => {
    expect(runWithRequestContext({ requestId: 'req-9' }, () => currentRequestId())).toBe('req-9');
  });

  it('is a fresh id for work that starts on its own', () => {
    const fresh = currentRequestId();
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(currentRequestId()).not.toBe(fresh);
  });
});

import type { NextFunction, Request, Response } from 'express';
import { requestIdMiddleware, requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** the id a request gets when it came with this x-request-id, and the one echoed to the client */
function idFor(given: string | undefined) {
  const req = { header: (name: string) => (name === 'x-request-id' ? given : undefined) } as unknown as Request;
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
  let nextCalled = false;
  requestIdMiddleware(req, res, (() => (nextCalled = true)) as NextFunction);
  return { id: requestIdOf(req), echoed: headers['x-request-id'], nextCalled };
}

describe('requestIdMiddleware: every request has an id, echoed in the response', () => {
  it('keeps the caller\'s id when it is sane, up to 128 characters', () => {
    expect(idFor('mobile-app:7f3a.b_2')).toEqual({ id: 'mobile-app:7f3a.b_2', echoed: 'mobile-app:7f3a.b_2', nextCalled: true });
    const longest = 'a'.repeat(128);
    expect(idFor(longest).id).toBe(longest);
  });

  it('makes a new one when the caller gave none, or one too long or holding other characters', () => {
    for (const given of [undefined, '', 'a'.repeat(129), 'id with spaces', 'id\nInjected: header', 'ïd', 'a/b']) {
      const { id, echoed, nextCalled } = idFor(given);
      expect(id).toMatch(UUID);
      expect(echoed).toBe(id);
      expect(nextCalled).toBe(true);
    }
  });

  it('gives a request that never went through the middleware an id all the same', () => {
    expect(requestIdOf({} as Request)).toMatch(UUID);
  });
});

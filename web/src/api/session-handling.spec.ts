import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SESSION_REFRESH_FAILED_MESSAGE } from '@app/contracts/wire';
import { caught, fail, fakeApi, reply, testUser } from '../test/fakeApi';
import { api, setSessionHooks } from './client';
import { sessionStore, SESSION_STORAGE_KEY } from './session';

const hooks = { onSignedOut: jest.fn(), onSessionExpired: jest.fn(), onUnauthorized: jest.fn() };
let restoreHooks: () => void;

beforeEach(() => {
  restoreHooks = setSessionHooks(hooks);
});

afterEach(() => {
  restoreHooks();
  for (const hook of Object.values(hooks)) hook.mockReset();
});

// a new refresh token per test, as every real sign-in gets (the client remembers refused ones)
let refreshToken = '';
let signIns = 0;
const signIn = () => {
  refreshToken = `refresh-${++signIns}`;
  sessionStore.start({ accessToken: 'access-1', refreshToken, expiresIn: 900 }, testUser());
};
const bearer = (headers: Record<string, string>) => headers['Authorization'];

describe('API client session handling', () => {
  it('sends the access token of the session', async () => {
    signIn();
    const gateway = fakeApi({ 'GET /orders': () => reply(200, { items: [] }) });

    await api.get('/orders');

    expect(bearer(gateway.requests[0]!.headers)).toBe('Bearer access-1');
  });

  it('refreshes the session once on a 401, stores the new tokens and sends the call again', async () => {
    signIn();
    const gateway = fakeApi({
      'GET /orders': (req) => (bearer(req.headers) === 'Bearer access-2' ? reply(200, { items: [1] }) : fail(401, 'Unauthorized')),
      'POST /auth/refresh': () => reply(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 }),
    });

    await expect(api.get('/orders')).resolves.toEqual({ items: [1] });

    expect(gateway.to('POST /auth/refresh').map((r) => r.body)).toEqual([{ refreshToken }]);
    expect(gateway.to('GET /orders')).toHaveLength(2);
    expect(sessionStore.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(hooks.onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls failing at the same time', async () => {
    signIn();
    let release!: () => void;
    const refreshed = new Promise<void>((resolve) => (release = resolve));
    const gateway = fakeApi({
      'GET /a': (req) => (bearer(req.headers) === 'Bearer access-2' ? reply(200, { v: 'a' }) : fail(401, 'Unauthorized')),
      'GET /b': (req) => (bearer(req.headers) === 'Bearer access-2' ? reply(200, { v: 'b' }) : fail(401, 'Unauthorized')),
      'POST /auth/refresh': async () => {
        await refreshed;
        return reply(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 });
      },
    });

    const both = Promise.all([api.get('/a'), api.get('/b')]);
    await new Promise((r) => setTimeout(r, 0));
    release();

    await expect(both).resolves.toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
  });

  it('does not refresh twice: a 401 after a good refresh goes to /error/401', async () => {
    signIn();
    const gateway = fakeApi({
      'GET /reports': () => fail(401, 'Unauthorized'),
      'POST /auth/refresh': () => reply(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 }),
    });

    const error = await caught(api.get('/reports'));

    expect(error.statusCode).toBe(401);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
    expect(gateway.to('GET /reports')).toHaveLength(2);
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onSessionExpired).not.toHaveBeenCalled();
  });

  it('when the refresh is refused: the session-expired reaction, once, and the call fails with its message', async () => {
    signIn();
    const gateway = fakeApi({
      'GET /a': () => fail(401, 'Unauthorized'),
      'GET /b': () => fail(401, 'Unauthorized'),
      'POST /auth/refresh': () => fail(401, 'Your session cannot be refreshed. Please log in again'),
    });

    const [a, b] = await Promise.all([caught(api.get('/a')), caught(api.get('/b'))]);

    expect(a.message).toBe(SESSION_REFRESH_FAILED_MESSAGE);
    expect(b.statusCode).toBe(401);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
    expect(hooks.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    // each call is sent once: no retry without a new token
    expect(gateway.to('GET /a')).toHaveLength(1);

    // a call failing later with the same dead session neither asks nor warns again
    expect((await caught(api.get('/a'))).message).toBe(SESSION_REFRESH_FAILED_MESSAGE);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
    expect(hooks.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh gets no answer (the gateway is down, the session may be fine)', async () => {
    signIn();
    const gateway = fakeApi({
      'GET /a': () => fail(401, 'Unauthorized'),
      'POST /auth/refresh': () => fail(503, 'The users service is unavailable'),
    });

    const error = await caught(api.get('/a'));

    expect(error.statusCode).toBe(401);
    expect(error.message).toBe('Unauthorized');
    expect(hooks.onSessionExpired).not.toHaveBeenCalled();
    expect(sessionStore.get()?.refreshToken).toBe(refreshToken);
    // the refresh is a POST that spends its token: never sent again
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
  });

  it('a 503 is sent again with the same token; a 401 after it still refreshes once', async () => {
    signIn();
    let sends = 0;
    const gateway = fakeApi({
      'GET /orders': (req) => {
        sends += 1;
        if (sends === 1) return fail(503, 'The orders service is unavailable');
        return bearer(req.headers) === 'Bearer access-2' ? reply(200, { items: [1] }) : fail(401, 'Unauthorized');
      },
      'POST /auth/refresh': () => reply(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 }),
    });

    await expect(api.get('/orders')).resolves.toEqual({ items: [1] });

    expect(gateway.to('GET /orders').map((r) => bearer(r.headers))).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-2']);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
    expect(Object.values(hooks).every((h) => h.mock.calls.length === 0)).toBe(true);
  });

  it('the call sent again after a refresh is retried too when it meets a 502', async () => {
    signIn();
    let afterRefresh = 0;
    const gateway = fakeApi({
      'GET /orders': (req) => {
        if (bearer(req.headers) !== 'Bearer access-2') return fail(401, 'Unauthorized');
        afterRefresh += 1;
        return afterRefresh === 1 ? fail(502, 'Bad gateway') : reply(200, { items: [2] });
      },
      'POST /auth/refresh': () => reply(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 }),
    });

    await expect(api.get('/orders')).resolves.toEqual({ items: [2] });
    expect(gateway.to('GET /orders')).toHaveLength(3);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(1);
  });

  it('goes to /logout when a call needs a session and there is none', async () => {
    const gateway = fakeApi({ 'GET /me': () => fail(401, 'Unauthorized') });

    const error = await caught(api.get('/me'));

    expect(error.statusCode).toBe(401);
    expect(hooks.onSignedOut).toHaveBeenCalledTimes(1);
    expect(gateway.to('POST /auth/refresh')).toHaveLength(0);
  });

  it('leaves the 401 of a sign-in call alone: it is the answer', async () => {
    signIn();
    const gateway = fakeApi({ 'POST /auth/login': () => fail(401, 'Incorrect username or password.') });

    const error = await caught(api.post('/auth/login', { email: 'a@b.test', password: 'wrong-pass' }, { session: false }));

    expect(error.message).toBe('Incorrect username or password.');
    expect(bearer(gateway.requests[0]!.headers)).toBeUndefined();
    expect(gateway.to('POST /auth/refresh')).toHaveLength(0);
    expect(Object.values(hooks).every((h) => h.mock.calls.length === 0)).toBe(true);
  });

  it('does not retry other failures (403, 404, 500 are answers, not session problems)', async () => {
    signIn();
    const gateway = fakeApi({ 'GET /users/x': () => fail(403, 'You do not have permission to do this.') });

    const error = await caught(api.get('/users/x'));

    expect(error.statusCode).toBe(403);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('session store', () => {
  it('persists tokens and user, and forgets them on clear', () => {
    signIn();
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({
      accessToken: 'access-1',
      refreshToken,
      user: { email: 'dealer@demo.test' },
    });
    sessionStore.clear();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });

  it('ignores a corrupt stored value', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"accessToken": 3');
    sessionStore.reload();
    expect(sessionStore.get()).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Routes } from '@app/contracts/http';
import { caught } from '../test/fakeApi';
import { fakeResponse } from '../test/render';
import { api, NO_RESPONSE, setRetryWait, timerWait } from './client';

const fetchMock = jest.fn<typeof fetch>();

afterEach(() => {
  fetchMock.mockReset();
});

window.fetch = fetchMock;

describe('api.call: an operation from its route value', () => {
  it('fills the path parameters, sends the query and body, and answers the route result', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ id: 'o1' }));

    const order = await api.call(Routes.qaWorkspace.release, { params: { id: 'o 1' }, query: { role: 'editor' } });

    expect(order.id).toBe('o1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders/o%201/qa/pick?role=editor');
    expect(init?.method).toBe('DELETE');
  });

  it('sends the body of a route that takes one', async () => {
    fetchMock.mockResolvedValue(fakeResponse([]));

    await api.call(Routes.tags.assign, { params: { entity: 'orders', entityId: 'o1' }, body: { tagId: 't1' } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tags/orders/o1');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"tagId":"t1"}');
  });

  it('is checked by the compiler: params exactly when the path has them, the result typed from the route', () => {
    // never called: what matters is that `npm run typecheck` accepts exactly these
    const compileOnly = async () => {
      // @ts-expect-error a path with :id needs params
      await api.call(Routes.orders.get, {});
      // @ts-expect-error a path without parameters takes none
      await api.call(Routes.orders.list, { params: { id: 'x' } });
      const page = await api.call(Routes.orders.list);
      const total: number = page.total;
      // @ts-expect-error the result is the route's (a page has no orderName)
      void page.orderName;
      return total;
    };
    expect(typeof compileOnly).toBe('function');
  });
});

describe('api client', () => {
  it('sends JSON to /api and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ id: 7 }, { status: 201 }));

    const result = await api.post<{ id: number }>('/orders', { name: 'Golf' }, { query: { draft: true, skip: undefined } });

    expect(result).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders?draft=true');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Golf"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it("throws the server's statusCode and message", async () => {
    fetchMock.mockResolvedValue(fakeResponse({ statusCode: 404, message: 'Order 12 not found' }, { status: 404, statusText: 'Not Found' }));

    const error = await caught(api.get('/orders/12'));

    expect(error.statusCode).toBe(404);
    expect(error.message).toBe('Order 12 not found');
  });

  it('joins a list of validation messages', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({ statusCode: 400, message: ['name is too short', 'email must be an email'] }, { status: 400 }),
    );

    const error = await caught(api.post('/users', {}));

    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('name is too short; email must be an email');
  });

  it('falls back to the HTTP status when the body is not JSON', async () => {
    fetchMock.mockResolvedValue(fakeResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', contentType: 'text/html' }));

    const error = await caught(api.get('/health'));

    expect(error.statusCode).toBe(502);
    expect(error.message).toBe('502 Bad Gateway');
  });

  it('reports an unreachable server with statusCode 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await caught(api.get('/health'));

    expect(error.statusCode).toBe(NO_RESPONSE);
    expect(error.message).toBe('Failed to fetch');
  });

  it('rejects a 2xx answer that is not JSON (a static fallback page, not the API)', async () => {
    fetchMock.mockResolvedValue(fakeResponse('<!doctype html>', { status: 200, contentType: 'text/html' }));

    const error = await caught(api.get('/health'));

    expect(error.statusCode).toBe(200);
    expect(error.message).toMatch(/Expected JSON/);
  });
});

describe('api client: idempotent calls are sent again when no answer or a 502/503/504 came back', () => {
  /** the waits the client asked for before each new send */
  let waits: number[];
  let restoreWait: () => void;
  beforeEach(() => {
    waits = [];
    restoreWait = setRetryWait(async (ms) => {
      waits.push(ms);
    });
  });
  afterEach(() => restoreWait());

  const unavailable = (headers: Record<string, string> = {}) =>
    fakeResponse({ statusCode: 503, message: 'The orders service is unavailable' }, { status: 503, statusText: 'Service Unavailable', headers });

  it('a GET answered 503 is sent again after a wait, and its second answer is the result', async () => {
    fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(fakeResponse({ items: [1] }));

    await expect(api.get('/orders')).resolves.toEqual({ items: [1] });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['GET /api/orders', 'GET /api/orders']);
    expect(waits).toHaveLength(1);
    // 250 ms, with jitter between half of it and all of it
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[0]).toBeLessThanOrEqual(250);
  });

  it('a GET that got no answer at all (the connection refused or reset) is sent again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(fakeResponse({ ok: true }));

    await expect(api.get('/me')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([502, 504])('a PUT or DELETE answered %i is sent again', async (status) => {
    fetchMock.mockResolvedValueOnce(fakeResponse({}, { status })).mockResolvedValueOnce(fakeResponse({ saved: true }));
    await expect(api.put('/banner/1', { message: 'Hi' })).resolves.toEqual({ saved: true });
    fetchMock.mockResolvedValueOnce(fakeResponse({}, { status })).mockResolvedValueOnce(fakeResponse({ deleted: true }));
    await expect(api.delete('/tags/t1')).resolves.toEqual({ deleted: true });
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
    // the body goes again, the same
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('{"message":"Hi"}');
  });

  it('sends 4 times in all, waiting longer each time; the caller gets the last failure', async () => {
    fetchMock.mockImplementation(async () => unavailable());

    const error = await caught(api.get('/orders'));

    expect(error.statusCode).toBe(503);
    expect(error.message).toBe('The orders service is unavailable');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(waits).toHaveLength(3);
    [[125, 250], [250, 500], [500, 1000]].forEach(([low, high], i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(low!);
      expect(waits[i]).toBeLessThanOrEqual(high!);
    });
  });

  it('no answer 4 times: the caller gets statusCode 0 after the 4th', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await caught(api.get('/health'));

    expect(error.statusCode).toBe(NO_RESPONSE);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("waits the seconds of the answer's Retry-After", async () => {
    fetchMock.mockResolvedValueOnce(unavailable({ 'Retry-After': '2' })).mockResolvedValueOnce(fakeResponse({ items: [] }));

    await api.get('/orders');

    expect(waits).toEqual([2000]);
  });

  it('never sends a POST again: it may have been executed', async () => {
    fetchMock.mockResolvedValue(unavailable());
    expect((await caught(api.post('/orders', { orderName: 'Golf' }))).statusCode).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await caught(api.call(Routes.tags.assign, { params: { entity: 'orders', entityId: 'o1' }, body: { tagId: 't1' } }))).statusCode).toBe(NO_RESPONSE);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(fakeResponse({}, { status: 502 }));
    await caught(api.patch('/orders/o1', { note: 'x' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('sends a POST of a route marked idempotent again (the upload check)', async () => {
    fetchMock.mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(fakeResponse({ id: 'img-1' }));

    const image = await api.call(Routes.images.uploadComplete, { body: { imageId: 'img-1' } });

    expect(image.id).toBe('img-1');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['POST /api/images/upload-complete', 'POST /api/images/upload-complete']);
  });

  it('does not send again what is an answer (400, 404, 409, 500)', async () => {
    for (const status of [400, 404, 409, 500]) {
      fetchMock.mockReset();
      fetchMock.mockResolvedValue(fakeResponse({ statusCode: status, message: 'no' }, { status }));
      expect((await caught(api.get('/orders/1'))).statusCode).toBe(status);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('`retry: false` sends a call once (the status page probes the health)', async () => {
    fetchMock.mockResolvedValue(unavailable());
    expect((await caught(api.call(Routes.health.all, { retry: false }))).statusCode).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an aborted call is not sent again', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    const error = await caught(api.get('/orders', { signal: controller.signal }));

    expect(error.statusCode).toBe(NO_RESPONSE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('an abort during the wait ends it: no other send, the call fails at once', async () => {
    restoreWait();
    restoreWait = setRetryWait(timerWait);
    jest.useFakeTimers();
    try {
      const controller = new AbortController();
      fetchMock.mockResolvedValue(unavailable({ 'Retry-After': '5' }));

      const failed = caught(api.get('/orders', { signal: controller.signal }));
      // the first answer came: the client waits its 5 s
      await jest.advanceTimersByTimeAsync(1000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      controller.abort();
      const error = await failed;

      expect(error.statusCode).toBe(NO_RESPONSE);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("the client's own wait is a timer of the asked length", async () => {
    restoreWait();
    restoreWait = setRetryWait(timerWait);
    jest.useFakeTimers();
    try {
      fetchMock.mockResolvedValueOnce(unavailable({ 'Retry-After': '3' })).mockResolvedValueOnce(fakeResponse({ items: [] }));

      const answered = api.get('/orders');
      await jest.advanceTimersByTimeAsync(2999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(answered).resolves.toEqual({ items: [] });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

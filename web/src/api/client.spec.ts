import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Routes } from '@app/contracts/http';
import { caught } from '../test/fakeApi';
import { fakeResponse } from '../test/render';
import { api, NO_RESPONSE } from './client';

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

import { startTestStack, type TestStack } from '../support';

/**
 * A browser page of an allowed origin (CORS_ORIGINS) may call the API with credentials; a page
 * of any other origin gets no CORS headers, so the browser keeps the answer from it.
 */
describe('CORS: only configured origins', () => {
  let stack: TestStack;
  const allowed = 'https://backoffice.example.test';

  beforeAll(async () => {
    stack = await startTestStack({ label: 'cors', services: ['users'], env: { CORS_ORIGINS: `${allowed}, https://second.example.test` } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('answers an allowed origin with its CORS headers and credentials, before and on the call', async () => {
    const preflight = await stack
      .http()
      .options('/api/auth/login')
      .set('Origin', allowed)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(allowed);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const res = await stack.http().post('/api/auth/login').set('Origin', 'https://second.example.test').send({ email: 'nobody@example.test', password: 'Wrong-Pass-1!' });
    expect(res.status).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe('https://second.example.test');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toContain('x-request-id');
  });

  it('gives a foreign origin no CORS headers at all', async () => {
    for (const origin of ['https://evil.example.test', 'https://backoffice.example.test.evil.test', 'http://backoffice.example.test']) {
      const preflight = await stack.http().options('/api/auth/login').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const res = await stack.http().post('/api/auth/refresh').set('Origin', origin).send({ refreshToken: 'x'.repeat(43) });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestIdMiddleware } from './request-id';
import { requestLogMiddleware } from './request-log';

/** An express app with the request log, and the lines it wrote. */
function app() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info', redact: { paths: ['*.password'], censor: '[redacted]' } }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const a = express();
  a.use(requestIdMiddleware);
  a.use(requestLogMiddleware(logger));
  a.get('/api/health/live', (_req, res) => res.json({ status: 'ok' }));
  a.get('/api/orders/:id', (req, res) => (req.params.id === 'gone' ? res.status(404).json({ message: 'Order not found' }) : res.json({ id: req.params.id })));
  a.get('/api/boom', (_req, res) => res.status(500).json({ message: 'Internal server error' }));
  return { a, lines };
}

describe('requestLogMiddleware: one line per answered request', () => {
  it('logs the request id, method, URL, status and time: info for an answer, warn for a refusal, error for a failure', async () => {
    const { a, lines } = app();
    await request(a).get('/api/orders/o1?page=2').set('x-request-id', 'req-31').expect(200);
    await request(a).get('/api/orders/gone').set('x-request-id', 'req-32').expect(404);
    await request(a).get('/api/boom').set('x-request-id', 'req-33').expect(500);
    expect(lines.map((l) => [l.level, l.msg, l.req, l.res])).toEqual([
      [30, 'request completed', { id: 'req-31', method: 'GET', url: '/api/orders/o1?page=2' }, { statusCode: 200 }],
      [40, 'request completed', { id: 'req-32', method: 'GET', url: '/api/orders/gone' }, { statusCode: 404 }],
      [50, 'request failed', { id: 'req-33', method: 'GET', url: '/api/boom' }, { statusCode: 500 }],
    ]);
    for (const l of lines) expect(l.responseTime).toEqual(expect.any(Number));
  });

  it('leaves the health probes out', async () => {
    const { a, lines } = app();
    await request(a).get('/api/health/live').expect(200);
    expect(lines).toEqual([]);
  });
});

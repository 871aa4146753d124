import { OpsServer } from './ops-server';

describe('the operations server', () => {
  let ops: OpsServer;
  let base: string;

  beforeEach(async () => {
    ops = new OpsServer();
    ops.route('/health/live', () => ({ status: 200, body: { status: 'ok' } }));
    ops.route('/metrics', async () => ({ status: 200, body: 'up 1\n', contentType: 'text/plain; version=0.0.4' }));
    ops.route('/broken', () => {
      throw new Error('the database did not answer');
    });
    base = `http://127.0.0.1:${await ops.listen(0, '127.0.0.1')}`;
  });

  afterEach(() => ops.close());

  it('answers a registered route with its status, body and content type', async () => {
    const live = await fetch(`${base}/health/live`);
    expect([live.status, live.headers.get('content-type'), await live.json()]).toEqual([200, 'application/json; charset=utf-8', { status: 'ok' }]);
    const metrics = await fetch(`${base}/metrics?x=1`);
    expect([metrics.status, metrics.headers.get('content-type'), await metrics.text()]).toEqual([200, 'text/plain; version=0.0.4', 'up 1\n']);
  });

  it('answers an unknown path 404, another method 405, and a failing handler 500 with its reason', async () => {
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
    expect((await fetch(`${base}/health/live`, { method: 'POST' })).status).toBe(405);
    const broken = await fetch(`${base}/broken`);
    expect([broken.status, await broken.json()]).toEqual([500, { status: 500, message: 'the database did not answer' }]);
  });

  it('refuses a path registered twice', () => {
    expect(() => ops.route('/metrics', () => ({ status: 200, body: '' }))).toThrow('the operations route /metrics is registered twice');
  });
});

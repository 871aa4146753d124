import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SegmenterHealthProbe } from './segmenter-health';

/** A segmenter's readiness route answering what the test says, counting the probes. */
async function readyRoute(answer: () => { status: number; body: string }): Promise<{ origin: string; probes: () => number; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    const { status, body } = answer();
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, probes: () => paths.length, paths, server };
}

describe('SegmenterHealthProbe', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  it('says the classical fallback is up, and names no model', async () => {
    expect(await new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'classical' }).check()).toEqual({ kind: 'classical', status: 'up' });
  });

  it('names the ONNX model by its file name: it was loaded at boot', async () => {
    const probe = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'onnx', PIPELINE_ONNX_MODEL: '/models/u2netp.onnx' });
    expect(await probe.check()).toEqual({ kind: 'onnx', status: 'up', model: 'u2netp' });
  });

  it('asks /health/ready on the origin of the segment URL and gives the model it names', async () => {
    const route = await readyRoute(() => ({ status: 200, body: JSON.stringify({ service: 'segmenter', model: 'isnet-quint8@768', ready: true }) }));
    servers.push(route.server);
    const probe = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: `${route.origin}/segment` });
    expect(await probe.check()).toEqual({ kind: 'http', status: 'up', model: 'isnet-quint8@768' });
    expect(route.paths).toEqual(['GET /health/ready']);
  });

  it('is down with the HTTP status and the readiness report when the segmenter is not ready', async () => {
    const report = { service: 'segmenter', model: 'isnet-quint8@768', ready: false, status: 'not ready', checks: { model: 'the model is loading' }, failing: ['model'] };
    const route = await readyRoute(() => ({ status: 503, body: JSON.stringify(report) }));
    servers.push(route.server);
    const probe = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: `${route.origin}/segment` });
    expect(await probe.check()).toEqual({
      kind: 'http',
      status: 'down',
      model: 'isnet-quint8@768',
      reason: 'The segmenter answered HTTP 503: the model is loading.',
    });
  });

  it('is down with the status alone when the answer is not a report, and with the connection error when nothing listens', async () => {
    const route = await readyRoute(() => ({ status: 502, body: '<html>bad gateway</html>' }));
    servers.push(route.server);
    const proxied = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: `${route.origin}/segment` });
    expect(await proxied.check()).toEqual({ kind: 'http', status: 'down', reason: 'The segmenter answered HTTP 502.' });

    const gone = await readyRoute(() => ({ status: 200, body: '{}' }));
    await new Promise((r) => gone.server.close(r));
    const closed = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: `${gone.origin}/segment` });
    expect(await closed.check()).toEqual({ kind: 'http', status: 'down', reason: 'The segmenter could not be reached (ECONNREFUSED).' });
  });

  it('gives up after its timeout', async () => {
    const hanging = createServer(() => undefined);
    servers.push(hanging);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/segment`;
    const probe = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: url }, { timeoutMs: 200, cacheMs: 0 });
    expect(await probe.check()).toEqual({ kind: 'http', status: 'down', reason: 'The segmenter could not be reached (no answer within 200 ms).' });
  });

  it('asks once for callers at the same time and within the cache time, and anew after it', async () => {
    let ready = true;
    const route = await readyRoute(() => ({ status: ready ? 200 : 503, body: JSON.stringify({ model: 'm@1' }) }));
    servers.push(route.server);
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const probe = new SegmenterHealthProbe({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: `${route.origin}/segment` }, { timeoutMs: 1000, cacheMs: 2000 });
      const answers = await Promise.all([probe.check(), probe.check(), probe.check()]);
      expect(answers.map((a) => a.status)).toEqual(['up', 'up', 'up']);
      expect(route.probes()).toBe(1);
      ready = false;
      now += 1999;
      expect((await probe.check()).status).toBe('up');
      expect(route.probes()).toBe(1);
      now += 1;
      expect((await probe.check()).status).toBe('down');
      expect(route.probes()).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});

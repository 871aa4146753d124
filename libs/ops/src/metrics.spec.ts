import { cachedFor, METRICS, Metrics, statusClass } from './metrics';
import { readSample } from './metrics-text';
import { OpsServer } from './ops-server';

describe('the metrics of a process', () => {
  it('gives each process a registry of its own: the same metric in two services of one process never collides nor mixes', async () => {
    const orders = new Metrics('orders', { defaultMetrics: false });
    const images = new Metrics('images', { defaultMetrics: false });
    orders.counter(METRICS.rpcHandledTotal).inc({ subject: 'orders.orders.get', outcome: 'ok' }, 3);
    images.counter(METRICS.rpcHandledTotal).inc({ subject: 'images.images.get', outcome: '4xx' });
    const [a, b] = [await orders.text(), await images.text()];
    expect(readSample(a, 'dealer_rpc_handled_total', { subject: 'orders.orders.get', outcome: 'ok', process: 'orders' })).toBe(3);
    expect(a).not.toContain('images.images.get');
    expect(readSample(b, 'dealer_rpc_handled_total', { subject: 'images.images.get', outcome: '4xx', process: 'images' })).toBe(1);
    expect(b).not.toContain('orders.orders.get');
  });

  it('answers the same metric when asked twice, so features of one service may share it', () => {
    const m = new Metrics('delivery', { defaultMetrics: false });
    expect(m.counter(METRICS.deliveriesTotal)).toBe(m.counter(METRICS.deliveriesTotal));
    expect(m.histogram(METRICS.rpcClientSeconds)).toBe(m.histogram(METRICS.rpcClientSeconds));
  });

  it("includes the process's CPU and memory under its own name", async () => {
    const text = await new Metrics('pipeline').text();
    expect(text).toMatch(/^process_cpu_seconds_total\{process="pipeline"\} [\d.e+-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{process="pipeline"\} \d+$/m);
  });

  it('reads a gauge on scrape; a collector that fails leaves it without a value, counts the failure and the scrape still answers', async () => {
    const m = new Metrics('orders', { defaultMetrics: false });
    let unsent = 4;
    let fail = false;
    m.gauge(METRICS.outboxUnsent, (g) => {
      if (fail) throw new Error('the database did not answer');
      g.set(unsent);
    });
    m.gauge(METRICS.deliveryMessages, (g) => {
      if (fail) throw new Error('the database did not answer');
      g.set({ state: 'queued' }, unsent);
    });
    const read = async (name: string, labels: Record<string, string> = {}) => readSample(await m.text(), name, { process: 'orders', ...labels });
    expect(await read('dealer_outbox_unsent_messages')).toBe(4);
    unsent = 0;
    expect(await read('dealer_outbox_unsent_messages')).toBe(0);
    expect(await read('dealer_delivery_messages', { state: 'queued' })).toBe(0);
    fail = true;
    const text = await m.text();
    // not a reassuring 0 while the source is away
    expect(readSample(text, 'dealer_outbox_unsent_messages')).toBeNaN();
    expect(readSample(text, 'dealer_delivery_messages')).toBeUndefined();
    // each failure is counted, at the latest in the next scrape
    const next = await m.text();
    for (const collector of ['dealer_outbox_unsent_messages', 'dealer_delivery_messages']) {
      expect(readSample(next, 'dealer_metrics_collect_errors_total', { collector })).toBeGreaterThanOrEqual(1);
    }
    expect(readSample(next, 'dealer_metrics_collect_errors_total', { collector: 'dealer_outbox_unsent_messages' })).toBe(2);
  });

  it('serves the text on /metrics of the operations port', async () => {
    const ops = new OpsServer();
    const m = new Metrics('gateway', { defaultMetrics: false });
    m.serveOn(ops);
    m.histogram(METRICS.httpRequestSeconds).observe({ method: 'GET', route: '/api/orders/:id', status_class: '2xx' }, 0.03);
    const port = await ops.listen(0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const labels = { method: 'GET', route: '/api/orders/:id', status_class: '2xx', process: 'gateway' };
      const text = await res.text();
      expect([readSample(text, 'dealer_http_request_duration_seconds_bucket', { ...labels, le: '0.025' }), readSample(text, 'dealer_http_request_duration_seconds_bucket', { ...labels, le: '0.05' })]).toEqual([0, 1]);
    } finally {
      await ops.close();
    }
  });

  it('names every metric dealer_… with its unit, and declares its labels', () => {
    for (const spec of Object.values(METRICS)) {
      expect(spec.name).toMatch(/^dealer_[a-z_]+_(seconds|messages|total)$/);
      expect(spec.name.endsWith('_total')).toBe(spec.type === 'counter');
      expect(spec.labels).not.toContain('process');
    }
  });
});

describe('cachedFor', () => {
  it('reads at most once per period, and reads again after a failure', async () => {
    let reads = 0;
    let fail = false;
    let now = 1_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const read = cachedFor(5_000, async () => {
        reads++;
        if (fail) throw new Error('no');
        return reads;
      });
      expect([await read(), await read()]).toEqual([1, 1]);
      now += 5_000;
      expect(await read()).toBe(2);
      now += 5_000;
      fail = true;
      await expect(read()).rejects.toThrow('no');
      fail = false;
      expect(await read()).toBe(4);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('statusClass', () => {
  it('gives the class of a status', () => {
    expect([200, 201, 304, 404, 503].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '5xx']);
  });
});

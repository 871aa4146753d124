import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { activeTraceIds, extractTraceContext, inSpan, injectTraceHeaders, SpanKind, tracedFetch, traceHeaders } from './trace-context';
import { startTracing, stopTracing, tracesExporterOf } from './tracing';

/** NATS's MsgHdrs in miniature: answers "" for a missing key. */
class Headers {
  readonly map = new Map<string, string>();
  get(key: string): string {
    return this.map.get(key) ?? '';
  }
  set(key: string, value: string): void {
    this.map.set(key, value);
  }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('trace context in message headers', () => {
  const exporter = new InMemorySpanExporter();
  // a delivery endpoint that keeps the headers of what it got
  let server: Server;
  let endpoint: string;
  const received: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(req.headers);
      res.writeHead(req.url?.startsWith('/down') ? 502 : 202).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
  });

  it('sends a delivery call as it is given while tracing is off', async () => {
    const res = await tracedFetch(`${endpoint}/hooks?token=secret`, { method: 'POST', headers: { 'Idempotency-Key': 'k1' }, body: '{}' });
    expect(res.status).toBe(202);
    expect(received[0]!['idempotency-key']).toBe('k1');
    expect(received[0]!.traceparent).toBeUndefined();
  });

  it('writes nothing and names no trace while tracing is off', async () => {
    const h = new Headers();
    await inSpan('orders.orders.create', { kind: SpanKind.CLIENT }, () => {
      injectTraceHeaders(h);
      expect(activeTraceIds()).toBeUndefined();
    });
    expect([...h.map.keys()]).toEqual([]);
    expect(traceHeaders()).toEqual({});
  });

  it('refuses an exporter it does not know, naming the variable', () => {
    expect(tracesExporterOf({})).toBe('none');
    expect(tracesExporterOf({ OTEL_TRACES_EXPORTER: 'OTLP' })).toBe('otlp');
    expect(() => tracesExporterOf({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow('OTEL_TRACES_EXPORTER has a wrong value "jaeger": must be otlp, console or none');
  });

  describe('with tracing on', () => {
    beforeAll(() => {
      expect(startTracing({ serviceName: 'test', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] })).not.toBeNull();
    });
    afterAll(() => stopTracing());
    beforeEach(() => exporter.reset());

    it('carries the span of the sender to the handler on the other side: same trace, the sender as parent', async () => {
      const h = new Headers();
      let sent = '';
      await inSpan('images.images.complete-upload', { kind: SpanKind.CLIENT }, (span) => {
        injectTraceHeaders(h);
        sent = span.spanContext().spanId;
      });
      const [, traceId, parentId] = TRACEPARENT.exec(h.get('traceparent')) ?? [];
      expect(parentId).toBe(sent);

      let logged: { traceId: string; spanId: string } | undefined;
      await inSpan('images.images.complete-upload', { kind: SpanKind.SERVER, parent: extractTraceContext(h) }, () => {
        logged = activeTraceIds();
      });
      const [client, server] = exporter.getFinishedSpans();
      expect(server!.spanContext().traceId).toBe(traceId);
      expect(server!.parentSpanContext?.spanId).toBe(client!.spanContext().spanId);
      // what a log line written in the handler carries
      expect(logged).toEqual({ traceId, spanId: server!.spanContext().spanId });
    });

    it('keeps the trace through a plain object (the outbox row) and back', async () => {
      let stored: Record<string, string> = {};
      await inSpan('evt.images.uploaded', { kind: SpanKind.INTERNAL }, () => {
        stored = traceHeaders();
      });
      expect(stored.traceparent).toMatch(TRACEPARENT);
      const h = new Headers();
      for (const [k, v] of Object.entries(stored)) h.set(k, v);
      await inSpan('evt.images.uploaded', { kind: SpanKind.CONSUMER, parent: extractTraceContext(h) }, () => undefined);
      const [writer, consumer] = exporter.getFinishedSpans();
      expect(consumer!.spanContext().traceId).toBe(writer!.spanContext().traceId);
      expect(consumer!.parentSpanContext?.spanId).toBe(writer!.spanContext().spanId);
    });

    it('starts a new trace for a message without a traceparent or with a broken one', async () => {
      const broken = new Headers();
      broken.set('traceparent', '00-not-a-trace-01');
      await inSpan('a', { kind: SpanKind.CONSUMER, parent: extractTraceContext(new Headers()) }, () => undefined);
      await inSpan('b', { kind: SpanKind.CONSUMER, parent: extractTraceContext(broken) }, () => undefined);
      await inSpan('c', { kind: SpanKind.CONSUMER, parent: extractTraceContext(undefined) }, () => undefined);
      const spans = exporter.getFinishedSpans();
      expect(spans.map((s) => s.parentSpanContext?.spanId)).toEqual([undefined, undefined, undefined]);
      expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(3);
    });

    it('sends a delivery call in a client span whose traceparent the endpoint gets, without its path or query', async () => {
      await inSpan('delivery.deliver', { kind: SpanKind.CONSUMER }, async () => {
        await tracedFetch(`${endpoint}/hooks?token=secret`, { method: 'POST', headers: { 'Idempotency-Key': 'k2' }, body: '{}' });
        await tracedFetch(`${endpoint}/down`, { method: 'POST', body: '{}' });
      });
      const calls = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT);
      expect(received.map((h) => h.traceparent)).toEqual(calls.map((c) => `00-${c.spanContext().traceId}-${c.spanContext().spanId}-01`));
      expect(received[0]!['idempotency-key']).toBe('k2');
      expect(calls[0]!.attributes).toEqual({
        'http.request.method': 'POST',
        'server.address': '127.0.0.1',
        'server.port': Number(new URL(endpoint).port),
        'url.scheme': 'http',
        'http.response.status_code': 202,
      });
      expect(JSON.stringify(calls.map((c) => [c.name, c.attributes, c.events]))).not.toMatch(/secret|hooks/);
      expect([calls[0]!.status.code, calls[1]!.status.code, calls[1]!.status.message]).toEqual([0, 2, 'HTTP 502']);
    });

    it('marks the span failed when the handler throws, and rethrows', async () => {
      await expect(inSpan('x', { kind: SpanKind.CONSUMER }, () => Promise.reject(new Error('the image is gone')))).rejects.toThrow('the image is gone');
      const [span] = exporter.getFinishedSpans();
      expect([span!.status.code, span!.status.message]).toEqual([2, 'the image is gone']);
    });
  });
});

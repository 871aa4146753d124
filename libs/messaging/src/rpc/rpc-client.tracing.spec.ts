import { Namespace, OrdersRpc, type Actor } from '@app/contracts';
import { inSpan, SpanKind, startTracing, stopTracing } from '@app/ops';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { NatsConnection } from 'nats';
import { encodeJson } from '../codec';
import { RpcCallError, RpcClient, ServiceUnavailableError } from './rpc-client';

const actor: Actor = { role: 'Dealership', userId: '00000000-0000-4000-8000-00000000d001', salesPersonId: null, permissions: [], requestId: 'req-21' };
const ORDER = { id: '00000000-0000-4000-8000-0000000000f1' };

/** a NATS connection whose service answers `reply` (or NATS's "no responders" with `noResponders`), keeping the traceparent it was sent */
function client(answer: { reply?: unknown; noResponders?: true }) {
  const traceparents: string[] = [];
  let inbox: (err: Error | null, msg: unknown) => void = () => undefined;
  const nc = {
    closed: () => new Promise(() => undefined),
    subscribe: (_subject: string, opts: { callback: typeof inbox }) => {
      inbox = opts.callback;
      return { unsubscribe: () => undefined };
    },
    publish: (_subject: string, _data: Uint8Array, opts: { reply: string; headers: { get(k: string): string } }) => {
      traceparents.push(opts.headers.get('traceparent'));
      const msg = answer.noResponders ? { data: new Uint8Array(0), headers: { code: 503 } } : { data: encodeJson(answer.reply) };
      queueMicrotask(() => inbox(null, { subject: opts.reply, ...msg }));
    },
  } as unknown as NatsConnection;
  return { rpc: new RpcClient(nc, new Namespace('ns7'), 5000), traceparents };
}

describe('RpcClient with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => startTracing({ serviceName: 'gateway', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  afterAll(() => stopTracing());
  beforeEach(() => exporter.reset());

  it('sends each request in a client span of its own, named after the subject, whose traceparent the service gets', async () => {
    const { rpc, traceparents } = client({ reply: { response: { id: ORDER.id } } });
    await inSpan('POST /api/orders/:id', { kind: SpanKind.SERVER }, () => rpc.send(OrdersRpc.get, ORDER, actor));
    const [call, request] = exporter.getFinishedSpans();
    expect([call!.name, call!.kind, call!.attributes['messaging.destination.name']]).toEqual([OrdersRpc.get.subject, SpanKind.CLIENT, OrdersRpc.get.subject]);
    expect(call!.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
    expect(traceparents).toEqual([`00-${call!.spanContext().traceId}-${call!.spanContext().spanId}-01`]);
    expect(call!.status.code).toBe(0);
  });

  it('a refusal (4xx) is an answer, not a failed span; an unreachable service and a 500 are failures', async () => {
    await expect(client({ reply: { err: { status: 404, message: 'Order not found' } } }).rpc.send(OrdersRpc.get, ORDER, actor)).rejects.toBeInstanceOf(RpcCallError);
    await expect(client({ noResponders: true }).rpc.send(OrdersRpc.get, ORDER, actor)).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(client({ reply: { err: { status: 500, message: 'Internal server error' } } }).rpc.send(OrdersRpc.get, ORDER, actor)).rejects.toBeInstanceOf(RpcCallError);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => [s.attributes['rpc.status'], s.status.code])).toEqual([
      [404, 0],
      [undefined, 2],
      [500, 2],
    ]);
    expect(spans[1]!.status.message).toBe('The orders service is unavailable. Please try again shortly.');
  });
});

import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * Trace context across NATS, on `@opentelemetry/api` alone. With tracing off (no provider,
 * no propagator registered) every call here is a no-op of the API: nothing is written into
 * headers, the spans are non-recording and cost a function call.
 */

/** Headers a message carries: what NATS's `MsgHdrs` offers (it answers "" for a missing key). */
export interface HeaderCarrier {
  get(key: string): string | undefined | null;
  set(key: string, value: string): void;
}

/** Writes the current context's `traceparent` (and `tracestate`) into NATS headers. */
export function injectTraceHeaders(headers: HeaderCarrier, ctx: Context = context.active()): void {
  propagation.inject(ctx, headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/** The current context's `traceparent`/`tracestate` as a plain object (for the outbox row). */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const out: Record<string, string> = {};
  propagation.inject(ctx, out);
  return out;
}

/** The context a message's `traceparent` header names (the root context when it has none). */
export function extractTraceContext(headers: { get(key: string): string | undefined | null } | undefined): Context {
  if (!headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers, {
    keys: () => ['traceparent', 'tracestate'],
    get: (carrier, key) => carrier.get(key) || undefined,
  });
}

/** The trace and span id of the span running now, for log lines; undefined outside a sampled span. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // a non-recording span of an unsampled trace still has ids; they lead nowhere in the backend
  return traceFlags & 1 ? { traceId, spanId } : undefined;
}

const tracer = () => trace.getTracer('dealer-photo');

/** Messaging semantic-convention attributes of a NATS message. */
export function messagingAttributes(subject: string, operation: 'send' | 'process', messageId?: string): Attributes {
  return {
    'messaging.system': 'nats',
    'messaging.destination.name': subject,
    'messaging.operation.type': operation,
    ...(messageId ? { 'messaging.message.id': messageId } : {}),
  };
}

/**
 * Runs `fn` inside a new span named `name`, child of `parent` (the active context by
 * default), and ends it when `fn` settles: an error is recorded on the span and rethrown.
 */
export async function inSpan<T>(
  name: string,
  opts: { kind: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<T> | T,
): Promise<T> {
  const parent = opts.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: opts.kind, attributes: opts.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** Starts a span without making it active: for work whose end is not a promise (an RPC handler's observable). */
export function startSpan(name: string, opts: { kind: SpanKind; attributes?: Attributes; parent?: Context }): { span: Span; context: Context } {
  const parent = opts.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: opts.kind, attributes: opts.attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Marks a span failed with the error (its message and type). */
export function failSpan(span: Span, err: unknown): void {
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * `fetch` inside a client span (`<METHOD>`, the server's host and port, the answer's status),
 * with the span's `traceparent` sent along: Node's `fetch` is not `http.request`, so the http
 * instrumentation does not see it. The URL's path and query are left out of the span: a
 * delivery endpoint or a token may sit in them. `fetcher` is the fetch to send with (a
 * deliverer gives the outbound policy's, which connects only to checked addresses).
 */
export async function tracedFetch(
  url: string,
  init: RequestInit & { method: string },
  fetcher: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<Response> {
  const target = new URL(url);
  const attributes: Attributes = {
    'http.request.method': init.method,
    'server.address': target.hostname,
    'server.port': Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
    'url.scheme': target.protocol.replace(':', ''),
  };
  return inSpan(init.method, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const trace = traceHeaders();
    // nothing to add with tracing off: the request goes out exactly as given
    const headers = Object.keys(trace).length === 0 ? init.headers : { ...Object.fromEntries(new Headers(init.headers)), ...trace };
    const res = await fetcher(url, { ...init, headers });
    span.setAttribute('http.response.status_code', res.status);
    if (res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${res.status}` });
    return res;
  });
}

/**
 * Names the HTTP server span of the request being handled after its route pattern
 * (`POST /api/orders/:id`) and sets `http.route`, through the http instrumentation's RPC
 * metadata (it names the span when the request ends). A no-op with tracing off.
 */
export function setHttpRoute(route: string): void {
  if (!trace.getActiveSpan()?.isRecording()) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { getRPCMetadata, RPCType } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const meta = getRPCMetadata(context.active());
  if (meta?.type === RPCType.HTTP) meta.route = route;
}

/** Runs `fn` with `ctx` as the active context. */
export function withTraceContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

export { SpanKind };

import { randomUUID } from 'node:crypto';
import {
  isRpcErrorBody,
  type Actor,
  type Namespace,
  type RpcDef,
  type ServiceName,
} from '@app/contracts';
import { failSpan, injectTraceHeaders, messagingAttributes, METRICS, SpanKind, startSpan, withTraceContext, type Metrics } from '@app/ops';
import { ErrorCode, headers as natsHeaders, type NatsConnection, type NatsError } from 'nats';
import { decodeJson, encodeJson } from '../codec';
import { ReplyMux } from './reply-mux';

/** A service answered with an error meant for the caller (`{ status, message }`). */
export class RpcCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly service: ServiceName,
  ) {
    super(message);
    this.name = 'RpcCallError';
  }
}

/** No instance of the service answered: it is stopped, or it did not answer in time. */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly reason: 'no-responders' | 'timeout',
  ) {
    super(
      reason === 'timeout'
        ? `The ${service} service did not answer in time. Please try again.`
        : `The ${service} service is unavailable. Please try again shortly.`,
    );
    this.name = 'ServiceUnavailableError';
  }
}

interface NestReply<R> {
  id?: string;
  response?: R;
  err?: unknown;
  isDisposed?: boolean;
}

/**
 * Request-reply over core NATS in the packet format of Nest's NATS transport
 * (`{ pattern, data, id }` in, `{ id, response | err }` out). It detects a service with no
 * running instance at once (NATS "no responders") and bounds every call by a timeout.
 */
export class RpcClient {
  private readonly latency;
  private readonly replies: ReplyMux;

  /** With `metrics`, every call is timed in `dealer_rpc_client_duration_seconds` by subject and outcome. */
  constructor(
    private readonly nc: NatsConnection,
    private readonly namespace: Namespace,
    private readonly defaultTimeoutMs: number,
    metrics?: Metrics,
  ) {
    this.latency = metrics?.histogram(METRICS.rpcClientSeconds) ?? null;
    this.replies = new ReplyMux(nc);
  }

  async send<P, R>(def: RpcDef<P, R>, data: P, actor: Actor, opts: { timeoutMs?: number } = {}): Promise<R> {
    if (!this.latency) return this.call(def, data, actor, opts);
    const end = this.latency.startTimer({ subject: def.subject });
    try {
      const result = await this.call(def, data, actor, opts);
      end({ outcome: 'ok' });
      return result;
    } catch (err) {
      end({ outcome: callOutcome(err) });
      throw err;
    }
  }

  private async call<P, R>(def: RpcDef<P, R>, data: P, actor: Actor, opts: { timeoutMs?: number }): Promise<R> {
    const h = natsHeaders();
    h.set('x-request-id', actor.requestId);
    const packet = { pattern: def.subject, data: { actor, data }, id: randomUUID() };
    // one client span per request; its traceparent rides in the headers, so the service's
    // handler span is its child
    const { span, context } = startSpan(def.subject, { kind: SpanKind.CLIENT, attributes: messagingAttributes(def.subject, 'send') });
    injectTraceHeaders(h, context);
    try {
      let replyData: Uint8Array;
      try {
        const msg = await withTraceContext(context, () =>
          this.replies.request(this.namespace.subject(def.subject), encodeJson(packet), {
            timeout: opts.timeoutMs ?? this.defaultTimeoutMs,
            headers: h,
          }),
        );
        replyData = msg.data;
      } catch (err) {
        const code = (err as NatsError).code;
        if (code === ErrorCode.NoResponders) throw new ServiceUnavailableError(def.service, 'no-responders');
        if (code === ErrorCode.Timeout) throw new ServiceUnavailableError(def.service, 'timeout');
        throw err;
      }
      const reply = decodeJson<NestReply<R>>(replyData);
      if (reply.err !== undefined && reply.err !== null) {
        if (isRpcErrorBody(reply.err)) {
          throw new RpcCallError(reply.err.status, reply.err.message, def.service);
        }
        const message =
          typeof reply.err === 'object' && reply.err && 'message' in reply.err
            ? String((reply.err as { message: unknown }).message)
            : String(reply.err);
        throw new RpcCallError(500, message, def.service);
      }
      return reply.response as R;
    } catch (err) {
      if (err instanceof RpcCallError) span.setAttribute('rpc.status', err.status);
      // a refusal meant for the caller (4xx) is an answer, not a failure of the call
      if (!(err instanceof RpcCallError) || err.status >= 500) failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  }
}

/** The `outcome` label of a failed call: the service's answer class, or why nobody answered. */
function callOutcome(err: unknown): string {
  if (err instanceof RpcCallError) return err.status >= 500 ? '5xx' : '4xx';
  if (err instanceof ServiceUnavailableError) return err.reason === 'timeout' ? 'timeout' : 'no_responders';
  return 'error';
}

import type { Namespace } from '@app/contracts';
import { runWithRequestContext } from '@app/logging';
import { extractTraceContext, failSpan, messagingAttributes, METRICS, SpanKind, startSpan, statusClass, withTraceContext, type Metrics } from '@app/ops';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { Observable } from 'rxjs';

/**
 * Runs each handler inside the request's context (its request id, from the actor or the
 * `x-request-id` header) and a span named after the subject, child of the caller's span (the
 * `traceparent` header), and logs one line per message with its outcome and duration; with
 * `metrics`, counts it in `dealer_rpc_handled_total` and times it in
 * `dealer_rpc_handler_duration_seconds` by subject (without the namespace: the subject of
 * `libs/contracts`, a fixed set).
 */
export class RpcContextInterceptor implements NestInterceptor {
  private readonly handled;
  private readonly seconds;

  constructor(
    private readonly logger: Logger,
    metrics?: Metrics,
    /** strips the namespace from metric labels and span names, so a trace names `images.images.complete-upload` wherever it runs */
    private readonly namespace?: Namespace,
  ) {
    this.handled = metrics?.counter(METRICS.rpcHandledTotal) ?? null;
    this.seconds = metrics?.histogram(METRICS.rpcHandlerSeconds) ?? null;
  }

  private count(plain: string, outcome: string, seconds: number): void {
    if (!this.handled || !this.seconds) return;
    this.handled.inc({ subject: plain, outcome });
    this.seconds.observe({ subject: plain }, seconds);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const data = rpc.getData() as { actor?: { requestId?: string } } | undefined;
    const natsCtx = rpc.getContext() as NatsContext;
    const headerId = natsCtx?.getHeaders?.()?.get?.('x-request-id');
    const requestId = data?.actor?.requestId ?? headerId ?? 'none';
    const subject = natsCtx?.getSubject?.() ?? 'unknown';
    const started = process.hrtime.bigint();
    const plain = this.namespace ? this.namespace.strip(subject) : subject;
    return new Observable((subscriber) => {
      const { span, context } = startSpan(plain, {
        kind: SpanKind.SERVER,
        parent: extractTraceContext(natsCtx?.getHeaders?.()),
        attributes: messagingAttributes(plain, 'process'),
      });
      return withTraceContext(context, () =>
        runWithRequestContext({ requestId, subject }, () => {
          const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
          return next.handle().subscribe({
            next: (v) => subscriber.next(v),
            error: (err) => {
              const status = (err as { status?: number })?.status;
              this.count(plain, statusClass(errorStatus(err)), ms() / 1000);
              this.logger.info({ subject, ms: ms(), outcome: 'error', status }, 'rpc');
              if (typeof status === 'number') span.setAttribute('rpc.status', status);
              // a refusal (4xx) is an answer; anything else failed
              if (typeof status !== 'number' || status >= 500) failSpan(span, err);
              span.end();
              subscriber.error(err);
            },
            complete: () => {
              this.count(plain, 'ok', ms() / 1000);
              if (!subject.includes('health.')) this.logger.debug({ subject, ms: ms(), outcome: 'ok' }, 'rpc');
              span.end();
              subscriber.complete();
            },
          });
        }),
      );
    });
  }
}

/** The status an error will be answered with (an RpcError's, an HttpException's), 500 otherwise. */
function errorStatus(err: unknown): number {
  const e = err as { status?: unknown; getStatus?: () => unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.getStatus === 'function' ? e.getStatus() : 500;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

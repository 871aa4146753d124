import { runWithRequestContext } from '@app/logging';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { Observable } from 'rxjs';

/**
 * Runs each handler inside the request's context (its request id, from the actor or the
 * `x-request-id` header) and logs one line per message with its outcome and duration.
 */
export class RpcContextInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const data = rpc.getData() as { actor?: { requestId?: string } } | undefined;
    const natsCtx = rpc.getContext() as NatsContext;
    const headerId = natsCtx?.getHeaders?.()?.get?.('x-request-id');
    const requestId = data?.actor?.requestId ?? headerId ?? 'none';
    const subject = natsCtx?.getSubject?.() ?? 'unknown';
    const started = process.hrtime.bigint();
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId, subject }, () => {
        const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
        return next.handle().subscribe({
          next: (v) => subscriber.next(v),
          error: (err) => {
            this.logger.info({ subject, ms: ms(), outcome: 'error', status: (err as { status?: number })?.status }, 'rpc');
            subscriber.error(err);
          },
          complete: () => {
            if (!subject.includes('health.')) this.logger.debug({ subject, ms: ms(), outcome: 'ok' }, 'rpc');
            subscriber.complete();
          },
        });
      }),
    );
  }
}

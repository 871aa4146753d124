import { SESSIONS_CHANGED_SUBJECT } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';

/**
 * Calls of the users service that only read: they change nothing a session check answers.
 * Every other call (sign-in, refresh, logout, role, permissions, deletion of an account or a
 * sales person, …) may, and is followed by `SESSIONS_CHANGED_SUBJECT`.
 */
export const READS = /\.(get|list|page|all|catalogue|for-user|providers|of-user|data|session|me)$/;

/**
 * Tells the gateways that session checks may answer differently now, after any call that is
 * not a read, whether it succeeded or failed (a refresh token reused revokes its session and
 * then fails). It is published, and flushed to the server, before the answer goes back: the
 * server hands it to each gateway ahead of the answer, so the caller's next request is
 * checked afresh. It sits on every controller of the service (`@UseInterceptors`) but
 * `SessionReadsMessagesController`, whose two reads run on nearly every signed-in request and
 * are spared the interceptor's cost in Nest's chain; `session-change.interceptor.spec.ts`
 * checks both.
 */
@Injectable()
export class SessionChangeInterceptor implements NestInterceptor {
  constructor(private readonly host: MessagingHost) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = (context.switchToRpc().getContext() as NatsContext)?.getSubject?.() ?? '';
    if (READS.test(subject) || subject.includes('health.')) return next.handle();
    const notify = async () => {
      this.host.nc.publish(this.host.namespace.subject(SESSIONS_CHANGED_SUBJECT));
      await this.host.nc.flush();
    };
    return next.handle().pipe(
      mergeMap((result) => from(notify().then(() => result))),
      catchError((err) => from(notify()).pipe(mergeMap(() => throwError(() => err)))),
    );
  }
}

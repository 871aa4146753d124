import { setHttpRoute } from '@app/ops';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * Names each request's trace span after its route pattern (`GET /api/orders/:id`), not the
 * method alone: traces are then found and grouped by operation, and an id in the path does
 * not make every request a name of its own. Requests refused before a handler (no route, a
 * guard) keep the method as name.
 */
export class TraceRouteInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<Request>();
      const path = (req.route as { path?: string } | undefined)?.path;
      if (path) setHttpRoute(path);
    }
    return next.handle();
  }
}

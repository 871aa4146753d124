import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { requestIdOf } from './request-id';

/**
 * One log line per answered request under /api (health probes excepted): its id, method, URL,
 * status and time taken, at `info`, `warn` for a refusal (4xx) and `error` for a failure (5xx);
 * a caller that went away before the answer is logged as `request aborted`. The line is
 * written when the answer is sent, from the request's own fields: no logger per request. The
 * line's fields are these alone (no body, no headers), so it skips the logger's redaction of
 * secrets, which would cost more than the rest of the line.
 */
export function requestLogMiddleware(logger: Logger): RequestHandler {
  const lines = logger.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.url.startsWith('/api/health')) return next();
    const started = performance.now();
    let done = false;
    const line = (aborted: boolean) => {
      if (done) return;
      done = true;
      const status = res.statusCode;
      const fields = {
        req: { id: requestIdOf(req), method: req.method, url: req.originalUrl },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      };
      if (aborted) lines.warn(fields, 'request aborted');
      else if (status >= 500) lines.error(fields, 'request failed');
      else if (status >= 400) lines.warn(fields, 'request completed');
      else lines.info(fields, 'request completed');
    };
    res.once('finish', () => line(false));
    res.once('close', () => line(!res.writableFinished));
    next();
  };
}

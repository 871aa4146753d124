import { METRICS, statusClass, type Metrics } from '@app/ops';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Requests under /api that no route took (404s, probes of paths that do not exist). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Requests outside /api: the web app's files in single-machine mode. */
export const WEB_ROUTE = '(web)';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a finished request: the template of the route that took it
 * (`/api/orders/:id`), never the raw URL, so the label has as many values as the API has
 * routes whatever ids and query strings callers send.
 */
export function routeLabel(req: Pick<Request, 'route' | 'baseUrl' | 'originalUrl'>): string {
  const template = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof template === 'string') return `${req.baseUrl ?? ''}${template}`;
  const path = (req.originalUrl ?? '').split('?')[0];
  return path === '/api' || path.startsWith('/api/') ? UNMATCHED_ROUTE : WEB_ROUTE;
}

/**
 * Times every request in `dealer_http_request_duration_seconds` by method, route template and
 * status class, when the answer has been sent (or the caller went away).
 */
export function httpMetricsMiddleware(metrics: Metrics): RequestHandler {
  const seconds = metrics.histogram(METRICS.httpRequestSeconds);
  return (req: Request, res: Response, next: NextFunction) => {
    const end = seconds.startTimer();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      end({
        method: KNOWN_METHODS.has(req.method) ? req.method : 'OTHER',
        route: routeLabel(req),
        // a caller that left before the answer is counted as the client's doing
        status_class: res.writableFinished ? statusClass(res.statusCode) : '4xx',
      });
    };
    res.once('finish', finish);
    res.once('close', finish);
    next();
  };
}

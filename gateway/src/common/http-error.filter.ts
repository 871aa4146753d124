import { RpcCallError, ServiceUnavailableError } from '@app/messaging';
import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';

export interface ErrorBody {
  statusCode: number;
  message: string;
}

function messageOf(res: unknown, fallback: string): string {
  if (typeof res === 'string') return res;
  const m = (res as { message?: unknown })?.message;
  if (Array.isArray(m)) return m.join('; ');
  return typeof m === 'string' ? m : fallback;
}

/**
 * Every error leaves the API as `{ statusCode, message }`:
 * a service's `{ status, message }` keeps its status; a service that is down or too slow is
 * 503 with a message naming it; malformed JSON is 400 (Nest maps the parser's SyntaxError),
 * JSON nested too deep or holding too many items 400, an oversized body 413, a body that
 * cannot be read as its headers say (e.g. not the gzip its Content-Encoding names) 400;
 * anything unexpected is logged and answered 500 without internals.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, path: req.originalUrl, status: body.statusCode }, body.message);
    }
    if (!res.headersSent) res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ErrorBody {
    if (exception instanceof RpcCallError) {
      const status = exception.status >= 400 && exception.status < 600 ? exception.status : 500;
      return { statusCode: status, message: status === 500 ? 'Internal server error' : exception.message };
    }
    if (exception instanceof ServiceUnavailableError) {
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: exception.message };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404 && messageOf(exception.getResponse(), '').startsWith('Cannot ')) {
        return { statusCode: 404, message: `No route ${req.method} ${req.path}` };
      }
      return { statusCode: status, message: messageOf(exception.getResponse(), exception.message) };
    }
    const e = exception as { type?: string; status?: number; statusCode?: number; message?: string; expose?: boolean };
    if (e?.type === 'entity.shape.refused') {
      return { statusCode: 400, message: e.message ?? 'Request body is nested too deep or too large' };
    }
    if (e?.type === 'entity.too.large') {
      return { statusCode: 413, message: 'Request body is too large' };
    }
    if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
      return { statusCode: 415, message: 'Unsupported request body encoding' };
    }
    // the body reader's other refusals (a body that is not the gzip or deflate its
    // Content-Encoding says, a request cut short): the client's fault, said plainly
    const status = e?.status ?? e?.statusCode;
    if (e?.expose === true && typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, message: 'The request body could not be read: it is cut short or not encoded as its headers say' };
    }
    return { statusCode: 500, message: 'Internal server error' };
  }
}

import { RpcError } from '@app/contracts';
import { RpcCallError, ServiceUnavailableError } from '@app/messaging';
import { Catch, HttpException, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { QueryFailedError } from 'typeorm';

/**
 * Every error leaves a service as `{ status, message }`. Expected errors keep their status
 * and message; anything else is logged with its stack and answered as a 500 without
 * internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof RpcError) {
      return throwError(() => exception.toJSON());
    }
    // another service's answer passes through as it was (its 404 stays a 404)
    if (exception instanceof RpcCallError) {
      return throwError(() => ({ status: exception.status, message: exception.message }));
    }
    if (exception instanceof ServiceUnavailableError) {
      return throwError(() => ({ status: 503, message: exception.message }));
    }
    if (exception instanceof HttpException) {
      const res = exception.getResponse();
      const message = typeof res === 'string' ? res : ((res as { message?: unknown }).message ?? exception.message);
      return throwError(() => ({ status: exception.getStatus(), message: Array.isArray(message) ? message.join('; ') : String(message) }));
    }
    if (exception instanceof RpcException) {
      const err = exception.getError();
      if (typeof err === 'object' && err && typeof (err as { status?: unknown }).status === 'number') {
        return throwError(() => err);
      }
    }
    if (exception instanceof QueryFailedError && (exception as { driverError?: { code?: string } }).driverError?.code === '22P02') {
      return throwError(() => ({ status: 400, message: 'Invalid identifier' }));
    }
    this.logger.error({ err: exception }, 'unexpected error in handler');
    return throwError(() => ({ status: 500, message: 'Internal server error' }));
  }
}

import { RpcError } from '@app/contracts';
import { isDatabaseUnavailable, RpcCallError, ServiceUnavailableError } from '@app/messaging';
import { Catch, HttpException, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { QueryFailedError } from 'typeorm';

/**
 * PostgreSQL's data exceptions (class 22: a value its column cannot take) are the caller's
 * bad input, answered 400: the last line behind the payload classes, which refuse such values
 * first. Anything else of PostgreSQL stays a 500.
 */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22P02': 'Invalid input: a value is not of the type its field takes',
  '22003': 'Invalid input: a number is out of range',
  '22001': 'Invalid input: a text is too long',
  '22021': 'Invalid input: a text holds a character that cannot be stored',
  '22P05': 'Invalid input: a text holds a character that cannot be stored',
  '22007': 'Invalid input: a date or time is not valid',
  '22008': 'Invalid input: a date or time is out of range',
  '22025': 'Invalid input: a text holds an invalid escape sequence',
  '2200D': 'Invalid input: a text holds an invalid escape sequence',
  '22004': 'Invalid input: a value may not be null',
};

/** The message for a PostgreSQL data exception (SQLSTATE 22xxx), or null for any other error code. */
export function dataExceptionMessage(code: unknown): string | null {
  if (typeof code !== 'string' || !code.startsWith('22')) return null;
  return DATA_EXCEPTIONS[code] ?? 'Invalid input: a value cannot be stored';
}

/**
 * The answer while the service's database cannot be reached (a fail-over, a restart): a 503 that
 * clients may try again (an idempotent call is, by the shared retry policy), not a 500.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not available for a moment. Please try again.';

/**
 * Every error leaves a service as `{ status, message }`. Expected errors keep their status
 * and message; PostgreSQL's data exceptions are 400; a database that cannot be reached is 503;
 * anything else is logged with its stack and answered as a 500 without internals.
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
    if (exception instanceof QueryFailedError) {
      const message = dataExceptionMessage((exception as { driverError?: { code?: unknown } }).driverError?.code);
      if (message) {
        // the payload classes should have refused the value first: logged to find which did not
        this.logger.warn({ err: exception }, 'PostgreSQL refused a value of a request');
        return throwError(() => ({ status: 400, message }));
      }
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ err: exception }, 'the database could not be reached; answered 503');
      return throwError(() => ({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE }));
    }
    this.logger.error({ err: exception }, 'unexpected error in handler');
    return throwError(() => ({ status: 500, message: 'Internal server error' }));
  }
}

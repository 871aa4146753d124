import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { activeTraceIds } from '@app/ops';
import { batchedStdout } from './log-destination';
import { currentRequestContext } from './request-context';

/**
 * Structured JSON logs (one object a line on stdout, written in batches: `BatchedStdout`; or on `destination`). Every line carries the process name
 * and, inside a request, its request id, so one request can be followed across services; with
 * tracing on, also the `traceId` and `spanId` of the span running, so a line leads to its trace.
 */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: name, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const ctx = currentRequestContext();
      const ids = activeTraceIds();
      if (!ids) return ctx ? { requestId: ctx.requestId } : {};
      return ctx ? { requestId: ctx.requestId, ...ids } : { ...ids };
    },
    redact: {
      paths: [
        'password',
        '*.password',
        '*.*.password',
        'Password',
        '*.Password',
        'newPassword',
        '*.newPassword',
        'refreshToken',
        '*.refreshToken',
        'req.headers.authorization',
        'req.headers.cookie',
        // an integration's secret settings
        'settings.signingSecret',
        '*.settings.signingSecret',
        'settings.connectionString',
        '*.settings.connectionString',
      ],
      censor: '[redacted]',
    },
  };
  return pino(options, destination ?? batchedStdout());
}

/** Nest's logger interface on top of pino, so framework messages are JSON too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, params: unknown[]): void {
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ context, ...(message as object) });
    } else {
      const stack = level === 'error' && params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
}

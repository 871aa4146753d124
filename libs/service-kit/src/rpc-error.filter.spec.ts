import { RpcError } from '@app/contracts';
import { RpcCallError, ServiceUnavailableError } from '@app/messaging';
import { BadRequestException, ForbiddenException, type ArgumentsHost } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { firstValueFrom } from 'rxjs';
import { QueryFailedError } from 'typeorm';
import { DATABASE_UNAVAILABLE_MESSAGE, dataExceptionMessage, RpcErrorFilter } from './rpc-error.filter';

/** what the caller of a service receives for an error its handler threw, and what was logged */
async function answerTo(exception: unknown) {
  const logged: Array<{ level: string; message: string }> = [];
  const logger = {
    error: (_fields: unknown, message: string) => logged.push({ level: 'error', message }),
    warn: (_fields: unknown, message: string) => logged.push({ level: 'warn', message }),
  } as unknown as Logger;
  const body = await firstValueFrom(new RpcErrorFilter(logger).catch(exception, {} as ArgumentsHost)).catch((b: unknown) => b);
  return { body, logged };
}

const pgError = (code: string) => new QueryFailedError('INSERT INTO t VALUES ($1)', [1], Object.assign(new Error(`postgres error ${code}`), { code }));

describe('RpcErrorFilter: every error leaves a service as { status, message }', () => {
  it('keeps the status and message of an expected error, without logging it', async () => {
    expect(await answerTo(RpcError.notFound('Order not found'))).toEqual({ body: { status: 404, message: 'Order not found' }, logged: [] });
    expect(await answerTo(RpcError.conflict('Position 3 is already used in this style guide'))).toMatchObject({
      body: { status: 409, message: 'Position 3 is already used in this style guide' },
    });
  });

  it('passes another service\'s answer through as it was: its 404 stays a 404', async () => {
    expect((await answerTo(new RpcCallError(404, 'User not found', 'users'))).body).toEqual({ status: 404, message: 'User not found' });
  });

  it('answers 503 naming a service it called that is down', async () => {
    expect((await answerTo(new ServiceUnavailableError('users', 'timeout'))).body).toEqual({
      status: 503,
      message: 'The users service did not answer in time. Please try again.',
    });
  });

  it('keeps Nest\'s own exceptions\' status, with a list of messages joined into one', async () => {
    expect((await answerTo(new ForbiddenException('Not yours'))).body).toEqual({ status: 403, message: 'Not yours' });
    expect((await answerTo(new BadRequestException(['a must be a string', 'b must be a number']))).body).toEqual({
      status: 400,
      message: 'a must be a string; b must be a number',
    });
  });

  it('passes an RpcException that carries a status as it is, and makes one without a status a 500', async () => {
    expect((await answerTo(new RpcException({ status: 422, message: 'Unprocessable' }))).body).toEqual({ status: 422, message: 'Unprocessable' });
    expect((await answerTo(new RpcException('something broke'))).body).toEqual({ status: 500, message: 'Internal server error' });
    expect((await answerTo(new RpcException({ status: '404', message: 'stack trace …' }))).body).toEqual({ status: 500, message: 'Internal server error' });
  });

  it('answers a value PostgreSQL refused (SQLSTATE class 22) 400 with a plain message, and warns', async () => {
    const { body, logged } = await answerTo(pgError('22003'));
    expect(body).toEqual({ status: 400, message: 'Invalid input: a number is out of range' });
    expect(logged).toEqual([{ level: 'warn', message: 'PostgreSQL refused a value of a request' }]);
  });

  it('answers 503 "try again" while the database cannot be reached (a fail-over cut the connection, the server shuts down), and warns', async () => {
    const cut = new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'));
    const shuttingDown = pgError('57P01');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const err of [cut, shuttingDown, refused]) {
      const { body, logged } = await answerTo(err);
      expect(body).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(logged).toEqual([{ level: 'warn', message: 'the database could not be reached; answered 503' }]);
    }
  });

  it('keeps any other PostgreSQL error, and anything unexpected, a 500 without internals, and logs it as an error', async () => {
    for (const err of [pgError('42P01'), pgError('23505'), new TypeError("Cannot read properties of undefined (reading 'id')"), 'a string']) {
      const { body, logged } = await answerTo(err);
      expect(body).toEqual({ status: 500, message: 'Internal server error' });
      expect(logged).toEqual([{ level: 'error', message: 'unexpected error in handler' }]);
    }
  });
});

describe('dataExceptionMessage: the message for a value PostgreSQL cannot store', () => {
  it('names what was wrong for the data exceptions it knows', () => {
    expect(dataExceptionMessage('22001')).toBe('Invalid input: a text is too long');
    expect(dataExceptionMessage('22007')).toBe('Invalid input: a date or time is not valid');
  });

  it('says a value cannot be stored for another data exception of class 22', () => {
    expect(dataExceptionMessage('22012')).toBe('Invalid input: a value cannot be stored');
  });

  it('is null for every other code, and for no code', () => {
    for (const code of ['23505', '42P01', '2', '', undefined, null, 22003]) expect(dataExceptionMessage(code)).toBeNull();
  });
});

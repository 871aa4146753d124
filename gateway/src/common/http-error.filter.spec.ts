import { RpcCallError, ServiceUnavailableError } from '@app/messaging';
import { BadRequestException, ForbiddenException, NotFoundException, PayloadTooLargeException, type ArgumentsHost } from '@nestjs/common';
import type { Logger } from 'pino';
import { HttpErrorFilter } from './http-error.filter';
import { JsonShapeError } from './json-body';

/** what the client receives for an error thrown while answering GET /api/orders/x, and what was logged */
function answerTo(exception: unknown, opts: { headersSent?: boolean } = {}) {
  const logged: Array<{ fields: unknown; message: string }> = [];
  const logger = { error: (fields: unknown, message: string) => logged.push({ fields, message }) } as unknown as Logger;
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    headersSent: opts.headersSent ?? false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const req = { method: 'GET', path: '/api/orders/x', originalUrl: '/api/orders/x?page=2' };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  new HttpErrorFilter(logger).catch(exception, host);
  return { ...sent, logged };
}

describe('HttpErrorFilter: every error leaves the API as { statusCode, message }', () => {
  it('keeps the status and message a service answered', () => {
    expect(answerTo(new RpcCallError(400, 'Invalid input: a number is out of range', 'orders'))).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'Invalid input: a number is out of range' },
    });
    expect(answerTo(new RpcCallError(404, 'Order not found', 'orders'))).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Order not found' } });
    expect(answerTo(new RpcCallError(409, 'Position 3 is already used in this style guide', 'style-guides'))).toMatchObject({
      status: 409,
      body: { statusCode: 409, message: 'Position 3 is already used in this style guide' },
    });
  });

  it('hides the message of a service\'s 500 and of a status that is no error, and logs them', () => {
    const crashed = answerTo(new RpcCallError(500, 'relation "order" does not exist', 'orders'));
    expect(crashed).toMatchObject({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
    expect(crashed.logged).toHaveLength(1);
    expect(answerTo(new RpcCallError(200, 'odd', 'orders'))).toMatchObject({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
    expect(answerTo(new RpcCallError(399, 'odd', 'orders')).status).toBe(500);
    expect(answerTo(new RpcCallError(600, 'odd', 'orders')).status).toBe(500);
    expect(answerTo(new RpcCallError(599, 'Network connect timeout', 'orders'))).toMatchObject({ status: 599, body: { message: 'Network connect timeout' } });
  });

  it('answers 503 naming the service that is down or too slow, and logs it', () => {
    const down = answerTo(new ServiceUnavailableError('orders', 'no-responders'));
    expect(down).toMatchObject({ status: 503, body: { statusCode: 503, message: 'The orders service is unavailable. Please try again shortly.' } });
    expect(down.logged).toHaveLength(1);
    expect(answerTo(new ServiceUnavailableError('images', 'timeout')).body).toEqual({
      statusCode: 503,
      message: 'The images service did not answer in time. Please try again.',
    });
  });

  it('keeps the gateway\'s own refusals, with a validation\'s messages joined into one', () => {
    expect(answerTo(new ForbiddenException('Missing permission CREATE_ORDERS')).body).toEqual({ statusCode: 403, message: 'Missing permission CREATE_ORDERS' });
    expect(answerTo(new BadRequestException(['email must be an email', 'page must not be less than 1'])).body).toEqual({
      statusCode: 400,
      message: 'email must be an email; page must not be less than 1',
    });
  });

  it('answers an unknown route with the method and path asked for, and another 404 as it was', () => {
    expect(answerTo(new NotFoundException('Cannot GET /api/orders/x')).body).toEqual({ statusCode: 404, message: 'No route GET /api/orders/x' });
    expect(answerTo(new NotFoundException('Tag not found')).body).toEqual({ statusCode: 404, message: 'Tag not found' });
  });

  it('answers a body of the wrong shape 400, one too large 413 and an encoding it cannot read 415', () => {
    expect(answerTo(new JsonShapeError('JSON nested deeper than 32 levels')).body).toEqual({ statusCode: 400, message: 'JSON nested deeper than 32 levels' });
    expect(answerTo(Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413, expose: true })).body).toEqual({
      statusCode: 413,
      message: 'Request body is too large',
    });
    expect(answerTo(new PayloadTooLargeException()).status).toBe(413);
    for (const type of ['encoding.unsupported', 'charset.unsupported']) {
      expect(answerTo(Object.assign(new Error('unsupported'), { type, status: 415, expose: true })).body).toEqual({
        statusCode: 415,
        message: 'Unsupported request body encoding',
      });
    }
  });

  it('answers a body cut short or not encoded as its headers say with its 4xx and a plain message', () => {
    expect(answerTo(Object.assign(new Error('incorrect header check'), { type: 'entity.parse.failed', status: 400, expose: true })).body).toEqual({
      statusCode: 400,
      message: 'The request body could not be read: it is cut short or not encoded as its headers say',
    });
    expect(answerTo(Object.assign(new Error('request aborted'), { statusCode: 400, expose: true })).status).toBe(400);
  });

  it('answers anything else 500 without internals, and logs it', () => {
    const unexpected = answerTo(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(unexpected).toMatchObject({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
    expect(unexpected.logged).toHaveLength(1);
    expect(answerTo(Object.assign(new Error('secret'), { status: 500, expose: true })).body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(answerTo(Object.assign(new Error('secret'), { status: 400, expose: false })).body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(answerTo(undefined).status).toBe(500);
  });

  it('logs no client error', () => {
    expect(answerTo(new RpcCallError(404, 'Order not found', 'orders')).logged).toEqual([]);
    expect(answerTo(new ForbiddenException()).logged).toEqual([]);
  });

  it('sends nothing when the answer has already begun', () => {
    expect(answerTo(new RpcCallError(404, 'Order not found', 'orders'), { headersSent: true }).status).toBeUndefined();
  });
});

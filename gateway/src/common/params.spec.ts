import { BadRequestException } from '@nestjs/common';
import { pageParamPipe, uuidParamPipe } from './params';

/** what the route receives for the path parameter, or the 400 message the client gets */
async function parse(pipe: { transform(value: string, metadata: object): unknown }, value: string): Promise<{ ok: unknown } | { refused: string }> {
  try {
    return { ok: await pipe.transform(value, { type: 'param' }) };
  } catch (err) {
    if (!(err instanceof BadRequestException)) throw err;
    return { refused: err.message };
  }
}

describe('path parameters', () => {
  it('takes a UUID as it is', async () => {
    expect(await parse(uuidParamPipe('orderId'), '00000000-0000-4000-8000-00000000d001')).toEqual({ ok: '00000000-0000-4000-8000-00000000d001' });
  });

  it('refuses anything else as a UUID with 400 naming the parameter', async () => {
    for (const value of ['42', '00000000-0000-4000-8000-00000000d00', '00000000-0000-4000-8000-00000000d0011', 'not-a-uuid']) {
      expect(await parse(uuidParamPipe('orderId'), value)).toEqual({ refused: 'orderId must be a UUID' });
    }
  });

  it('turns a page number into a number', async () => {
    expect(await parse(pageParamPipe('page'), '3')).toEqual({ ok: 3 });
  });

  it('refuses a page that is not a whole number with 400 naming the parameter', async () => {
    for (const value of ['two', '1.5', '', '3a', '0', '-2', '+3', '1e3', '99999999999']) {
      expect(await parse(pageParamPipe('page'), value)).toEqual({ refused: 'page must be a whole number of at least 1' });
    }
  });
});

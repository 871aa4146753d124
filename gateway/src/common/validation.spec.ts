import { CreateAccountBody, PageQuery, UserListQuery } from '@app/contracts';
import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { createValidationPipe } from './validation';

const pipe = createValidationPipe();

/** what the route receives, or the 400 message the client gets */
async function parse(value: unknown, metadata: ArgumentMetadata): Promise<{ ok: unknown } | { refused: string }> {
  try {
    return { ok: await pipe.transform(value, metadata) };
  } catch (err) {
    if (!(err instanceof BadRequestException)) throw err;
    return { refused: (err.getResponse() as { message: string }).message };
  }
}
const query = (value: object, metatype: ArgumentMetadata['metatype'] = UserListQuery) => parse(value, { type: 'query', metatype });
const body = (value: object) => parse(value, { type: 'body', metatype: CreateAccountBody });

const account = {
  email: 'Dealer@Example.com ',
  displayName: ' Nordic Auto ',
  address: { country: 'Denmark' },
  contactPerson: { name: 'Jens', email: 'jens@example.com', phoneNumber: '+45 20 30 40 50' },
};

describe('createValidationPipe: what a request\'s body, query and path parameters must be', () => {
  describe('the page of a list, from the query string', () => {
    it('turns the text of the query string into a number', async () => {
      expect(await query({ page: '2' }, PageQuery)).toEqual({ ok: expect.objectContaining({ page: 2 }) });
      expect(await query({}, PageQuery)).toEqual({ ok: expect.not.objectContaining({ page: expect.anything() }) });
    });

    it('takes pages 1 to 1,000,000 and refuses 0 and 1,000,001', async () => {
      expect(await query({ page: '1' }, PageQuery)).toHaveProperty('ok');
      expect(await query({ page: '1000000' }, PageQuery)).toHaveProperty('ok');
      expect(await query({ page: '0' }, PageQuery)).toEqual({ refused: 'page must not be less than 1' });
      expect(await query({ page: '1000001' }, PageQuery)).toEqual({ refused: 'page must not be greater than 1000000' });
    });

    it('refuses a page that is not a whole number', async () => {
      expect(await query({ page: '1.5' }, PageQuery)).toEqual({ refused: 'page must be an integer number' });
      expect(await query({ page: 'two' }, PageQuery)).toEqual({ refused: expect.stringContaining('page must be an integer number') });
    });
  });

  it('trims the search of a list and refuses a filter it does not know', async () => {
    expect(await query({ search: '  nordic ', userRole: 'Dealership' })).toEqual({ ok: expect.objectContaining({ search: 'nordic', userRole: 'Dealership' }) });
    expect(await query({ userRole: 'Owner' })).toEqual({ refused: 'userRole must be one of the following values: Admin, Dealership, Management, QA' });
    expect(await query({ sort: 'name' })).toEqual({ refused: 'property sort should not exist' });
  });

  it('refuses a field the body does not have, naming it, also inside a nested object', async () => {
    expect(await body({ ...account, isAdmin: true })).toEqual({ refused: 'property isAdmin should not exist' });
    expect(await body({ ...account, address: { country: 'Denmark', planet: 'Earth' } })).toEqual({ refused: expect.stringContaining('property planet should not exist') });
  });

  it('names a nested field by its path', async () => {
    expect(await body({ ...account, contactPerson: { ...account.contactPerson, email: 'jens' } })).toEqual({ refused: 'contactPerson.email must be an email' });
    expect(await body({ ...account, contactPerson: { ...account.contactPerson, phoneNumber: '555-0100' } })).toEqual({
      refused: 'contactPerson.phoneNumber may hold only digits, spaces, one leading + and hyphens after a +',
    });
  });

  it('lists every failing field in one message', async () => {
    expect(await body({ ...account, email: 'not-an-email', currency: 'euro' })).toEqual({
      refused: 'email must be an email; currency must be a 3-letter code',
    });
  });

  it('does not turn text into a number or a boolean in a body', async () => {
    expect(await body({ ...account, subscriptionPrice: '99' })).toEqual({
      refused: expect.stringContaining('subscriptionPrice must be a number with at most 2 decimal places'),
    });
    expect(await body({ ...account, mobileAppAccess: 'true' })).toEqual({ refused: 'mobileAppAccess must be a boolean value' });
  });

  it('gives the route the body as its class, e-mails trimmed and lower-cased, names trimmed', async () => {
    const result = await body(account);
    expect(result).toEqual({ ok: expect.any(CreateAccountBody) });
    expect((result as { ok: CreateAccountBody }).ok).toMatchObject({ email: 'dealer@example.com', displayName: 'Nordic Auto' });
  });

  it('refuses text no store can keep, naming where it is, in a body, a query or a path parameter', async () => {
    expect(await body({ ...account, contactPerson: { ...account.contactPerson, name: 'Je\u0000ns' } })).toEqual({
      refused: 'contactPerson.name must not contain NUL characters',
    });
    expect(await query({ search: 'nordic\ud800' })).toEqual({ refused: 'search must be valid Unicode text (it holds an unpaired surrogate)' });
    expect(await parse('abc\u0000', { type: 'param', data: 'id' })).toEqual({ refused: 'id must not contain NUL characters' });
  });

  it('looks at the names of fields too', async () => {
    expect(await body({ ...account, ['x\u0000']: 1 })).toEqual({ refused: expect.stringContaining('must not contain NUL characters') });
  });
});

import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { formatValidationErrors, ReEditDeclineBody, ReEditRequestBody, RejectionReasonsQuery } from '@app/contracts';

/** the body as the service takes it, or the message it is refused with */
async function check<T extends object>(cls: new () => T, body: object): Promise<{ ok: T } | { refused: string }> {
  const value = plainToInstance(cls, body);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length ? { refused: formatValidationErrors(errors) } : { ok: value };
}

describe('a re-edit request as asked', () => {
  it('takes a reason of the list, with or without text, the text trimmed', async () => {
    expect(await check(ReEditRequestBody, { reason: 'background' })).toEqual({ ok: { reason: 'background' } });
    expect(await check(ReEditRequestBody, { reason: 'wrong-angle', text: '  Front, not side  ' })).toEqual({ ok: { reason: 'wrong-angle', text: 'Front, not side' } });
    expect(await check(ReEditRequestBody, { reason: 'dirty' })).toEqual({
      refused: 'reason must be one of the following values: background, cropping, colour, reflections, wrong-angle, number-plate, logo, other',
    });
    expect(await check(ReEditRequestBody, {})).toHaveProperty('refused');
  });

  it('needs text for the reason other, and takes 500 characters of it, not 501', async () => {
    expect(await check(ReEditRequestBody, { reason: 'other' })).toEqual({ refused: expect.stringContaining('text is required when the reason is other') });
    expect(await check(ReEditRequestBody, { reason: 'other', text: '   ' })).toEqual({ refused: 'text is required when the reason is other' });
    expect(await check(ReEditRequestBody, { reason: 'other', text: 't'.repeat(500) })).toHaveProperty('ok');
    expect(await check(ReEditRequestBody, { reason: 'logo', text: 't'.repeat(501) })).toEqual({ refused: 'text must be shorter than or equal to 500 characters' });
    expect(await check(ReEditRequestBody, { reason: 'logo', text: null })).toEqual({ refused: expect.stringContaining('text must be a string') });
  });

  it("takes QA's answer of 1 to 500 characters", async () => {
    expect(await check(ReEditDeclineBody, { text: ' As the guide says ' })).toEqual({ ok: { text: 'As the guide says' } });
    expect(await check(ReEditDeclineBody, { text: '  ' })).toEqual({ refused: 'text should not be empty' });
    expect(await check(ReEditDeclineBody, { text: 'a'.repeat(501) })).toEqual({ refused: 'text must be shorter than or equal to 500 characters' });
    expect(await check(ReEditDeclineBody, {})).toHaveProperty('refused');
  });

  it('the rejection reasons take ISO times as their window', async () => {
    expect(await check(RejectionReasonsQuery, { from: '2026-05-01', to: '2026-05-31T12:00:00Z' })).toHaveProperty('ok');
    expect(await check(RejectionReasonsQuery, { from: 'yesterday' })).toEqual({ refused: 'from must be a valid ISO 8601 date string' });
  });
});

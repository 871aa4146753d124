import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ApprovalBody, formatValidationErrors, RepushBody } from '@app/contracts';

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const IMAGE = '00000000-0000-4000-8000-0000000000b1';

/** the body as the service takes it, or the message it is refused with */
async function check<T extends object>(cls: new () => T, body: object): Promise<{ ok: T } | { refused: string }> {
  const value = plainToInstance(cls, body);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length ? { refused: formatValidationErrors(errors) } : { ok: value };
}

const repush = { orderId: ORDER, imageArray: [IMAGE], method: 'full' };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('a repush request as sent', () => {
  it('takes 1 to 100 image ids, and refuses none or 101', async () => {
    expect(await check(RepushBody, { ...repush, imageArray: ids(100) })).toHaveProperty('ok');
    expect(await check(RepushBody, { ...repush, imageArray: [] })).toEqual({ refused: 'imageArray must contain at least 1 elements' });
    expect(await check(RepushBody, { ...repush, imageArray: ids(101) })).toEqual({ refused: 'imageArray must contain no more than 100 elements' });
    expect(await check(RepushBody, { ...repush, imageArray: ['img-1'] })).toEqual({ refused: 'each value in imageArray must be a UUID' });
  });

  it('takes the five methods, not FEATURED', async () => {
    for (const method of ['full', 'bypass', 'enhancer', 'ai_no_enh', 'logo_only']) expect(await check(RepushBody, { ...repush, method })).toHaveProperty('ok');
    expect(await check(RepushBody, { ...repush, method: 'FEATURED' })).toEqual({ refused: 'method must be one of the following values: full, bypass, enhancer, ai_no_enh, logo_only' });
  });

  it('takes margins of 0 to 45 and a horizon of 0 to 100, not one more', async () => {
    const margins = { top: 45, bottom: 0, left: 5, right: 5 };
    expect(await check(RepushBody, { ...repush, margins, horizonLineHeight: 100 })).toHaveProperty('ok');
    expect(await check(RepushBody, { ...repush, margins: { ...margins, top: 46 } })).toEqual({ refused: 'margins.top must not be greater than 45' });
    expect(await check(RepushBody, { ...repush, margins: { ...margins, left: -1 } })).toEqual({ refused: 'margins.left must not be less than 0' });
    expect(await check(RepushBody, { ...repush, horizonLineHeight: 100.5 })).toEqual({ refused: 'horizonLineHeight must not be greater than 100' });
  });

  it('takes a colour as #RRGGBB, a category and the switches as auto, enabled or disabled', async () => {
    expect(
      await check(RepushBody, { ...repush, backgroundColor: '#a0B1c2', imageCategory: 'interior', isImageRepushedWithSettings: true, userControlForceBGRemove: 'disabled' }),
    ).toHaveProperty('ok');
    expect(await check(RepushBody, { ...repush, backgroundColor: 'FFFFFF' })).toEqual({ refused: 'backgroundColor must be a colour like #FFFFFF' });
    expect(await check(RepushBody, { ...repush, imageCategory: 'garage' })).toEqual({ refused: 'imageCategory must be one of the following values: exterior, interior' });
    expect(await check(RepushBody, { ...repush, userControlYellowFixEnabled: 'on' })).toEqual({
      refused: 'userControlYellowFixEnabled must be one of the following values: auto, enabled, disabled',
    });
  });
});

describe('an approval as sent', () => {
  it('takes a reason as a tag id, and nothing else', async () => {
    expect(await check(ApprovalBody, { approved: false, errorTagId: IMAGE })).toHaveProperty('ok');
    expect(await check(ApprovalBody, { approved: false, errorTagId: 'Reflections' })).toEqual({ refused: 'errorTagId must be a UUID' });
  });
});

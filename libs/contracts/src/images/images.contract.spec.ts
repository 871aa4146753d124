import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ApprovalBody, formatValidationErrors, IMAGE_MESSAGES, PLATE_QUAD_MESSAGE, RepushBody } from '@app/contracts';

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

describe("a repush request's number plates", () => {
  const plate = (x = 0.4, y = 0.6) => ({ corners: [{ x, y }, { x: x + 0.2, y }, { x: x + 0.2, y: y + 0.05 }, { x, y: y + 0.05 }] });

  it('takes the switch and up to four plates of four corners inside the picture, for one image', async () => {
    const sent = await check(RepushBody, { ...repush, userControlNumberPlates: 'enabled', numberPlates: [plate(0), plate(0.1), plate(0.2), plate(0.8, 0.95)] });
    expect(sent).toHaveProperty('ok');
    expect((sent as { ok: RepushBody }).ok.numberPlates?.[3].corners[2]).toEqual({ x: 1, y: 1 });
    expect(await check(RepushBody, { ...repush, numberPlates: [] })).toHaveProperty('ok');
    // the same id twice is one picture
    expect(await check(RepushBody, { ...repush, imageArray: [IMAGE, IMAGE], numberPlates: [plate()] })).toHaveProperty('ok');
    expect(await check(RepushBody, { ...repush, userControlNumberPlates: 'yes' })).toEqual({
      refused: 'userControlNumberPlates must be one of the following values: auto, enabled, disabled',
    });
  });

  it('refuses five plates, three or five corners, a corner outside the picture, and plates for two images', async () => {
    expect(await check(RepushBody, { ...repush, numberPlates: [plate(), plate(), plate(), plate(), plate()] })).toEqual({ refused: PLATE_QUAD_MESSAGE });
    const three = { corners: plate().corners.slice(0, 3) };
    expect(await check(RepushBody, { ...repush, numberPlates: [three] })).toEqual({ refused: PLATE_QUAD_MESSAGE });
    expect(await check(RepushBody, { ...repush, numberPlates: [{ corners: [...plate().corners, { x: 0, y: 0 }] }] })).toEqual({ refused: PLATE_QUAD_MESSAGE });
    expect(await check(RepushBody, { ...repush, numberPlates: [plate(1.5)] })).toEqual({ refused: PLATE_QUAD_MESSAGE });
    expect(await check(RepushBody, { ...repush, numberPlates: [plate(-0.1)] })).toEqual({ refused: PLATE_QUAD_MESSAGE });
    expect(await check(RepushBody, { ...repush, numberPlates: [{ corners: [{ x: '0.1', y: 0.2 }, ...plate().corners.slice(1)] }] })).toMatchObject({ refused: expect.stringContaining(PLATE_QUAD_MESSAGE) });
    expect(await check(RepushBody, { ...repush, numberPlates: plate() })).toMatchObject({ refused: expect.stringContaining(PLATE_QUAD_MESSAGE) });
    expect(await check(RepushBody, { ...repush, imageArray: ids(2), numberPlates: [plate()] })).toEqual({ refused: IMAGE_MESSAGES.platesOfOneImage });
  });
});

describe('an approval as sent', () => {
  it('takes a reason as a tag id, and nothing else', async () => {
    expect(await check(ApprovalBody, { approved: false, errorTagId: IMAGE })).toHaveProperty('ok');
    expect(await check(ApprovalBody, { approved: false, errorTagId: 'Reflections' })).toEqual({ refused: 'errorTagId must be a UUID' });
  });
});

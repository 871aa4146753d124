import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ConfigurationBody, ConfigurationPatch, formatValidationErrors, StyleGuideBody, StyleGuidePatch } from '@app/contracts';

const GUIDE = '00000000-0000-4000-8000-0000000000c1';

/** the body as the service takes it, or the message it is refused with */
async function check<T extends object>(cls: new () => T, body: object): Promise<{ ok: T } | { refused: string }> {
  const value = plainToInstance(cls, body);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length ? { refused: formatValidationErrors(errors) } : { ok: value };
}

const guide = { name: 'Nordic showroom', outputWidth: 1920, outputHeight: 1440, maxImageSize: 800_000 };
const configuration = { styleGuideId: GUIDE, position: 1 };

describe('a style guide as entered', () => {
  it('takes the output size from 64 to 8192 pixels a side, and refuses one pixel more or less', async () => {
    expect(await check(StyleGuideBody, { ...guide, outputWidth: 64, outputHeight: 8192 })).toHaveProperty('ok');
    expect(await check(StyleGuideBody, { ...guide, outputWidth: 63 })).toEqual({ refused: 'outputWidth must not be less than 64' });
    expect(await check(StyleGuideBody, { ...guide, outputHeight: 8193 })).toEqual({ refused: 'outputHeight must not be greater than 8192' });
    expect(await check(StyleGuidePatch, { outputWidth: 1920.5 })).toEqual({ refused: 'outputWidth must be an integer number' });
  });

  it('takes a largest image size from 10,000 bytes up to 8 MB (8,388,608 bytes), not one byte beyond', async () => {
    expect(await check(StyleGuideBody, { ...guide, maxImageSize: 10_000 })).toHaveProperty('ok');
    expect(await check(StyleGuideBody, { ...guide, maxImageSize: 8_388_608 })).toHaveProperty('ok');
    expect(await check(StyleGuideBody, { ...guide, maxImageSize: 9_999 })).toEqual({ refused: 'maxImageSize must not be less than 10000' });
    expect(await check(StyleGuidePatch, { maxImageSize: 8_388_609 })).toEqual({ refused: 'maxImageSize must not be greater than 8388608' });
  });

  it('takes an interior colour as #RRGGBB in either letter case, and nothing else', async () => {
    expect(await check(StyleGuideBody, { ...guide, interiorColor: '#a0b1C2' })).toHaveProperty('ok');
    for (const colour of ['FFFFFF', '#FFF', '#FFFFFFF', '#GGGGGG', 'white']) {
      expect(await check(StyleGuidePatch, { interiorColor: colour })).toEqual({ refused: 'interiorColor must be a hex colour like #FFFFFF' });
    }
  });

  it('takes the car windows as opaque or see-through, leaves them out by default, and refuses anything else naming both', async () => {
    for (const windows of ['opaque', 'see-through']) {
      expect(await check(StyleGuideBody, { ...guide, windows })).toMatchObject({ ok: { windows } });
      expect(await check(StyleGuidePatch, { windows })).toMatchObject({ ok: { windows } });
    }
    expect(await check(StyleGuideBody, guide)).toHaveProperty('ok');
    for (const windows of ['transparent', 'Opaque', '', null, true]) {
      expect(await check(StyleGuidePatch, { windows })).toEqual({ refused: 'windows must be one of: opaque, see-through' });
    }
  });

  it('takes the number plates as off, blur, colour or logo, leaves them out by default, and refuses anything else naming the four', async () => {
    for (const numberPlates of ['off', 'blur', 'colour', 'logo']) {
      expect(await check(StyleGuideBody, { ...guide, numberPlates })).toMatchObject({ ok: { numberPlates } });
      expect(await check(StyleGuidePatch, { numberPlates })).toMatchObject({ ok: { numberPlates } });
    }
    expect(await check(StyleGuideBody, guide)).toHaveProperty('ok');
    for (const numberPlates of ['color', 'Blur', 'hide', '', null, true, 1]) {
      expect(await check(StyleGuidePatch, { numberPlates })).toEqual({ refused: 'numberPlates must be one of: off, blur, colour, logo' });
      expect(await check(StyleGuideBody, { ...guide, numberPlates })).toEqual({ refused: 'numberPlates must be one of: off, blur, colour, logo' });
    }
  });

  it('takes the number plate colour as #RRGGBB in either letter case, and nothing else', async () => {
    for (const numberPlateColor of ['#FFFFFF', '#1a2B3c']) {
      expect(await check(StyleGuideBody, { ...guide, numberPlates: 'colour', numberPlateColor })).toMatchObject({ ok: { numberPlateColor } });
      expect(await check(StyleGuidePatch, { numberPlateColor })).toMatchObject({ ok: { numberPlateColor } });
    }
    for (const numberPlateColor of ['FFFFFF', '#FFF', '#FFFFFFF', '#GGGGGG', 'white', '', null, 16777215]) {
      expect(await check(StyleGuidePatch, { numberPlateColor })).toEqual({ refused: 'numberPlateColor must be a colour like #FFFFFF' });
      expect(await check(StyleGuideBody, { ...guide, numberPlateColor })).toEqual({ refused: 'numberPlateColor must be a colour like #FFFFFF' });
    }
  });

  it('takes a customer note of 999 characters and refuses 1000', async () => {
    expect(await check(StyleGuideBody, { ...guide, customerNote: 'n'.repeat(999) })).toHaveProperty('ok');
    expect(await check(StyleGuideBody, { ...guide, customerNote: 'n'.repeat(1000) })).toEqual({
      refused: 'customerNote must be shorter than or equal to 999 characters',
    });
  });

  it('needs a name once the spaces around it are gone', async () => {
    expect(await check(StyleGuideBody, { ...guide, name: '   ' })).toEqual({ refused: 'name must be longer than or equal to 1 characters' });
  });
});

describe('a configuration (one position of a guide) as entered', () => {
  it('takes positions 0 to 999, and refuses -1 and 1000', async () => {
    expect(await check(ConfigurationBody, { ...configuration, position: 0 })).toHaveProperty('ok');
    expect(await check(ConfigurationBody, { ...configuration, position: 999 })).toHaveProperty('ok');
    expect(await check(ConfigurationBody, { ...configuration, position: -1 })).toEqual({ refused: 'position must not be less than 0' });
    expect(await check(ConfigurationPatch, { position: 1000 })).toEqual({ refused: 'position must not be greater than 999' });
  });

  it('takes margins as an object or as its JSON text, as the web app keeps them', async () => {
    const margins = { top: 10, right: 5.25, bottom: 0, left: 100 };
    expect(await check(ConfigurationBody, { ...configuration, margins })).toMatchObject({ ok: { margins } });
    expect(await check(ConfigurationPatch, { margins: JSON.stringify(margins) })).toMatchObject({ ok: { margins } });
  });

  it('refuses a margin past 100 %, below 0 or with more than two decimals, naming the side', async () => {
    expect(await check(ConfigurationPatch, { margins: { top: 100.01, right: 5, bottom: 4, left: 5 } })).toEqual({ refused: 'margins.top must not be greater than 100' });
    expect(await check(ConfigurationPatch, { margins: '{"top":10,"right":-1,"bottom":4,"left":5}' })).toEqual({ refused: 'margins.right must not be less than 0' });
    expect(await check(ConfigurationPatch, { margins: { top: 10, right: 5, bottom: 4.125, left: 5 } })).toEqual({
      refused: 'margins.bottom must be a number with at most 2 decimal places',
    });
    expect(await check(ConfigurationPatch, { margins: { top: 10, right: 5, bottom: 4 } })).toEqual({ refused: expect.stringMatching(/^margins\.left must /) });
  });

  it('refuses margins that are not an object: a list, broken JSON, or text too long to be four numbers', async () => {
    // the message leads with what margins must be (class-validator adds its own words after it)
    const refused = { refused: expect.stringMatching(/^margins must be an object \(or its JSON text\) with top, right, bottom and left(;|$)/) };
    expect(await check(ConfigurationPatch, { margins: [10, 5, 4, 5] })).toEqual(refused);
    expect(await check(ConfigurationPatch, { margins: '{"top":10,' })).toEqual(refused);
    const json = '{"top":10,"right":5,"bottom":4,"left":5}';
    const ofLength = (n: number) => json.slice(0, -1) + ' '.repeat(n - json.length) + '}';
    expect(await check(ConfigurationPatch, { margins: ofLength(200) })).toHaveProperty('ok');
    expect(await check(ConfigurationPatch, { margins: ofLength(201) })).toEqual(refused);
  });

  it('takes a horizon line from 0 to 100 %', async () => {
    expect(await check(ConfigurationPatch, { horizonLineHeight: 0 })).toHaveProperty('ok');
    expect(await check(ConfigurationPatch, { horizonLineHeight: 100 })).toHaveProperty('ok');
    expect(await check(ConfigurationBody, { ...configuration, horizonLineHeight: 100.5 })).toEqual({ refused: 'horizonLineHeight must not be greater than 100' });
    expect(await check(ConfigurationPatch, { horizonLineHeight: 100.5 })).toEqual({ refused: 'horizonLineHeight must not be greater than 100' });
    expect(await check(ConfigurationPatch, { horizonLineHeight: -0.5 })).toEqual({ refused: 'horizonLineHeight must not be less than 0' });
  });

  it('takes a route by its stored or its displayed name, and sends what it does not know to AI without the enhancer', async () => {
    expect(await check(ConfigurationPatch, { routeTo: 'bypass' })).toMatchObject({ ok: { routeTo: 'bypass' } });
    expect(await check(ConfigurationPatch, { routeTo: ' AI (no enhancer) ' })).toMatchObject({ ok: { routeTo: 'ai_no_enh' } });
    expect(await check(ConfigurationPatch, { routeTo: ' ai ' })).toMatchObject({ ok: { routeTo: 'full' } });
    expect(await check(ConfigurationBody, { ...configuration, routeTo: ' logo_only' })).toMatchObject({ ok: { routeTo: 'logo_only' } });
    expect(await check(ConfigurationPatch, { routeTo: 'teleport' })).toMatchObject({ ok: { routeTo: 'ai_no_enh' } });
  });
});

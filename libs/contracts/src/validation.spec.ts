import { IsInt, IsString, Max, MinLength, validate } from 'class-validator';
import { cacheValidationMetadata, findUnsafeText, IsFixedPoint, IsOmittable } from './validation';

describe('findUnsafeText: text PostgreSQL cannot keep, found in any string of a request', () => {
  it.each([
    ['plain text, numbers, nulls', { name: 'Ærø 日本 🚗', n: 1, none: null, list: ['a', 'b'] }, null],
    ['a NUL in a value', { orderName: 'a\u0000b' }, 'orderName must not contain NUL characters'],
    ['a NUL deep down', { contactPerson: { name: 'Bo\u0000' } }, 'contactPerson.name must not contain NUL characters'],
    ['a NUL in a list', { ids: ['ok', '\u0000'] }, 'ids.1 must not contain NUL characters'],
    ['a NUL in a key', { sensorData: { 'a\u0000': 1 } }, 'a field name in sensorData must not contain NUL characters'],
    ['a lone high surrogate', { orderName: 'car \ud800' }, 'orderName must be valid Unicode text (it holds an unpaired surrogate)'],
    ['a lone low surrogate', { orderName: '\udc00 car' }, 'orderName must be valid Unicode text (it holds an unpaired surrogate)'],
    ['a surrogate pair (an emoji) is fine', { orderName: '\ud83d\ude97' }, null],
  ])('%s', (_name, value, message) => {
    expect(findUnsafeText(value)).toBe(message);
  });

  it('names a path parameter or a bare value by the path it is given', () => {
    expect(findUnsafeText('A\u0000B', 'name')).toBe('name must not contain NUL characters');
  });
});

class Price {
  @IsOmittable() @IsFixedPoint(2) price?: number;
}

describe('IsFixedPoint and IsOmittable', () => {
  const errors = async (price: unknown) => {
    const p = Object.assign(new Price(), { price });
    return (await validate(p)).flatMap((e) => Object.values(e.constraints ?? {}));
  };

  it.each([[12.5], [0], [10_000_000], [0.01], [99.99], [undefined]])('takes %p', async (price) => {
    expect(await errors(price)).toEqual([]);
  });

  it.each([[1e-7], [1e-300], [0.001], [12.345], ['12.5'], [true], [null], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %p', async (price) => {
    expect(await errors(price)).toEqual(['price must be a number with at most 2 decimal places']);
  });
});

describe('cacheValidationMetadata: the rules of a class looked up once', () => {
  class Base {
    @IsString() @MinLength(2) name!: string;
  }
  class Derived extends Base {
    @IsInt() @Max(10) count!: number;
  }
  const errorsOf = async (o: object) => (await validate(o, { forbidUnknownValues: true })).map((e) => `${e.property}: ${Object.keys(e.constraints ?? {}).sort().join(',')}`);

  it('validates as before, inherited rules included, the second time from the cache', async () => {
    cacheValidationMetadata();
    cacheValidationMetadata();
    for (let i = 0; i < 2; i++) {
      expect(await errorsOf(Object.assign(new Derived(), { name: 'x', count: 11 }))).toEqual(['count: max', 'name: minLength']);
      expect(await errorsOf(Object.assign(new Derived(), { name: 'ok', count: 3 }))).toEqual([]);
      expect(await errorsOf(Object.assign(new Base(), { name: 7 }))).toEqual(['name: isString,minLength']);
    }
  });

  it('sees the rules of a class declared after the cache was filled', async () => {
    cacheValidationMetadata();
    expect(await errorsOf(Object.assign(new Base(), { name: 'ok' }))).toEqual([]);
    class Later extends Base {
      @IsInt() size!: number;
    }
    expect(await errorsOf(Object.assign(new Later(), { name: 'ok', size: 'big' }))).toEqual(['size: isInt']);
    // and a rule added to a class already looked up
    IsInt()(Base.prototype, 'extra');
    expect(await errorsOf(Object.assign(new Base(), { name: 'ok', extra: 'no' }))).toEqual(['extra: isInt']);
  });
});

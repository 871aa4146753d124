import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  let now = 0;
  const cache = () => new VersionedCache<number>(10_000, 3, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('answers a count only at the version it was counted at', () => {
    const c = cache();
    c.set('tesla', '7:true', 12_500);
    expect(c.get('tesla', '7:true')).toBe(12_500);
    expect(c.get('tesla', '8:true')).toBeUndefined();
    // gone once the version moved, even if asked at the old one again
    expect(c.get('tesla', '7:true')).toBeUndefined();
    expect(c.get('golf', '7:true')).toBeUndefined();
  });

  it('forgets a count after its time, whatever the version', () => {
    const c = cache();
    c.set('tesla', '7:true', 12_500);
    now += 10_000;
    expect(c.get('tesla', '7:true')).toBe(12_500);
    now += 1;
    expect(c.get('tesla', '7:true')).toBeUndefined();
  });

  it('keeps the newest searches only, a count set again counting as new', () => {
    const c = cache();
    c.set('a', 'v', 1);
    c.set('b', 'v', 2);
    c.set('c', 'v', 3);
    c.set('a', 'v', 10);
    c.set('d', 'v', 4);
    expect(['a', 'b', 'c', 'd'].map((k) => c.get(k, 'v'))).toEqual([10, undefined, 3, 4]);
  });
});

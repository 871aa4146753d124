import { isUuid, UUID_PATTERN } from './uuid';

describe('isUuid: the shape of the product ids', () => {
  it('takes a UUID of any version, either case', () => {
    expect(isUuid('0b0e7c2e-1b7a-4c51-9a34-1c2d3e4f5a6b')).toBe(true);
    expect(isUuid('0B0E7C2E-1B7A-4C51-9A34-1C2D3E4F5A6B')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const v of ['', 'abc', '0b0e7c2e1b7a4c519a341c2d3e4f5a6b', '0b0e7c2e-1b7a-4c51-9a34-1c2d3e4f5a6', ' 0b0e7c2e-1b7a-4c51-9a34-1c2d3e4f5a6b', '0b0e7c2e-1b7a-4c51-9a34-1c2d3e4f5a6g', '------------------------------------', 42, null, undefined]) {
      expect(isUuid(v)).toBe(false);
    }
  });

  it('gives SQL the same pattern', () => {
    expect(UUID_PATTERN.source).toBe('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
  });
});

import { SecretBox } from './secret-box';

const KEY = '0123456789abcdef'.repeat(4);
const OTHER_KEY = 'fedcba9876543210'.repeat(4);

describe('SecretBox: integration passwords sealed at rest', () => {
  it('opens what it sealed, and the sealed form does not show the password', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('ftp-Pässword 1');
    expect(sealed).not.toContain('ftp-');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(sealed)).toBe('ftp-Pässword 1');
  });

  it('seals the same password differently each time', () => {
    const box = new SecretBox(KEY);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a sealed value that was changed, or sealed under another key', () => {
    const sealed = new SecretBox(KEY).seal('secret');
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = data.startsWith('A') ? `B${data.slice(1)}` : `A${data.slice(1)}`;
    expect(() => new SecretBox(KEY).open([version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => new SecretBox(OTHER_KEY).open(sealed)).toThrow();
    expect(() => new SecretBox(KEY).open(sealed.replace(/^v1/, 'v2'))).toThrow('unknown secret format');
  });

  it('takes only a key of exactly 32 bytes (64 hexadecimal characters)', () => {
    expect(() => new SecretBox(KEY)).not.toThrow();
    expect(() => new SecretBox(KEY.slice(2))).toThrow('INTEGRATION_SECRET_KEY must be 32 bytes');
    expect(() => new SecretBox(`${KEY}00`)).toThrow('INTEGRATION_SECRET_KEY must be 32 bytes');
  });
});

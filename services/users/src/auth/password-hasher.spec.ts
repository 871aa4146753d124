import { isStrongPassword } from '@app/contracts';
import { generateTemporaryPassword, generateVerificationCode, PasswordHasher } from './password-hasher';

/** the lowest cost the configuration allows: 2^10, fast enough for a unit test */
const hasher = new PasswordHasher(10);

describe('PasswordHasher: scrypt with its parameters in the stored form', () => {
  it('verifies the password it hashed, and refuses another one or one a letter off in case', async () => {
    const stored = await hasher.hash('Corr3ct-Horse!');
    expect(await hasher.verify('Corr3ct-Horse!', stored)).toBe(true);
    expect(await hasher.verify('corr3ct-Horse!', stored)).toBe(false);
    expect(await hasher.verify('Corr3ct-Horse', stored)).toBe(false);
  });

  it('never keeps the password in the stored form, and salts each hash differently', async () => {
    const [a, b] = [await hasher.hash('Corr3ct-Horse!'), await hasher.hash('Corr3ct-Horse!')];
    expect(a).not.toContain('Corr3ct-Horse!');
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
  });

  it('verifies a hash made at another cost, so raising the cost keeps old passwords working', async () => {
    const old = await new PasswordHasher(11).hash('Corr3ct-Horse!');
    expect(await hasher.verify('Corr3ct-Horse!', old)).toBe(true);
  });

  it('refuses an account without a password and a hash of another scheme', async () => {
    expect(await hasher.verify('Corr3ct-Horse!', null)).toBe(false);
    expect(await hasher.verify('Corr3ct-Horse!', undefined)).toBe(false);
    const stored = await hasher.hash('Corr3ct-Horse!');
    expect(await hasher.verify('Corr3ct-Horse!', stored.replace(/^scrypt/, 'bcrypt'))).toBe(false);
  });
});

describe('generateTemporaryPassword: what a new account or sales person gets by e-mail', () => {
  it('is 14 characters and meets the password rule every time', () => {
    const samples = Array.from({ length: 300 }, generateTemporaryPassword);
    for (const password of samples) {
      expect(password).toHaveLength(14);
      expect(isStrongPassword(password)).toBe(true);
    }
    expect(new Set(samples).size).toBe(samples.length);
  });

  it('leaves out the characters people mistake for one another (l, I, O, 0, 1)', () => {
    const all = Array.from({ length: 300 }, generateTemporaryPassword).join('');
    expect(all).not.toMatch(/[lIO01]/);
  });
});

describe('generateVerificationCode: the forgot-password code', () => {
  it('is always six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, generateVerificationCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });
});

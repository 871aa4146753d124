import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const KEY_LENGTH = 32;

/**
 * Memory-hard password hashing with scrypt (N = 2^cost, r = 8, p = 1). The stored form
 * `scrypt$<cost>$<r>$<p>$<salt>$<hash>` keeps its own parameters, so raising the cost later
 * leaves old hashes verifiable.
 */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly cost: number) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const N = 2 ** this.cost;
    const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
    return `scrypt$${this.cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    if (!stored) {
      // same work as a real check, so an unknown account answers in the same time
      await this.verify(password, await this.dummyHash());
      return false;
    }
    const [scheme, costS, rS, pS, saltB64, hashB64] = stored.split('$');
    if (scheme !== 'scrypt') return false;
    const N = 2 ** Number(costS);
    const r = Number(rS);
    const p = Number(pS);
    const expected = Buffer.from(hashB64, 'base64');
    const key = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
      N,
      r,
      p,
      maxmem: 128 * N * r * p + 1024 * 1024,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(12).toString('hex'));
    return this.dummy;
  }
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!@#$%&*?';

/** A temporary password that meets the password rule (14 characters, easy to type). */
export function generateTemporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** A 6-digit verification code. */
export function generateVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

import { createHash } from 'node:crypto';
import { newToken, sha256 } from './auth.repository';
import { openSuccessor, sealSuccessor } from './refresh-successor';

describe('the successor of a spent refresh token, sealed for the grace window', () => {
  it('opens with the spent token, and only with it', () => {
    const spent = newToken();
    const successor = newToken();
    const sealed = sealSuccessor(spent, successor);
    expect(openSuccessor(spent, sealed)).toBe(successor);
    expect(openSuccessor(newToken(), sealed)).toBeNull();
    expect(openSuccessor(spent, `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openSuccessor(spent, 'not sealed')).toBeNull();
  });

  it('shows nothing of either token, and cannot be opened with what the database keeps (the hashes)', () => {
    const spent = newToken();
    const successor = newToken();
    const sealed = sealSuccessor(spent, successor);
    for (const token of [spent, successor]) {
      expect(sealed).not.toContain(token);
      expect(sealed).not.toContain(sha256(token));
    }
    expect(openSuccessor(sha256(spent), sealed)).toBeNull();
    expect(openSuccessor(createHash('sha256').update(spent).digest('base64url'), sealed)).toBeNull();
    // a fresh nonce each time: the same pair never seals the same way twice
    expect(sealSuccessor(spent, successor)).not.toBe(sealed);
  });
});

import { createHash } from 'node:crypto';
import { SecretBox } from '../integrations/secret-box';

/**
 * The refresh token that replaced a spent one is kept beside the spent token's hash, sealed
 * (AES-256-GCM) with a key derived from the spent token itself. Only who presents the spent
 * token can open it; the database alone (hashes and sealed values) gives no usable token, as
 * with the hashed tokens themselves. The key is a hash of the token under its own label, so it
 * is never the stored hash.
 */
function boxFor(spentToken: string): SecretBox {
  return new SecretBox(createHash('sha256').update('refresh-successor:').update(spentToken).digest('hex'));
}

export function sealSuccessor(spentToken: string, successor: string): string {
  return boxFor(spentToken).seal(successor);
}

/** The successor, or null when the sealed value was not made with this token. */
export function openSuccessor(spentToken: string, sealed: string): string | null {
  try {
    return boxFor(spentToken).open(sealed);
  } catch {
    return null;
  }
}

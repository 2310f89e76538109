// Checks a password against the SHA-256 digest stored for a protected item, in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';

const sha256Hex = /^[0-9a-f]{64}$/i;

/**
 * `===` on hex strings returns at the first differing character, so response times would tell how much of a guessed
 * digest is right. Both sides become 32-byte buffers instead; a malformed stored digest is compared too, then refused.
 */
export function matchesPasswordDigest(password: string, storedSha256Hex: string): boolean {
  const given = createHash('sha256').update(password, 'utf8').digest();
  const wellFormed = sha256Hex.test(storedSha256Hex);
  const stored = wellFormed ? Buffer.from(storedSha256Hex, 'hex') : Buffer.alloc(given.length);
  return timingSafeEqual(given, stored) && wellFormed;
}

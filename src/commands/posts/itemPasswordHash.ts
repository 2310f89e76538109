// The stored forms of an event, venue or organizer password (docs/security.md, "Passwords"): hashing a new one,
// wrapping an old digest, and checking a password against any form.
import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * - `argon2id`: a salted slow hash of the password (PHC string), what every write since schema version 2 stores.
 * - `sha256-argon2id`: a salted slow hash of the unsalted SHA-256 hex digest that older events recorded, written by
 *   `cal passwords migrate`, which cannot know the password: checking hashes the password with SHA-256 first.
 * - `legacy-sha256`: that unsalted digest itself, as older events recorded it (upcast to `passwordHash` unchanged).
 */
export type StoredPasswordForm = 'argon2id' | 'sha256-argon2id' | 'legacy-sha256' | 'unknown';

/** Marks the `sha256-argon2id` form; the rest is an argon2id PHC string. */
export const sha256Argon2idPrefix = 'sha256-argon2id:';
const argon2idPrefix = '$argon2id$';
const legacyDigestShape = /^[0-9a-f]{64}$/i;

export function storedPasswordForm(stored: string): StoredPasswordForm {
  if (stored.startsWith(argon2idPrefix)) return 'argon2id';
  if (stored.startsWith(sha256Argon2idPrefix + argon2idPrefix)) return 'sha256-argon2id';
  if (legacyDigestShape.test(stored)) return 'legacy-sha256';
  return 'unknown';
}

/** Argon2id with the library's defaults (19 MiB, 2 passes, a random 16-byte salt), as for user passwords. */
export const hashItemPassword = (password: string): Promise<string> => hash(password);

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The `sha256-argon2id` form of a legacy digest: equal passwords no longer share a stored value. */
export async function wrapLegacyDigest(legacyHex: string): Promise<string> {
  return sha256Argon2idPrefix + (await hash(legacyHex.toLowerCase()));
}

/**
 * `===` on hex strings returns at the first differing character, so response times would tell how much of a guessed
 * digest is right. Both sides become 32-byte buffers instead.
 */
export function matchesLegacyDigest(password: string, legacyHex: string): boolean {
  if (!legacyDigestShape.test(legacyHex)) return false;
  return timingSafeEqual(createHash('sha256').update(password, 'utf8').digest(), Buffer.from(legacyHex, 'hex'));
}

/** Whether `password` is the one `stored` was made from, in any form; argon2 costs tens of milliseconds. */
export async function verifyItemPassword(password: string, stored: string): Promise<boolean> {
  switch (storedPasswordForm(stored)) {
    case 'argon2id':
      return verify(stored, password).catch(() => false);
    case 'sha256-argon2id':
      return verify(stored.slice(sha256Argon2idPrefix.length), sha256Hex(password)).catch(() => false);
    case 'legacy-sha256':
      return matchesLegacyDigest(password, stored);
    case 'unknown':
      return false;
  }
}

// Checks `password` parameters against the stored hashes of protected items, remembering successful checks so that
// unlocking the same items again costs a digest comparison instead of argon2 (docs/security.md, "Passwords").
import { createHash, timingSafeEqual } from 'node:crypto';
import { matchesLegacyDigest, storedPasswordForm, verifyItemPassword } from '../../commands/posts/itemPasswordHash.ts';
import { OldestFirst } from '../../domain/boundedMemo.ts';

/** Stored hashes remembered at most: about 200 bytes each, so a few megabytes; the least recently used go first. */
export const defaultRememberedHashes = 10_000;

const digestOf = (password: string): Buffer => createHash('sha256').update(password, 'utf8').digest();

/**
 * Argon2 costs tens of milliseconds by design, and a list may hold many protected items. A successful check is
 * remembered per stored hash as a SHA-256 of the password, as CredentialChecker does for users; later requests compare
 * digests in constant time. A hash that changes (a new password) is another key, so an old password stops working at
 * once. Failed checks are not remembered: a wrong guess costs argon2 each time, and the failed-unlock limiter bounds
 * how many a client may make.
 */
export class ItemPasswordVerifier {
  private readonly verified = new Map<string, Buffer>();
  private readonly oldestFirst = new OldestFirst(this.verified);

  constructor(private readonly maxRemembered: number = defaultRememberedHashes) {}

  /** The verdict when it is known without argon2 (an old SHA-256 digest, or a remembered success); else undefined. */
  knownVerdict(password: string, stored: string): boolean | undefined {
    const form = storedPasswordForm(stored);
    if (form === 'legacy-sha256') return matchesLegacyDigest(password, stored);
    if (form === 'unknown') return false;
    const remembered = this.verified.get(stored);
    if (remembered === undefined) return undefined;
    // One argon2 hash is the hash of one password: another digest is a wrong password, with no need to ask argon2.
    return timingSafeEqual(remembered, digestOf(password));
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const known = this.knownVerdict(password, stored);
    if (known !== undefined) return known;
    if (!(await verifyItemPassword(password, stored))) return false;
    this.remember(stored, digestOf(password));
    return true;
  }

  /** Stored hashes whose success is remembered (observable for tests of the memory bound). */
  get rememberedHashes(): number {
    return this.verified.size;
  }

  private remember(stored: string, digest: Buffer): void {
    this.verified.delete(stored);
    this.verified.set(stored, digest);
    if (this.verified.size > this.maxRemembered) {
      this.oldestFirst.dropOldest();
    }
  }
}

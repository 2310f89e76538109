// What a write records for a `password` it was sent: the salted slow hash, computed by the handler before it decides,
// so that deciders stay pure and quick (docs/architecture.md §7).
import { hashItemPassword, storedPasswordForm, verifyItemPassword } from './itemPasswordHash.ts';

/**
 * The hash to store for `password`. Each hash has its own salt, so hashing the same password again gives another
 * value: when the item already holds an argon2id hash of this very password it is kept, and re-sending the password
 * records no change. Any other stored form (an old SHA-256 digest, the migrated `sha256-argon2id`) is replaced by a
 * fresh argon2id hash: the write that sets the password is the one that can upgrade it.
 */
export async function passwordHashToStore(password: string, current: string | null | undefined): Promise<string> {
  if (
    typeof current === 'string' &&
    storedPasswordForm(current) === 'argon2id' &&
    (await verifyItemPassword(password, current))
  )
    return current;
  return hashItemPassword(password);
}

/** `input.request` with the `passwordHash` its `password` calls for; `current` is read only when a password is set. */
export async function requestWithPasswordHash<R extends object>(
  input: { readonly request: R; readonly password?: string | null },
  current: () => Promise<string | null | undefined>,
): Promise<R & { readonly passwordHash?: string | null }> {
  if (input.password === undefined) return input.request;
  if (input.password === null) return { ...input.request, passwordHash: null };
  return { ...input.request, passwordHash: await passwordHashToStore(input.password, await current()) };
}

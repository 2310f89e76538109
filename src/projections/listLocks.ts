// How list queries judge password-protected items a request cannot unlock (docs/api.md §6, §7, §12): by what their
// blanked form shows, so that no filter or search finds them through what blanking hides.

/**
 * The protected items of a list query that the request unlocks (its `password`, or `context=edit` with the right to
 * edit them); every other protected item is locked for it. A query without `locks` judges every item as it is.
 */
export interface ListLocks {
  readonly unlocked: readonly number[];
}

export interface Protectable {
  readonly id: number;
  readonly passwordHash: string | null;
}

export const isPasswordProtected = (doc: Protectable): boolean => doc.passwordHash !== null;

/** Whether the query must judge this document by its blanked form. */
export function isLockedFor(doc: Protectable, locks: ListLocks | undefined): boolean {
  return locks !== undefined && isPasswordProtected(doc) && !locks.unlocked.includes(doc.id);
}

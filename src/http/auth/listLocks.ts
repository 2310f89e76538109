// Which password-protected items a list request unlocks, for the `locks` of its read-model query (docs/api.md §6,
// §7, §12): a caller who cannot unlock an item never finds it through what blanking hides.
import type { ListLocks } from '../../projections/listLocks.ts';
import { paramValue } from '../params/requestParams.ts';
import type { Scope } from '../requestScope.ts';
import { canEditOthersPosts, isAuthenticated } from './caller.ts';
import { isLockedPost, type LockablePost } from './postAccess.ts';

/**
 * At most this many protected candidates are judged for one request (each costs a password check). Past them the
 * rest are judged locked: the request may then miss an item it could unlock, but never finds one by what it cannot.
 */
export const maxJudgedCandidates = 1_000;

/**
 * Undefined when the request unlocks every item (`context=edit` from a caller who may edit everyone's items); else
 * the protected items it unlocks among `candidates`: those the list's other conditions would keep, were they open.
 * Only a `password` or `context=edit` from a signed-in caller can unlock anything, so only they cost a look-up.
 */
export async function listLocks<D extends LockablePost>(
  scope: Scope,
  protectedCandidates: (limit: number) => Promise<readonly D[]>,
): Promise<ListLocks | undefined> {
  const editing = paramValue(scope.sources, 'context') === 'edit';
  if (editing && canEditOthersPosts(scope.caller)) return undefined;
  const mayUnlockSome =
    typeof paramValue(scope.sources, 'password') === 'string' || (editing && isAuthenticated(scope.caller));
  if (!mayUnlockSome) return { unlocked: [] };
  const candidates = await protectedCandidates(maxJudgedCandidates);
  return { unlocked: candidates.filter((doc) => !isLockedPost(doc, scope)).map((doc) => doc.id) };
}

// Command handlers for categories and tags: allocate, claim slug and name, decide, append with the expected revision.
import { releaseTranslation } from '../registries/translationClaims.ts';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { termStreamId, type Taxonomy } from '../../events/catalogue/terms.ts';
import { appendEvents, ifMatchHolds, type StreamBase } from '../commandHandler.ts';
import { claim, ownerTermId, release, termNameStreamId, termSlugStreamId } from './termClaims.ts';
import { nextTermFacts, termDecider, type TermRequest } from './termDecider.ts';
import type { TermCommandError } from './termErrors.ts';
import { claimExplicitSlug, explicitTermSlug } from './termSlugs.ts';
import { isLive, type LiveTerm, type TermFacts } from './termState.ts';

import {
  ancestorChain,
  liveParent,
  loadTerm,
  retryTerm,
  type TermAttempt,
  type TermCommandDeps,
  type TermInput,
  type TermWritten,
} from './termWriteSteps.ts';

export { createTerm } from './termCreate.ts';
export { loadTerm, type TermCommandDeps, type TermInput, type TermWritten } from './termWriteSteps.ts';

export async function changeTerm(
  deps: TermCommandDeps,
  taxonomy: Taxonomy,
  id: number,
  input: TermInput,
  ctx: WriteContext,
  ifMatch?: bigint,
): Promise<Either<TermCommandError, TermWritten>> {
  return deps.locks.withLock(termStreamId(taxonomy, id), () =>
    retryTerm(taxonomy, ifMatch, async () => {
      const loaded = await loadTerm(deps.store, taxonomy, id);
      const { state } = loaded;
      if (!isLive(state)) return left({ kind: 'not-found', resource: taxonomy, id });
      if (!ifMatchHolds(ifMatch, loaded.revision)) return left({ kind: 'precondition-failed' });
      return applyChange(deps, state, loaded, input, ctx, 'refuse');
    }),
  );
}

export interface DeleteTermOptions {
  /** Ids of the direct children of a category, from the read model the caller owns; ignored for tags. */
  readonly childrenOf?: (id: number) => Promise<readonly number[]>;
  readonly ifMatch?: bigint;
  /** Called before the term is deleted, so that it can be removed from the events that carry it (docs/api.md §11). */
  readonly beforeDelete?: (id: number) => Promise<void>;
}

export interface TermDeleted extends TermWritten {
  /** The term as it was just before deletion (the DELETE response shows it, docs/api.md §11). */
  readonly before: TermFacts;
}

/**
 * Deletes a term permanently. A category's children first move to its parent, each by a `CategoryChanged` on its
 * own stream, so that every stream alone tells its full story; then the category is deleted and its claims freed.
 */
export async function deleteTerm(
  deps: TermCommandDeps,
  taxonomy: Taxonomy,
  id: number,
  ctx: WriteContext,
  options: DeleteTermOptions = {},
): Promise<Either<TermCommandError, TermDeleted>> {
  const { ifMatch, childrenOf, beforeDelete } = options;
  return deps.locks.withLock(termStreamId(taxonomy, id), () =>
    retryTerm(taxonomy, ifMatch, async (): Promise<TermAttempt<TermDeleted>> => {
      const loaded = await loadTerm(deps.store, taxonomy, id);
      const { state } = loaded;
      if (!isLive(state)) return left({ kind: 'not-found', resource: taxonomy, id });
      if (!ifMatchHolds(ifMatch, loaded.revision)) return left({ kind: 'precondition-failed' });
      const decided = termDecider.decide({ type: 'DeleteTerm' }, state);
      if (decided._tag === 'Left') return decided;
      if (taxonomy === 'category' && childrenOf) {
        for (const child of await childrenOf(id)) {
          const moved = await reparentCategory(deps, child, state.facts.parent, ctx);
          // A child deleted meanwhile needs no move; any other failure stops before the category is gone.
          if (moved._tag === 'Left' && moved.left.kind !== 'not-found') return moved;
        }
      }
      await beforeDelete?.(id);
      const owner = termStreamId(taxonomy, id);
      const outcome = await appendEvents(deps.store, owner, decided.right, loaded, ctx);
      if (outcome === 'lost-race' || outcome._tag === 'Left') return outcome;
      const { language, slug, name, parent } = state.facts;
      await release(deps.store, 'slug', termSlugStreamId(taxonomy, language, slug), owner, ctx);
      await release(deps.store, 'name', termNameStreamId(taxonomy, language, parent, name), owner, ctx);
      await releaseTranslation(deps.store, taxonomy, id, ctx);
      return right({ ...outcome.right, id, before: state.facts });
    }),
  );
}

/**
 * Settles slug and name claims for a change, decides, appends, then frees the claims left behind. A moved name that
 * another term holds is refused on updates; when children are re-parented it is tolerated (the reference
 * implementation does the same), the child keeping its old claim under the deleted parent, where nothing can collide.
 */
async function applyChange(
  deps: TermCommandDeps,
  state: LiveTerm,
  base: StreamBase,
  input: TermInput,
  ctx: WriteContext,
  nameCollision: 'refuse' | 'tolerate',
): Promise<TermAttempt<TermWritten>> {
  const { taxonomy, id, facts: before } = state;
  const movesParent = input.parent !== undefined && input.parent !== before.parent;
  if (taxonomy === 'category' && movesParent && input.parent !== 0) {
    const parent = input.parent as number;
    if ((await liveParent(deps.store, parent, before.language)) === undefined)
      return left({ kind: 'invalid-parent', parent, reason: 'not-found' });
  }
  const request: TermRequest = {
    ...input,
    ...(input.slug !== undefined ? { slug: explicitTermSlug(input.slug, id) } : {}),
  };
  const parentChain =
    movesParent && taxonomy === 'category' ? await ancestorChain(deps.store, input.parent as number) : [];
  const decided = termDecider.decide({ type: 'ChangeTerm', request, parentChain }, state);
  if (decided._tag === 'Left') return decided;
  const after = nextTermFacts(before, request);
  const owner = termStreamId(taxonomy, id);
  const oldName = termNameStreamId(taxonomy, before.language, before.parent, before.name);
  const newName = termNameStreamId(taxonomy, after.language, after.parent, after.name);
  const slugMoves = after.slug !== before.slug;
  if (slugMoves) {
    const claimed = await claimExplicitSlug(deps, taxonomy, after.language, after.slug, owner, ctx);
    if (claimed._tag === 'Left') return claimed;
  }
  let nameMoved = false;
  if (newName !== oldName) {
    const named = await claim(deps.store, 'name', newName, owner, ctx);
    nameMoved = named.held;
    if (!named.held && nameCollision === 'refuse') {
      if (slugMoves)
        await release(deps.store, 'slug', termSlugStreamId(taxonomy, after.language, after.slug), owner, ctx);
      return left({ kind: 'term-exists', taxonomy, id: ownerTermId(named.holder) });
    }
  }
  const outcome = await appendEvents(deps.store, owner, decided.right, base, ctx);
  const appended = outcome !== 'lost-race' && outcome._tag === 'Right';
  // Appended: free what the term left behind. Not appended: free what it claimed in vain.
  if (slugMoves)
    await release(
      deps.store,
      'slug',
      termSlugStreamId(taxonomy, after.language, appended ? before.slug : after.slug),
      owner,
      ctx,
    );
  if (nameMoved) await release(deps.store, 'name', appended ? oldName : newName, owner, ctx);
  if (outcome === 'lost-race' || outcome._tag === 'Left') return outcome;
  return right({ ...outcome.right, id });
}

/** Moves one child category under a new parent; used when its parent is deleted. */
export async function reparentCategory(
  deps: TermCommandDeps,
  id: number,
  parent: number,
  ctx: WriteContext,
): Promise<Either<TermCommandError, TermWritten>> {
  return deps.locks.withLock(termStreamId('category', id), () =>
    retryTerm('category', undefined, async () => {
      const loaded = await loadTerm(deps.store, 'category', id);
      const { state } = loaded;
      if (!isLive(state)) return left({ kind: 'not-found', resource: 'category', id });
      return applyChange(deps, state, loaded, { parent }, ctx, 'tolerate');
    }),
  );
}

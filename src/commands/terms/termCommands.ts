// Command handlers for categories and tags: allocate, claim slug and name, decide, append with the expected revision.
import {
  abandonTranslation,
  claimTranslation,
  releaseTranslation,
  translationOf,
  type TranslationTarget,
} from '../registries/translationClaims.ts';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../events/eventStore.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { Language } from '../../events/catalogue/values.ts';
import { isTermEvent, termStreamId, type Taxonomy } from '../../events/catalogue/terms.ts';
import type { IdAllocator } from '../registries/idAllocator.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import {
  appendEvents,
  ifMatchHolds,
  loadStream,
  newStream,
  registryStep,
  type StreamBase,
  type Written,
} from '../commandHandler.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { claim, claimHolder, ownerTermId, release, termNameStreamId, termSlugStreamId } from './termClaims.ts';
import { nextTermFacts, termDecider, type TermRequest } from './termDecider.ts';
import type { TermCommandError } from './termErrors.ts';
import { reason } from '../errors.ts';
import { claimExplicitSlug, claimGeneratedSlug, explicitTermSlug } from './termSlugs.ts';
import { isLive, type LiveTerm, type TermFacts } from './termState.ts';

export interface TermCommandDeps {
  readonly store: EventStore;
  /** The `ids-term` sequence, shared by categories and tags. */
  readonly termIds: IdAllocator;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
}

/** Fields of a create or update as decoded at the edge; `parent` only for categories. */
export interface TermInput {
  readonly name?: string;
  readonly slug?: string;
  readonly description?: string;
  readonly parent?: number;
}

export interface TermWritten extends Written {
  readonly id: number;
}

/** One attempt's outcome, as `Attempt` of the shared handler but over the wider error union of terms. */
type TermAttempt<T> = Either<TermCommandError, T> | 'lost-race';

export const loadTerm = (store: EventStore, taxonomy: Taxonomy, id: number) =>
  loadStream(store, termStreamId(taxonomy, id), termDecider.initialState, termDecider.evolve, isTermEvent);

export async function createTerm(
  deps: TermCommandDeps,
  taxonomy: Taxonomy,
  input: TermInput & { readonly name: string },
  language: Language,
  ctx: WriteContext,
  translation?: TranslationTarget,
): Promise<Either<TermCommandError, TermWritten>> {
  const parent = input.parent ?? 0;
  const checked = await checkNewTerm(deps.store, taxonomy, input.name, parent, language);
  if (checked._tag === 'Left') return checked;
  const { parentTerm, nameStream } = checked.right;
  const id = await deps.termIds.next();
  const term: NewTerm = {
    deps,
    taxonomy,
    language,
    id,
    owner: termStreamId(taxonomy, id),
    nameStream,
    ctx,
    translation,
  };
  const named = await claimNewTermName(term);
  if (named._tag === 'Left') return named;
  const slugged = await claimNewTermSlug(term, input, parentTerm?.facts.slug);
  if (slugged._tag === 'Left') return slugged;
  const facts: TermFacts = {
    language,
    name: input.name,
    slug: slugged.right,
    description: input.description ?? '',
    parent,
  };
  return appendNewTerm(term, facts);
}

/** A create once its id is allocated: what each later step claims, and releases again when a step fails. */
interface NewTerm {
  readonly deps: TermCommandDeps;
  readonly taxonomy: Taxonomy;
  readonly language: Language;
  readonly id: number;
  /** The stream of the new term, which owns its claims. */
  readonly owner: string;
  readonly nameStream: string;
  readonly ctx: WriteContext;
  readonly translation: TranslationTarget | undefined;
}

/** Validates the parent and refuses a name already held, all before an id is allocated. */
async function checkNewTerm(
  store: EventStore,
  taxonomy: Taxonomy,
  name: string,
  parent: number,
  language: Language,
): Promise<Either<TermCommandError, { parentTerm: LiveTerm | undefined; nameStream: string }>> {
  if (taxonomy === 'tag' && parent !== 0)
    return left({ kind: 'invalid-params', params: [{ name: 'parent', reason: reason('tags-have-no-parent') }] });
  const parentTerm = parent === 0 ? undefined : await liveParent(store, parent, language);
  if (parent !== 0 && parentTerm === undefined) return left({ kind: 'invalid-parent', parent, reason: 'not-found' });
  const nameStream = termNameStreamId(taxonomy, language, parent, name);
  // A name already held is refused before an id is taken: a refused create should leave the id sequence alone.
  // (A create losing the race for a free name still spends its id; the claim in claimNewTermName decides.)
  const holder = await registryStep(() => claimHolder(store, nameStream));
  if (holder._tag === 'Left') return holder;
  if (holder.right !== null) return left({ kind: 'term-exists', taxonomy, id: ownerTermId(holder.right) });
  return right({ parentTerm, nameStream });
}

/** Claims the translation link (when asked for) and then the name; a name lost to a race gives the link back. */
async function claimNewTermName(term: NewTerm): Promise<Either<TermCommandError, void>> {
  const { deps, taxonomy, language, id, owner, nameStream, ctx, translation } = term;
  if (translation && !(await claimTranslation(deps.store, taxonomy, translation, id, language, ctx))) {
    return left({
      kind: 'invalid-params',
      params: [{ name: 'translation_of', reason: reason('not-a-translation-target') }],
    });
  }
  const named = await registryStep(() => claim(deps.store, 'name', nameStream, owner, ctx));
  const nameTaken = named._tag === 'Right' && !named.right.held ? named.right.holder : undefined;
  if (named._tag === 'Left' || nameTaken !== undefined) {
    if (translation) await abandonTranslation(deps.store, taxonomy, translation, id, language, ctx);
    return named._tag === 'Left' ? named : left({ kind: 'term-exists', taxonomy, id: ownerTermId(nameTaken ?? '') });
  }
  return right(undefined);
}

/** Claims the explicit slug, or generates a free one; when that fails, the name and translation are given back. */
async function claimNewTermSlug(
  term: NewTerm,
  input: TermInput & { readonly name: string },
  parentSlug: string | undefined,
): Promise<Either<TermCommandError, string>> {
  const { deps, taxonomy, language, id, owner, ctx } = term;
  const slugged = await registryStep(async (): Promise<Either<TermCommandError, string>> =>
    input.slug !== undefined
      ? claimExplicitSlug(deps, taxonomy, language, explicitTermSlug(input.slug, id), owner, ctx)
      : right(await claimGeneratedSlug(deps, taxonomy, language, input.name, id, parentSlug, owner, ctx)),
  );
  const claimed = slugged._tag === 'Left' ? slugged : slugged.right;
  if (claimed._tag === 'Left') await releaseNewTermClaims(term, undefined);
  return claimed;
}

/** Decides and appends the creation; when nothing was written, every claim of the create is given back. */
async function appendNewTerm(term: NewTerm, facts: TermFacts): Promise<Either<TermCommandError, TermWritten>> {
  const { deps, taxonomy, id, owner, ctx, translation } = term;
  const decided = termDecider.decide(
    { type: 'CreateTerm', taxonomy, id, facts, ...translationOf(translation) },
    termDecider.initialState,
  );
  const outcome =
    decided._tag === 'Left' ? decided : await appendEvents(deps.store, owner, decided.right, newStream, ctx);
  if (outcome === 'lost-race' || outcome._tag === 'Left') {
    // Nothing was written: give the claims back so that the name and slug stay usable.
    await releaseNewTermClaims(term, facts.slug);
    return outcome === 'lost-race' ? left({ kind: 'write-conflict', resource: taxonomy }) : outcome;
  }
  return right({ ...outcome.right, id });
}

/** Releases the slug (when one was claimed), the name and the translation link of a create that failed. */
async function releaseNewTermClaims(term: NewTerm, slug: string | undefined): Promise<void> {
  const { deps, taxonomy, language, id, owner, nameStream, ctx, translation } = term;
  if (slug !== undefined) await release(deps.store, 'slug', termSlugStreamId(taxonomy, language, slug), owner, ctx);
  await release(deps.store, 'name', nameStream, owner, ctx);
  if (translation) await abandonTranslation(deps.store, taxonomy, translation, id, language, ctx);
}

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

/** The live category `id` when it is of `language`; a parent must be both (a term never mixes languages). */
async function liveParent(store: EventStore, id: number, language: Language): Promise<LiveTerm | undefined> {
  const { state } = await loadTerm(store, 'category', id);
  return isLive(state) && state.facts.language === language ? state : undefined;
}

/** `parent`, its parent, … up to the top level; stops at a repeated id so that damaged data cannot loop forever. */
async function ancestorChain(store: EventStore, parent: number): Promise<number[]> {
  const chain: number[] = [];
  for (let current = parent; current !== 0 && !chain.includes(current);) {
    chain.push(current);
    const { state } = await loadTerm(store, 'category', current);
    if (!isLive(state)) break;
    current = state.facts.parent;
  }
  return chain;
}

/** Like `retryOnConflict`, over the wider error union of terms. */
async function retryTerm<T>(
  taxonomy: Taxonomy,
  ifMatch: bigint | undefined,
  attempt: () => Promise<TermAttempt<T>>,
  maxAttempts = 8,
): Promise<Either<TermCommandError, T>> {
  for (let i = 0; i < maxAttempts; i++) {
    const outcome = await attempt();
    if (outcome !== 'lost-race') return outcome;
    if (ifMatch !== undefined) return left({ kind: 'precondition-failed' });
  }
  return left({ kind: 'write-conflict', resource: taxonomy });
}

// The write steps events, venues and organizers share, around their deciders: load → guard → settle the slug → decide
// → append, retried on a lost race; and trashing with the release of the slug and the translation claim.
import { releaseTranslation } from '../registries/translationClaims.ts';
import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import type { EventStore } from '../../events/eventStore.ts';
import {
  appendEvents,
  ifMatchHolds,
  loadStream,
  retryOnConflict,
  type Attempt,
  type Loaded,
  type WholeStream,
  type Written,
} from '../commandHandler.ts';
import type { StreamFold } from '../streamStates.ts';
import { standingOf, type PostState } from './postState.ts';
import type { CommandError, ResourceKind } from '../errors.ts';
import { decideWithSlug, isAppended } from './postSlugDecision.ts';
import type { WriteGuard } from './writeGuard.ts';
import type { PostFacts, PostResource, PostWriteDeps, Sluggable } from './postResource.ts';

export function loadPost<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  resource: PostResource<F, C, E>,
  store: EventStore,
  id: number,
): Promise<Loaded<PostState<F>> & WholeStream> {
  return loadStream(
    store,
    resource.streamId(id),
    resource.decider.initialState,
    resource.decider.evolve,
    resource.accepts,
  );
}

/** The fold of a resource's streams, for states kept across writes (`PostWriteDeps.postStates`). */
const postStreamFold = <F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  resource: PostResource<F, C, E>,
): StreamFold<PostState<F>, E> => ({
  name: resource.kind,
  initial: resource.decider.initialState,
  evolve: resource.decider.evolve,
  accepts: resource.accepts,
});

/**
 * The item's stream as a write decides on it: from the kept state and the events stored after it, when the deps keep
 * states (the store stays the source of truth: another process's appends are in that tail), else read whole.
 */
async function loadForWrite<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
): Promise<Loaded<PostState<F>>> {
  if (!deps.postStates) return loadPost(resource, deps.store, id);
  return deps.postStates.load(deps.store, resource.streamId(id), postStreamFold(resource));
}

/**
 * What stops an attempt on the state it loaded, before anything is decided or written: no item, a stale `If-Match`,
 * or a caller the item (as it now stands) is out of reach of.
 */
function refusal<F extends PostFacts>(
  kind: ResourceKind,
  id: number,
  loaded: Loaded<PostState<F>>,
  guard: WriteGuard,
): CommandError | undefined {
  const standing = standingOf(loaded.state);
  if (!standing) return { kind: 'not-found', resource: kind, id };
  if (guard.mayWrite && !guard.mayWrite(standing)) return { kind: 'forbidden' };
  if (!ifMatchHolds(guard.ifMatch, loaded.revision)) return { kind: 'precondition-failed' };
  return undefined;
}

const retryOptions = (guard: WriteGuard) => (guard.ifMatch === undefined ? {} : { ifMatch: guard.ifMatch });

/**
 * Runs `attempt` on the item's stream as loaded now, under its stream lock, once the guard (If-Match, the caller's
 * right) holds on that state; loaded and checked again on every attempt after a lost race.
 */
export function onLoadedPost<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
  guard: WriteGuard,
  attempt: (loaded: Loaded<PostState<F>>) => Promise<Attempt<Written>>,
): Promise<Either<CommandError, Written>> {
  return deps.locks.withLock(resource.streamId(id), () =>
    retryOnConflict(
      resource.kind,
      async (): Promise<Attempt<Written>> => {
        const loaded = await loadForWrite(deps, resource, id);
        const refused = refusal(resource.kind, id, loaded, guard);
        return refused ? left(refused) : attempt(loaded);
      },
      retryOptions(guard),
    ),
  );
}

/** Updates an existing item under its stream lock, honouring the guard on every attempt. */
export function changePost<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, Written>> {
  return onLoadedPost(deps, resource, id, guard, (loaded) =>
    decideWithSlug(deps, resource, id, loaded, command, requestedSlug, ctx),
  );
}

/** Runs before the trash event is appended (venues and organizers are unlinked from events there). */
export type BeforeTrash = (id: number, ctx: WriteContext) => Promise<void>;

/** Moves an item to the trash under its stream lock and frees its reserved slug. */
export function trashPost<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
  trash: C,
  ctx: WriteContext,
  guard: WriteGuard = {},
  beforeTrash?: BeforeTrash,
): Promise<Either<CommandError, Written>> {
  return onLoadedPost(deps, resource, id, guard, async (loaded) => {
    const { state } = loaded;
    if (!state.exists) return left({ kind: 'not-found', resource: resource.kind, id });
    const decided = resource.decider.decide(trash, state);
    if (decided._tag === 'Left') return decided;
    if (beforeTrash) await beforeTrash(id, ctx);
    const outcome = await appendEvents(deps.store, resource.streamId(id), decided.right, loaded, ctx);
    if (isAppended(outcome)) {
      const { language, slug } = state.facts;
      await deps.slugs.release(resource.kind, language, slug, resource.streamId(id), ctx);
      await releaseTranslation(deps.store, resource.kind, id, ctx);
    }
    return outcome;
  });
}

/** What a scheduled publication did: appended its event, or found the item no longer due (another writer got there). */
export type ScheduledPublicationOutcome =
  { readonly kind: 'published'; readonly written: Written } | { readonly kind: 'not-due' };

/**
 * The scheduler's write (docs/api.md §20.6), by the steps every write takes: under the stream lock, load, decide, and
 * append with the revision decided on. The decider answers no events when the item is no longer due, so a process
 * that lost the race to another one (its append refused by the expected revision, then decided again on the newer
 * state) appends nothing: one publication event, whatever the number of schedulers.
 */
export function publishScheduledPost<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
  publish: C,
  ctx: WriteContext,
): Promise<Either<CommandError, ScheduledPublicationOutcome>> {
  return deps.locks.withLock(resource.streamId(id), () =>
    retryOnConflict(resource.kind, async (): Promise<Attempt<ScheduledPublicationOutcome>> => {
      const loaded = await loadForWrite(deps, resource, id);
      if (!loaded.state.exists) return right({ kind: 'not-due' });
      const decided = resource.decider.decide(publish, loaded.state);
      if (decided._tag === 'Left') return decided;
      if (decided.right.length === 0) return right({ kind: 'not-due' });
      const outcome = await decideWithSlug(deps, resource, id, loaded, publish, undefined, ctx);
      return outcome === 'lost-race' || outcome._tag === 'Left'
        ? outcome
        : right({ kind: 'published', written: outcome.right });
    }),
  );
}

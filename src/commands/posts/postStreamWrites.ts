// The write steps events, venues and organizers share, around their deciders: load → guard → settle the slug → decide
// → append, retried on a lost race; and trashing with the release of the slug and the translation claim.
import { releaseTranslation } from '../registries/translationClaims.ts';
import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import type { EventStore } from '../../events/eventStore.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import {
  appendClaimed,
  appendEvents,
  ifMatchHolds,
  loadStream,
  registryStep,
  retryOnConflict,
  type Attempt,
  type Loaded,
  type WholeStream,
  type Written,
} from '../commandHandler.ts';
import type { StreamFold, StreamStates } from '../streamStates.ts';
import type { Decider } from '../decider.ts';
import { standingOf, type PostState } from './postState.ts';
import type { CommandError, ResourceKind } from '../errors.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { planSlug } from '../events/slugPlan.ts';
import type { WriteGuard } from './writeGuard.ts';

/** What the shared write steps read of a post's facts. */
export interface PostFacts {
  readonly language: Language;
  readonly author: string;
  readonly status: PostStatus;
  readonly slug: string;
}

export interface PostWriteDeps {
  readonly store: EventStore;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
  /**
   * The written items' own folded states, kept across writes (`WriteDeps.postStates`): an update folds only the
   * events after the kept revision. Absent: every write reads and folds the whole stream.
   */
  readonly postStates?: StreamStates;
}

/** A command that can carry the slug the handler settled (create and change; never trash). */
type Sluggable = { readonly type: string; readonly slug?: string };

/** A post resource as the shared write steps need it: its decider, where its streams are, and how a slug is planned. */
export interface PostResource<F extends PostFacts, C extends Sluggable, E extends DomainEvent> {
  readonly kind: Extract<ResourceKind, 'event' | 'venue' | 'organizer'>;
  readonly decider: Decider<C, E, PostState<F>, CommandError>;
  streamId(id: number): string;
  accepts(event: DomainEvent): event is E;
  /** The facts after a command, before a slug is settled: what the slug plan reads (status, title, language). */
  nextFacts(state: PostState<F>, command: C): Either<CommandError, F>;
  /** What a slug is derived from when none is given: the title or the name. */
  titleOf(facts: F): string;
  /** `decide` given what `nextFacts` answered (a slug never changes it): facts worked out once per write. */
  decideOnFacts?(command: C, state: PostState<F>, next: Either<CommandError, F>): Either<CommandError, E[]>;
}

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
 * Plans the slug from the facts the command leads to, settles it (reserving it when the status needs a unique one),
 * decides with the settled slug on the command and appends the events. A reserved slug's claim is appended with the
 * events, in one commit where the store can; a reservation whose
 * events were not appended is released again (EventStoreDB writes the claim on its own first).
 */
export async function decideWithSlug<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  deps: PostWriteDeps,
  resource: PostResource<F, C, E>,
  id: number,
  loaded: Loaded<PostState<F>>,
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
  const { state } = loaded;
  const next = resource.nextFacts(state, command);
  if (next._tag === 'Left') return next;
  const before = state.exists ? state.facts : undefined;
  const plan = planSlug({
    ...(before ? { before: { status: before.status, slug: before.slug } } : {}),
    afterStatus: next.right.status,
    ...(requestedSlug !== undefined ? { requested: requestedSlug === '' ? String(id) : requestedSlug } : {}),
    title: resource.titleOf(next.right),
    id,
  });
  const owner = resource.streamId(id);
  const language = next.right.language;
  const decideWith = (slug: string | undefined) => decideWithFacts(resource, command, slug, state, next);
  if (plan.kind !== 'reserve') {
    const decided = decideWith(plan.kind === 'set' ? plan.slug : undefined);
    if (decided._tag === 'Left') return decided;
    const outcome = await appendEvents(deps.store, owner, decided.right, loaded, ctx);
    if (isAppended(outcome) && plan.kind === 'set' && plan.release !== undefined) {
      await deps.slugs.release(resource.kind, language, plan.release, owner, ctx);
    }
    return outcome;
  }
  let slug: string | undefined;
  const reserved = await registryStep(() =>
    deps.slugs.reserveWith(
      resource.kind,
      language,
      plan.base,
      owner,
      ctx,
      async (candidate, claims) => {
        slug = candidate;
        const decided = decideWith(candidate);
        return decided._tag === 'Left' ? decided : appendClaimed(deps.store, claims, owner, decided.right, loaded, ctx);
      },
      { newOwner: !state.exists },
    ),
  );
  const outcome = reserved._tag === 'Left' ? reserved : reserved.right;
  if (!isAppended(outcome) && slug !== undefined && slug !== before?.slug)
    await deps.slugs.release(resource.kind, language, slug, owner, ctx);
  // The slug held before is released, unless the reservation found the owner holding it (a suffixed base it had).
  if (isAppended(outcome) && plan.release !== undefined && plan.release !== slug) {
    await deps.slugs.release(resource.kind, language, plan.release, owner, ctx);
  }
  return outcome;
}

/** The decision with the slug settled on the command, from the facts already worked out where the resource can. */
function decideWithFacts<F extends PostFacts, C extends Sluggable, E extends DomainEvent>(
  resource: PostResource<F, C, E>,
  command: C,
  slug: string | undefined,
  state: PostState<F>,
  next: Either<CommandError, F>,
): Either<CommandError, E[]> {
  const settled = slug === undefined ? command : ({ ...command, slug } as C);
  return resource.decideOnFacts
    ? resource.decideOnFacts(settled, state, next)
    : resource.decider.decide(settled, state);
}

export const isAppended = (outcome: Attempt<Written>): boolean => outcome !== 'lost-race' && outcome._tag === 'Right';

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

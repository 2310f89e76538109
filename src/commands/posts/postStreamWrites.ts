// The write steps events, venues and organizers share: slug reservation around a decision, and trashing with release.
import { releaseTranslation } from '../registries/translationClaims.ts';
import type { Either } from 'fp-ts/lib/Either.js';
import { left } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import type { EventStore } from '../../events/eventStore.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import { appendClaimed, appendEvents, ifMatchHolds, registryStep, retryOnConflict, type Attempt, type Loaded, type Written } from '../commandHandler.ts';
import type { CommandError, ResourceKind } from '../errors.ts';
import type { StreamLocks } from '../streamLocks.ts';
import { planSlug } from '../events/slugPlan.ts';
import type { PostStanding, WriteGuard } from './writeGuard.ts';

export interface PostFactsCore {
  readonly language: Language;
  readonly status: PostStatus;
  readonly slug: string;
}

export interface PostWriteDeps {
  readonly store: EventStore;
  readonly slugs: SlugRegistry;
  readonly locks: StreamLocks;
}

/** How one kind of post stream is loaded and decided; `C` excludes the trash command. */
export interface PostStreamSpec<S, C, F extends PostFactsCore> {
  readonly kind: Extract<ResourceKind, 'event' | 'venue' | 'organizer'>;
  streamId(id: number): string;
  load(store: EventStore, id: number): Promise<Loaded<S>>;
  factsOf(state: S): F | undefined;
  /** Owner and status of an existing item, which the right to write it is judged on. */
  standingOf(state: S): PostStanding | undefined;
  /** The facts after the command, to plan the slug. */
  preview(state: S, command: C): Either<CommandError, F>;
  /** The events recording the command, from the facts `preview` gave with the settled slug (it changes no other fact). */
  decide(state: S, command: C, facts: F): Either<CommandError, DomainEvent[]>;
  decideTrash(state: S): Either<CommandError, DomainEvent[]>;
  /** What a slug is derived from when none is given: the title or the name. */
  titleOf(facts: F): string;
}

/**
 * Decides once, settles the slug (reserving it when the status needs a unique one) and appends the events with the
 * slug. A reserved slug's claim is appended with the events, in one commit where the store can; a reservation whose
 * events were not appended is released again (EventStoreDB writes the claim on its own first).
 */
export async function decideWithSlug<S, C, F extends PostFactsCore>(
  deps: PostWriteDeps,
  spec: PostStreamSpec<S, C, F>,
  id: number,
  loaded: Loaded<S>,
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
  const { state } = loaded;
  const preview = spec.preview(state, command);
  if (preview._tag === 'Left') return preview;
  const before = spec.factsOf(state);
  const plan = planSlug({
    ...(before ? { before: { status: before.status, slug: before.slug } } : {}),
    afterStatus: preview.right.status,
    ...(requestedSlug !== undefined ? { requested: requestedSlug === '' ? String(id) : requestedSlug } : {}),
    title: spec.titleOf(preview.right),
    id,
  });
  const owner = spec.streamId(id);
  const language = preview.right.language;
  const decideWith = (slug: string | undefined) => spec.decide(state, command, slug === undefined ? preview.right : { ...preview.right, slug });
  if (plan.kind !== 'reserve') {
    const decided = decideWith(plan.kind === 'set' ? plan.slug : undefined);
    if (decided._tag === 'Left') return decided;
    const outcome = await appendEvents(deps.store, owner, decided.right, loaded, ctx);
    if (isAppended(outcome) && plan.kind === 'set' && plan.release !== undefined) {
      await deps.slugs.release(spec.kind, language, plan.release, owner, ctx);
    }
    return outcome;
  }
  let slug: string | undefined;
  const reserved = await registryStep(() =>
    deps.slugs.reserveWith(spec.kind, language, plan.base, owner, ctx, async (candidate, claims) => {
      slug = candidate;
      const decided = decideWith(candidate);
      return decided._tag === 'Left' ? decided : appendClaimed(deps.store, claims, owner, decided.right, loaded, ctx);
    }),
  );
  const outcome = reserved._tag === 'Left' ? reserved : reserved.right;
  if (!isAppended(outcome) && slug !== undefined && slug !== before?.slug) await deps.slugs.release(spec.kind, language, slug, owner, ctx);
  // The slug held before is released, unless the reservation found the owner holding it (a suffixed base it had).
  if (isAppended(outcome) && plan.release !== undefined && plan.release !== slug) {
    await deps.slugs.release(spec.kind, language, plan.release, owner, ctx);
  }
  return outcome;
}

const isAppended = (outcome: Attempt<Written>): boolean => outcome !== 'lost-race' && outcome._tag === 'Right';

/**
 * What stops an attempt on the state it loaded, before anything is decided or written: no item, a stale `If-Match`,
 * or a caller the item (as it now stands) is out of reach of.
 */
function refusal<S, C, F extends PostFactsCore>(spec: PostStreamSpec<S, C, F>, id: number, loaded: Loaded<S>, guard: WriteGuard): CommandError | undefined {
  const standing = spec.standingOf(loaded.state);
  if (!standing) return { kind: 'not-found', resource: spec.kind, id };
  if (guard.mayWrite && !guard.mayWrite(standing)) return { kind: 'forbidden' };
  if (!ifMatchHolds(guard.ifMatch, loaded.revision)) return { kind: 'precondition-failed' };
  return undefined;
}

const retryOptions = (guard: WriteGuard) => (guard.ifMatch === undefined ? {} : { ifMatch: guard.ifMatch });

/** Updates an existing item under its stream lock, honouring the guard on every attempt. */
export function changePost<S, C, F extends PostFactsCore>(
  deps: PostWriteDeps,
  spec: PostStreamSpec<S, C, F>,
  id: number,
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, Written>> {
  return deps.locks.withLock(spec.streamId(id), () => retryOnConflict(
    spec.kind,
    async (): Promise<Attempt<Written>> => {
      const loaded = await spec.load(deps.store, id);
      const refused = refusal(spec, id, loaded, guard);
      if (refused) return left(refused);
      return decideWithSlug(deps, spec, id, loaded, command, requestedSlug, ctx);
    },
    retryOptions(guard),
  ));
}

/** Runs before the trash event is appended (venues and organizers are unlinked from events there). */
export type BeforeTrash = (id: number, ctx: WriteContext) => Promise<void>;

/** Moves an item to the trash under its stream lock and frees its reserved slug. */
export function trashPost<S, C, F extends PostFactsCore>(
  deps: PostWriteDeps,
  spec: PostStreamSpec<S, C, F>,
  id: number,
  ctx: WriteContext,
  guard: WriteGuard = {},
  beforeTrash?: BeforeTrash,
): Promise<Either<CommandError, Written>> {
  return deps.locks.withLock(spec.streamId(id), () => retryOnConflict(
    spec.kind,
    async (): Promise<Attempt<Written>> => {
      const loaded = await spec.load(deps.store, id);
      const refused = refusal(spec, id, loaded, guard);
      const facts = spec.factsOf(loaded.state);
      if (refused || !facts) return left(refused ?? { kind: 'not-found', resource: spec.kind, id });
      const decided = spec.decideTrash(loaded.state);
      if (decided._tag === 'Left') return decided;
      if (beforeTrash) await beforeTrash(id, ctx);
      const outcome = await appendEvents(deps.store, spec.streamId(id), decided.right, loaded, ctx);
      if (isAppended(outcome)) {
        await deps.slugs.release(spec.kind, facts.language, facts.slug, spec.streamId(id), ctx);
        await releaseTranslation(deps.store, spec.kind, id, ctx);
      }
      return outcome;
    },
    retryOptions(guard),
  ));
}

// The write steps events, venues and organizers share: slug reservation around a decision, and trashing with release.
import { releaseTranslation } from '../registries/translationClaims.ts';
import type { Either } from 'fp-ts/lib/Either.js';
import { left } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import type { EventStore } from '../../events/eventStore.ts';
import type { SlugRegistry } from '../registries/slugRegistry.ts';
import { appendEvents, ifMatchHolds, registryStep, retryOnConflict, type Attempt, type Loaded, type Written } from '../commandHandler.ts';
import type { CommandError, ResourceKind } from '../errors.ts';
import { withStreamLock } from '../streamLocks.ts';
import { planSlug } from '../events/slugPlan.ts';

export interface PostFactsCore {
  readonly language: Language;
  readonly status: PostStatus;
  readonly slug: string;
}

export interface PostWriteDeps {
  readonly store: EventStore;
  readonly slugs: SlugRegistry;
}

/** How one kind of post stream is loaded and decided; `C` excludes the trash command. */
export interface PostStreamSpec<S, C, F extends PostFactsCore> {
  readonly kind: Extract<ResourceKind, 'event' | 'venue' | 'organizer'>;
  streamId(id: number): string;
  load(store: EventStore, id: number): Promise<Loaded<S>>;
  factsOf(state: S): F | undefined;
  /** The facts after the command, to plan the slug. */
  preview(state: S, command: C): Either<CommandError, F>;
  decide(state: S, command: C): Either<CommandError, DomainEvent[]>;
  /** The command with the settled slug as part of its request. */
  withSlug(command: C, slug: string): C;
  decideTrash(state: S): Either<CommandError, DomainEvent[]>;
  /** What a slug is derived from when none is given: the title or the name. */
  titleOf(facts: F): string;
}

/**
 * Decides once to learn the resulting status, settles the slug (reserving it when the status needs a unique one),
 * decides again with that slug and appends. A reservation whose append did not happen is released again.
 */
export async function decideWithSlug<S, C, F extends PostFactsCore>(
  deps: PostWriteDeps,
  spec: PostStreamSpec<S, C, F>,
  id: number,
  state: S,
  revision: Loaded<S>['revision'],
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
): Promise<Attempt<Written>> {
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
  let slug: string | undefined;
  if (plan.kind === 'set') slug = plan.slug;
  if (plan.kind === 'reserve') {
    const reserved = await registryStep(() => deps.slugs.reserve(spec.kind, language, plan.base, owner, ctx));
    if (reserved._tag === 'Left') return reserved;
    slug = reserved.right;
  }
  const decided = spec.decide(state, slug === undefined ? command : spec.withSlug(command, slug));
  if (decided._tag === 'Left') return decided;
  const outcome = await appendEvents(deps.store, owner, decided.right, revision, ctx);
  const appended = outcome !== 'lost-race' && outcome._tag === 'Right';
  if (plan.kind === 'reserve' && slug !== undefined && !appended && slug !== before?.slug) {
    await deps.slugs.release(spec.kind, language, slug, owner, ctx);
  }
  if (appended && plan.kind !== 'keep' && plan.release !== undefined) {
    await deps.slugs.release(spec.kind, language, plan.release, owner, ctx);
  }
  return outcome;
}

/** Updates an existing item under its stream lock, honouring `If-Match`. */
export function changePost<S, C, F extends PostFactsCore>(
  deps: PostWriteDeps,
  spec: PostStreamSpec<S, C, F>,
  id: number,
  command: C,
  requestedSlug: string | undefined,
  ctx: WriteContext,
  ifMatch?: bigint,
): Promise<Either<CommandError, Written>> {
  return withStreamLock(spec.streamId(id), () => retryOnConflict(
    spec.kind,
    async (): Promise<Attempt<Written>> => {
      const { state, revision } = await spec.load(deps.store, id);
      if (!spec.factsOf(state)) return left({ kind: 'not-found', resource: spec.kind, id });
      if (!ifMatchHolds(ifMatch, revision)) return left({ kind: 'precondition-failed' });
      return decideWithSlug(deps, spec, id, state, revision, command, requestedSlug, ctx);
    },
    ifMatch === undefined ? {} : { ifMatch },
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
  ifMatch?: bigint,
  beforeTrash?: BeforeTrash,
): Promise<Either<CommandError, Written>> {
  return withStreamLock(spec.streamId(id), () => retryOnConflict(
    spec.kind,
    async (): Promise<Attempt<Written>> => {
      const { state, revision } = await spec.load(deps.store, id);
      const facts = spec.factsOf(state);
      if (!facts) return left({ kind: 'not-found', resource: spec.kind, id });
      if (!ifMatchHolds(ifMatch, revision)) return left({ kind: 'precondition-failed' });
      const decided = spec.decideTrash(state);
      if (decided._tag === 'Left') return decided;
      if (beforeTrash) await beforeTrash(id, ctx);
      const outcome = await appendEvents(deps.store, spec.streamId(id), decided.right, revision, ctx);
      if (outcome !== 'lost-race' && outcome._tag === 'Right') {
        await deps.slugs.release(spec.kind, facts.language, facts.slug, spec.streamId(id), ctx);
        await releaseTranslation(deps.store, spec.kind, id, ctx);
      }
      return outcome;
    },
    ifMatch === undefined ? {} : { ifMatch },
  ));
}

// Command handlers venues and organizers share: register (or answer with a duplicate), change details, trash.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import { instantToUtc } from '../../domain/localDateTime.ts';
import type { DuplicateProbe } from './duplicateProbe.ts';
import { newStream, retryOnConflict } from '../commandHandler.ts';
import { invalidParams, reason, type CommandError } from '../errors.ts';
import { abandonTranslation, claimTranslation } from '../registries/translationClaims.ts';
import type { WriteDeps } from '../writeDeps.ts';
import {
  itemDecider,
  nextItemFacts,
  type ItemChanges,
  type ItemCommand,
  type ItemEvents,
  type ItemFacts,
  type ItemKind,
  type RegisterDefaults,
} from './itemDecider.ts';
import type { ItemInput } from './itemInput.ts';
import type { WriteGuard } from './writeGuard.ts';
import type { PostState } from './postState.ts';
import type { StreamFold } from '../streamStates.ts';
import {
  changePost,
  loadPost,
  publishScheduledPost,
  trashPost,
  type BeforeTrash,
  type ScheduledPublicationOutcome,
} from './postStreamWrites.ts';
import type { PostResource, PostWriteDeps } from './postResource.ts';
import { decideWithSlug } from './postSlugDecision.ts';
import type { ScheduledPublicationCheck } from './publication.ts';
import { requestWithPasswordHash } from './passwordToStore.ts';

/**
 * A kind of item as the handlers need it: the pure kind, its stream, its events, and its duplicate-compared fields.
 * Its events are read as facts with the changes they record (`C`), and written from the facts the decider decided.
 */
export interface ItemStreamKind<F extends ItemFacts, E extends DomainEvent, C extends object = ItemChanges<F>>
  extends ItemKind<F, C>, ItemEvents<F, E, C> {
  streamId(id: number): string;
  accepts(event: DomainEvent): event is E;
  /** Facts compared on create when provided (§10.2 Duplicates). */
  readonly duplicateFields: readonly (keyof F & string)[];
}

/** The write outcome: `position` is absent when a duplicate answered and nothing was written. */
export interface ItemWritten {
  readonly id: number;
  readonly revision: bigint;
  readonly position?: bigint;
}

export interface DuplicateFinder {
  findDuplicate(
    language: string,
    probe: DuplicateProbe,
  ): Promise<{ readonly id: number; readonly revision: number } | undefined>;
}

/** One kind of item as the shared post write steps take it. */
function itemResource<F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
): PostResource<F, ItemCommand<F>, E> {
  return {
    kind: kind.resource,
    decider: itemDecider(kind),
    streamId: kind.streamId,
    accepts: kind.accepts,
    nextFacts: (state, command) => nextItemFacts(kind, state, command),
    titleOf: (facts) => facts.name,
  };
}

export const loadItem = <F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
  store: WriteDeps['store'],
  id: number,
) => loadPost(itemResource(kind), store, id);

/** The fold of a kind's item streams, for states kept across writes (`StreamStates`). */
export function itemStreamFold<F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
): StreamFold<PostState<F>, E> {
  const { decider, accepts } = itemResource(kind);
  return { name: kind.resource, initial: decider.initialState, evolve: decider.evolve, accepts };
}

/** The probe of a create: name, description and excerpt always, the kind's fields only when sent. */
export function duplicateProbeOf(duplicateFields: readonly string[], input: ItemInput<ItemFacts>): DuplicateProbe {
  const request = input.request as Readonly<Record<string, unknown>>;
  const text = (key: string) => (typeof request[key] === 'string' ? (request[key] as string) : '');
  const fields = Object.fromEntries(
    duplicateFields.filter((f) => typeof request[f] === 'string').map((f) => [f, text(f)]),
  );
  return { name: text('name'), description: text('description'), excerpt: text('excerpt'), fields };
}

/** Creates an item, unless an identical one exists in the language: then answers with that one and writes nothing. */
export async function registerItem<F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
  deps: WriteDeps,
  duplicates: DuplicateFinder,
  input: ItemInput<F> & { request: { name: string } },
  defaults: RegisterDefaults,
  ctx: WriteContext,
): Promise<Either<CommandError, ItemWritten>> {
  const existing = await duplicates.findDuplicate(
    defaults.language,
    duplicateProbeOf(kind.duplicateFields, input as ItemInput<ItemFacts>),
  );
  if (existing) return right({ id: existing.id, revision: BigInt(existing.revision) });
  const id = await deps.postIds.next();
  const { translation, language } = defaults;
  if (translation && !(await claimTranslation(deps.store, kind.resource, translation, id, language, ctx))) {
    return left(invalidParams({ name: 'translation_of', reason: reason('not-a-translation-target') }));
  }
  const request = await requestWithPasswordHash(input, () => Promise.resolve(undefined));
  const command: ItemCommand<F> = { type: 'Register', id, request, defaults, nowUtc: instantToUtc(ctx.now) };
  const written = await retryOnConflict(kind.resource, () =>
    decideWithSlug(deps, itemResource(kind), id, { ...newStream, state: { exists: false } }, command, input.slug, ctx),
  );
  if (written._tag === 'Left' && translation)
    await abandonTranslation(deps.store, kind.resource, translation, id, language, ctx);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function changeItemDetails<F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
  deps: WriteDeps,
  id: number,
  input: ItemInput<F>,
  ctx: WriteContext,
  guard: WriteGuard = {},
): Promise<Either<CommandError, ItemWritten>> {
  const request = await requestWithPasswordHash(input, async () => {
    const { state } = await loadItem(kind, deps.store, id);
    return state.exists ? state.facts.passwordHash : undefined;
  });
  const command: ItemCommand<F> = { type: 'ChangeDetails', request, nowUtc: instantToUtc(ctx.now) };
  const written = await changePost(deps, itemResource(kind), id, command, input.slug, ctx, guard);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

export async function trashItem<F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
  deps: WriteDeps,
  id: number,
  ctx: WriteContext,
  guard: WriteGuard = {},
  beforeTrash?: BeforeTrash,
): Promise<Either<CommandError, ItemWritten>> {
  const written = await trashPost(deps, itemResource(kind), id, { type: 'Trash' }, ctx, guard, beforeTrash);
  return written._tag === 'Right' ? right({ ...written.right, id }) : written;
}

/** Publishes a `future` venue or organizer whose date passed, unless it is no longer due (docs/api.md §20.6). */
export function publishScheduledItem<F extends ItemFacts, E extends DomainEvent, C extends object>(
  kind: ItemStreamKind<F, E, C>,
  deps: PostWriteDeps,
  id: number,
  check: ScheduledPublicationCheck,
  ctx: WriteContext,
): Promise<Either<CommandError, ScheduledPublicationOutcome>> {
  return publishScheduledPost(deps, itemResource(kind), id, { type: 'PublishScheduled', ...check }, ctx);
}

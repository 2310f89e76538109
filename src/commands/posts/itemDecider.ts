// The state, fold and decider that venues and organizers share; each kind supplies its blank facts and events.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Language, PostStatus } from '../../events/catalogue/values.ts';
import type { ItemChanges, ItemFact, ItemFacts } from '../../events/catalogue/itemFacts.ts';
import { trashedSlug } from '../../domain/slug.ts';
import type { Decider } from '../decider.ts';
import { evolvePost, type PostState } from './postState.ts';
import type { LocalDateTime } from '../../domain/localDateTime.ts';
import type { CommandError } from '../errors.ts';
import { translationOf, type TranslationTarget } from '../registries/translationClaims.ts';
import {
  changedFields,
  definedOnly,
  isScheduledPublicationDue,
  publicationStatus,
  type RequestedStatus,
  type ScheduledPublicationCheck,
} from './publication.ts';

// The facts both sides fold live with the event catalogue; the write side's modules still name them from here.
export type { ItemChanges, ItemFact, ItemFacts } from '../../events/catalogue/itemFacts.ts';
export { optionalRoot } from '../../events/catalogue/itemFacts.ts';

/** What a write asks for; absent keys keep stored values. Item dates are in the site zone, so they arrive as UTC. */
export type ItemRequest<F extends ItemFacts> = Partial<Omit<F, 'language' | 'publishedUtc' | 'status'>> & {
  readonly status?: RequestedStatus;
  readonly publishedUtc?: LocalDateTime;
};

export interface RegisterDefaults {
  readonly language: Language;
  readonly author: string;
  readonly status: PostStatus;
  /** The translation group the new item joins (`translation_of`), already validated. */
  readonly translation?: TranslationTarget;
}

/** The slug the handler settled (planned, or reserved in the registry); absent: the facts keep the one they have. */
interface SettledSlug {
  readonly slug?: string;
}

export type ItemCommand<F extends ItemFacts> =
  | (SettledSlug & {
      readonly type: 'Register';
      readonly id: number;
      readonly request: ItemRequest<F> & { readonly name: string };
      readonly defaults: RegisterDefaults;
      readonly nowUtc: LocalDateTime;
    })
  | (SettledSlug & { readonly type: 'ChangeDetails'; readonly request: ItemRequest<F>; readonly nowUtc: LocalDateTime })
  /**
   * The scheduler's: `future` becomes `publish` once its date passed (docs/api.md §20.6); a no-op when no longer due.
   */
  | (SettledSlug & ScheduledPublicationCheck & { readonly type: 'PublishScheduled' })
  | { readonly type: 'Trash' };

export type ItemState<F extends ItemFacts> = PostState<F>;

/** One kind of item: its resource name and the facts of a new item before the request applies. */
export interface ItemKind<F extends ItemFacts, C extends object = ItemChanges<F>> {
  readonly resource: 'venue' | 'organizer';
  blankFacts(defaults: RegisterDefaults, nowUtc: LocalDateTime): F;
  /**
   * Applies the values a request sent onto facts; by default they replace the stored ones. Venues supply their own:
   * the coordinates sent merge into the stored `geo`.
   */
  applyRequest?(facts: F, request: ItemRequest<F>): F;
  /**
   * Applies recorded changes onto facts; by default each replaces the stored fact. Venues supply their own: a change
   * of `geo` may hold one coordinate, which merges into the stored ones.
   */
  applyChanges?(facts: F, changes: C): F;
}

/** How one kind names the three facts of an item's life in its events (`C`: what its recorded changes hold). */
export interface ItemEvents<F extends ItemFacts, E, C extends object = ItemChanges<F>> {
  factOf(event: E): ItemFact<F, C>;
  eventOf(fact: ItemFact<F>): E;
}

/** The state after one more fact, by the fold of posts the projections share (src/events/catalogue/postFold.ts). */
export const evolveItem = <F extends ItemFacts, C extends object>(
  kind: ItemKind<F, C>,
  state: ItemState<F>,
  fact: ItemFact<F, C>,
): ItemState<F> => evolvePost(state, fact, kind.applyChanges);

/**
 * The facts an item would have after the command, before a slug is settled: the handler plans the slug from them (the
 * status and name they end with) before it asks the registry, which the pure step cannot.
 */
export function nextItemFacts<F extends ItemFacts, C extends object>(
  kind: ItemKind<F, C>,
  state: ItemState<F>,
  command: ItemCommand<F>,
): Either<CommandError, F> {
  switch (command.type) {
    case 'Register':
      if (state.exists) return left({ kind: 'write-conflict', resource: kind.resource });
      return right(
        settle<F, C>(kind, kind.blankFacts(command.defaults, command.nowUtc), command.request, command.nowUtc),
      );
    case 'ChangeDetails':
      if (!state.exists) return left({ kind: 'not-found', resource: kind.resource, id: 0 });
      return right(settle<F, C>(kind, state.facts, command.request, command.nowUtc));
    case 'PublishScheduled':
      if (!state.exists) return left({ kind: 'not-found', resource: kind.resource, id: 0 });
      return right(
        isScheduledPublicationDue(state.facts, command) ? ({ ...state.facts, status: 'publish' } as F) : state.facts,
      );
    case 'Trash':
      if (!state.exists) return left({ kind: 'not-found', resource: kind.resource, id: 0 });
      if (state.facts.status === 'trash') return left({ kind: 'already-trashed', resource: kind.resource });
      return right({ ...state.facts, status: 'trash', slug: trashedSlug(state.facts.slug) } as F);
  }
}

/** The decider of one kind of item: one pure step from a command and the state to the kind's events. */
export function itemDecider<F extends ItemFacts, E, C extends object>(
  kind: ItemKind<F, C> & ItemEvents<F, E, C>,
): Decider<ItemCommand<F>, E, ItemState<F>, CommandError> {
  return {
    initialState: { exists: false },
    evolve: (state, event) => evolveItem(kind, state, kind.factOf(event)),
    decide: (command, state) => {
      const facts = decideItemFacts(kind, command, state);
      return facts._tag === 'Left' ? facts : right(facts.right.map((fact) => kind.eventOf(fact)));
    },
  };
}

/** The kind-neutral facts recording a command's outcome, with the slug the command carries. */
function decideItemFacts<F extends ItemFacts, C extends object>(
  kind: ItemKind<F, C>,
  command: ItemCommand<F>,
  state: ItemState<F>,
): Either<CommandError, ItemFact<F>[]> {
  const next = nextItemFacts(kind, state, command);
  if (next._tag === 'Left') return next;
  const settled =
    command.type !== 'Trash' && command.slug !== undefined ? { ...next.right, slug: command.slug } : next.right;
  if (command.type === 'Register')
    return right([
      { type: 'registered', id: command.id, facts: settled, ...translationOf(command.defaults.translation) },
    ]);
  if (!state.exists) return left({ kind: 'not-found', resource: kind.resource, id: 0 });
  if (command.type === 'PublishScheduled' && !isScheduledPublicationDue(state.facts, command)) return right([]);
  if (command.type === 'ChangeDetails' || command.type === 'PublishScheduled')
    return right([{ type: 'changed', id: state.id, changes: changedFields(state.facts, settled) }]);
  return right([{ type: 'trashed', id: state.id, previousStatus: state.facts.status, slug: settled.slug }]);
}

/** Applies a request onto facts, with the publication timing of events (docs/api.md §10.1, §10.2). */
function settle<F extends ItemFacts, C extends object>(
  kind: ItemKind<F, C>,
  base: F,
  request: ItemRequest<F>,
  nowUtc: LocalDateTime,
): F {
  const merged = kind.applyRequest ? kind.applyRequest(base, request) : ({ ...base, ...definedOnly(request) } as F);
  return { ...merged, status: publicationStatus(merged.status, merged.publishedUtc, nowUtc) };
}

// Translation group claims (`translation-<kind>-<root>-<language>` streams): one item per language in a group, across
// instances.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import type { Language } from '../../events/catalogue/values.ts';
import type { ResourceKind } from '../errors.ts';
import { claim, release } from './claims.ts';

/** Where a new item joins: the group's root item and its language (docs/api.md §15 "Translations"). */
export interface TranslationTarget {
  readonly root: number;
  readonly rootLanguage: Language;
}

export const translationStreamId = (kind: ResourceKind, root: number, language: Language): string =>
  `translation-${kind}-${root}-${language}`;

/** The optional `translationOf` of a creation event: only written when the item joins a group. */
export const translationOf = (target: TranslationTarget | undefined): { translationOf?: number } =>
  target ? { translationOf: target.root } : {};

const ownerOf = (kind: ResourceKind, id: number): string => `${kind}-${id}`;

/**
 * Claims the new item's language in the group, and the root's own language on the root's behalf (the root claims
 * nothing when created alone). False when another item holds either.
 */
export async function claimTranslation(
  store: EventStore,
  kind: ResourceKind,
  target: TranslationTarget,
  id: number,
  language: Language,
  ctx: WriteContext,
): Promise<boolean> {
  const rootOwner = ownerOf(kind, target.root);
  const rootHeld = await claim(
    store,
    'translation',
    translationStreamId(kind, target.root, target.rootLanguage),
    rootOwner,
    ctx,
  );
  if (!rootHeld.held) return false;
  return (await claim(store, 'translation', translationStreamId(kind, target.root, language), ownerOf(kind, id), ctx))
    .held;
}

/** Frees an item's place in its group after it was trashed or deleted, so that another item may take its language. */
export async function releaseTranslation(
  store: EventStore,
  kind: ResourceKind,
  id: number,
  ctx: WriteContext,
): Promise<void> {
  const first = (await store.readStream(ownerOf(kind, id)))[0];
  const created = first && creationLinkOf(decodeDomainEvent(first));
  if (!created) return;
  await release(
    store,
    'translation',
    translationStreamId(kind, created.root ?? id, created.language),
    ownerOf(kind, id),
    ctx,
  );
}

/** Undoes a claim of `claimTranslation` when the creation it guarded was not written. */
export async function abandonTranslation(
  store: EventStore,
  kind: ResourceKind,
  target: TranslationTarget,
  id: number,
  language: Language,
  ctx: WriteContext,
): Promise<void> {
  await release(store, 'translation', translationStreamId(kind, target.root, language), ownerOf(kind, id), ctx);
}

function creationLinkOf(event: DomainEvent | undefined): { root: number | null; language: Language } | undefined {
  switch (event?.type) {
    case 'EventScheduled':
    case 'VenueRegistered':
    case 'OrganizerRegistered':
    case 'CategoryCreated':
    case 'TagCreated':
      return { root: event.data.translationOf ?? null, language: event.data.facts.language };
    default:
      return undefined;
  }
}

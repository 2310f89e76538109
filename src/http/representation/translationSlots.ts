// The `language` / `translations` keys every event, venue, organizer and term representation ends with (wire.md §15).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { GroupMember, Translations } from '../../projections/translationGroups.ts';
import { groupOf } from '../../projections/translationGroups.ts';

export type TranslatedKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

/** What a pending `translations` object stands for; the response's fill step looks its group up once per response. */
export interface TranslationSlot {
  readonly kind: TranslatedKind;
  readonly group: number;
  readonly member: GroupMember;
}

/** A `translations` object a representation left empty, with what it stands for. */
export interface PendingTranslation {
  readonly target: Translations;
  readonly slot: TranslationSlot;
}

/**
 * The pending `translations` objects of the request being handled. Representations are synchronous and pure, so they
 * cannot look groups up themselves; registering here instead of marking the objects spares the fill step a walk
 * through the whole response body (a list of events is thousands of objects).
 */
const pendingOfRequest = new AsyncLocalStorage<PendingTranslation[]>();

/** Runs `handle` (the rest of the request) and returns what its representations left to fill. */
export async function collectingTranslations(handle: () => Promise<unknown>): Promise<PendingTranslation[]> {
  const pending: PendingTranslation[] = [];
  await pendingOfRequest.run(pending, handle);
  return pending;
}

/**
 * The two closing keys of a representation. `translations` starts empty; the request's fill step completes it before
 * the response is written. Outside a request (no fill step), it stays empty.
 */
export function translationKeys(kind: TranslatedKind, doc: GroupMember): { language: string; translations: Translations } {
  const translations: Translations = {};
  pendingOfRequest.getStore()?.push({ target: translations, slot: translationSlot(kind, doc) });
  return { language: doc.language, translations };
}

export const translationSlot = (kind: TranslatedKind, doc: GroupMember): TranslationSlot => ({ kind, group: groupOf(doc), member: doc });

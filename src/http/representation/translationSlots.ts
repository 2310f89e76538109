// The `language` / `translations` keys every event, venue,
// organizer and term representation ends with (docs/api.md §15).
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
interface PendingTranslation {
  readonly target: Translations;
  readonly slot: TranslationSlot;
}

/**
 * What each empty `translations` object a representation returned stands for. Representations are synchronous and
 * pure, so they cannot look groups up themselves; they mark the object instead, and the request's fill step finds
 * the marked objects in the response body. (Marking rather than collecting per request keeps asynchronous context
 * tracking, which costs every promise of the process, out of the service.)
 */
const slotOfTranslations = new WeakMap<Translations, TranslationSlot>();

/**
 * The two closing keys of a representation. `translations` starts empty; the request's fill step completes it before
 * the response is written. Outside a request (no fill step), it stays empty.
 */
export function translationKeys(
  kind: TranslatedKind,
  doc: GroupMember,
): { language: string; translations: Translations } {
  const translations: Translations = {};
  slotOfTranslations.set(translations, translationSlot(kind, doc));
  return { language: doc.language, translations };
}

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** The marked `translations` objects in a response body (plain objects and arrays; texts and buffers hold none). */
export function pendingTranslations(body: unknown): PendingTranslation[] {
  const pending: PendingTranslation[] = [];
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isPlainObject(value)) return;
    const slot = slotOfTranslations.get(value as Translations);
    if (slot) pending.push({ target: value as Translations, slot });
    else for (const member of Object.values(value)) visit(member);
  };
  visit(body);
  return pending;
}

export const translationSlot = (kind: TranslatedKind, doc: GroupMember): TranslationSlot => ({
  kind,
  group: groupOf(doc),
  member: doc,
});

// The `language` / `translations` keys every event, venue, organizer and term representation ends with (wire.md §15).
import type { GroupMember, Translations } from '../../projections/translationGroups.ts';
import { groupOf } from '../../projections/translationGroups.ts';

export type TranslatedKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

/** What a pending `translations` object stands for; the response's fill step looks its group up once per response. */
export interface TranslationSlot {
  readonly kind: TranslatedKind;
  readonly group: number;
  readonly member: GroupMember;
}

const slotKey: unique symbol = Symbol('translation slot');

type PendingTranslations = Translations & { [slotKey]?: TranslationSlot };

/**
 * The two closing keys of a representation. Representations are synchronous, so `translations` starts empty and
 * carries (under a symbol, which JSON never writes) what it stands for; `fillTranslations` completes it before the
 * response is written.
 */
export function translationKeys(kind: TranslatedKind, doc: GroupMember): { language: string; translations: Translations } {
  const translations: PendingTranslations = {};
  Object.defineProperty(translations, slotKey, { value: { kind, group: groupOf(doc), member: doc }, enumerable: false });
  return { language: doc.language, translations };
}

/** Every pending `translations` object inside a response body, with what it stands for. */
export function pendingTranslations(body: unknown): Array<{ target: Translations; slot: TranslationSlot }> {
  const found: Array<{ target: Translations; slot: TranslationSlot }> = [];
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const slot = (value as PendingTranslations)[slotKey];
    if (slot) found.push({ target: value as Translations, slot });
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
  };
  visit(body);
  return found;
}

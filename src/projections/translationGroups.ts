// Translation groups in the read model (docs/api.md §15): a document's
// group, and the language → id map of a group's live members.
import type { Language } from '../events/catalogue/values.ts';

export interface GroupMember {
  readonly id: number;
  readonly language: Language;
  readonly translationGroup?: number;
}

/** Language → id of the live members of one group, in the order ca, en, es. */
export type Translations = Record<string, number>;

const languages: readonly Language[] = ['ca', 'en', 'es'];

/** The root id of the document's group; documents projected before translations existed form their own. */
export const groupOf = (doc: GroupMember): number => doc.translationGroup ?? doc.id;

/** The map of the given live members; the lowest id wins should two ever share a language. */
export function translationsOf(members: readonly GroupMember[]): Translations {
  // Most items are translated into nothing: their group is themselves alone.
  if (members.length === 1) return { [(members[0] as GroupMember).language]: (members[0] as GroupMember).id };
  // Groups hold a few members: a pass per language costs less than sorting a copy (every first read of an item asks).
  const map: Translations = {};
  for (const language of languages) {
    let lowest: number | undefined;
    for (const member of members) {
      if (member.language === language && (lowest === undefined || member.id < lowest)) lowest = member.id;
    }
    if (lowest !== undefined) map[language] = lowest;
  }
  return map;
}

/** Every other language of the group: what a representation shows under `translations`. */
export function otherTranslations(all: Translations | undefined, own: GroupMember): Translations {
  const others: Translations = {};
  for (const [language, id] of Object.entries(all ?? {}))
    if (language !== own.language && id !== own.id) others[language] = id;
  return others;
}

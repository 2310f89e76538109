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
  const byLanguage = new Map<Language, number>();
  for (const member of [...members].sort((a, b) => a.id - b.id)) {
    if (!byLanguage.has(member.language)) byLanguage.set(member.language, member.id);
  }
  const map: Translations = {};
  for (const language of languages) {
    const id = byLanguage.get(language);
    if (id !== undefined) map[language] = id;
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

// The members of translation groups as the `translations` fill shows them (docs/api.md §15): who owns each other
// member of a slot's group and its status, and the value and JSON text shown to callers who may read them all.
import type { ReadStore, ReadsNow } from '../../projections/readStore.ts';
import { otherTranslations, type Translations } from '../../projections/translationGroups.ts';
import type { TranslatedKind, TranslationSlot } from '../representation/translationSlots.ts';
import type { OwnedPost } from '../auth/caller.ts';

/** A member of a slot's group: its language and id, and for posts who owns it and its status. */
export interface OtherMember {
  readonly language: string;
  readonly id: number;
  /** Absent for terms, which everyone may read. */
  readonly standing?: OwnedPost;
}

/** A slot's other members, with what they were computed from: the member's group and language at that position. */
export interface SlotTranslations {
  readonly group: number;
  readonly language: string;
  readonly others: readonly OtherMember[];
  /** The value and its text when every caller may read every other member (the usual case: all published). */
  readonly forEveryone?: ShownTranslations;
}

/** What one caller is shown of a slot: the members they may read (docs/api.md §15), as an object and as JSON text. */
export interface ShownTranslations {
  readonly value: Translations;
  readonly json: string;
}

/** The collection of a kind, in the port and in `ReadsNow`. */
export const collectionKeyOf = (kind: TranslatedKind): keyof ReadsNow => {
  switch (kind) {
    case 'event':
      return 'events';
    case 'venue':
      return 'venues';
    case 'organizer':
      return 'organizers';
    case 'category':
      return 'categories';
    case 'tag':
      return 'tags';
  }
};

const isPostKind = (kind: TranslatedKind): kind is 'event' | 'venue' | 'organizer' =>
  kind === 'event' || kind === 'venue' || kind === 'organizer';

/** A member of a post's group with who owns it and its status: what reading it takes (docs/api.md §3.2). */
function memberOf(language: string, id: number, doc: OwnedPost | undefined): OtherMember {
  // A member gone from the read model since the group was read is shown to nobody.
  const standing: OwnedPost = doc ?? { author: '', status: 'trash' };
  return {
    language,
    id,
    standing: {
      author: standing.author,
      status: standing.status,
      statusBeforeTrash: standing.statusBeforeTrash ?? null,
    },
  };
}

/** Who owns each other member of a post's group and its status. */
export async function othersOf(
  readStore: ReadStore,
  kind: TranslatedKind,
  others: Translations,
): Promise<OtherMember[]> {
  const entries = Object.entries(others);
  if (!isPostKind(kind)) return entries.map(([language, id]) => ({ language, id }));
  const collection = kind === 'event' ? readStore.events : kind === 'venue' ? readStore.venues : readStore.organizers;
  return Promise.all(entries.map(async ([language, id]) => memberOf(language, id, await collection.get(id))));
}

/**
 * Every live member of a group (one per language, as `translationsOf` maps them) with its standing, read in the
 * calling turn. Each member of the group takes its `translations` from these, so a walk over a group's members reads
 * the group and its documents once per read-model position rather than once per member.
 */
export function groupMembersNow(now: ReadsNow, kind: TranslatedKind, group: number): readonly OtherMember[] {
  const all = Object.entries(now[collectionKeyOf(kind)].translationsOf(group));
  if (!isPostKind(kind)) return all.map(([language, id]) => ({ language, id }));
  const collection = kind === 'event' ? now.events : kind === 'venue' ? now.venues : now.organizers;
  return all.map(([language, id]) => memberOf(language, id, collection.get(id)));
}

/** The other members of the slot's group, from all its live members: none once the member left it (trashed). */
export const othersIn = (slot: TranslationSlot, all: Translations): Translations =>
  // A trashed or deleted item has left its group: it lists no translations (docs/api.md §15).
  Object.values(all).includes(slot.member.id) ? otherTranslations(all, slot.member) : {};

/** `othersIn` over a group's members with their standing (`groupMembersNow`). */
export function othersAmong(slot: TranslationSlot, members: readonly OtherMember[]): readonly OtherMember[] {
  const own = slot.member;
  if (!members.some((member) => member.id === own.id)) return [];
  return members.filter((member) => member.language !== own.language && member.id !== own.id);
}

export function slotTranslations(slot: TranslationSlot, others: readonly OtherMember[]): SlotTranslations {
  const forEveryone = others.every(readableByEveryone)
    ? textOf(Object.fromEntries(others.map((m) => [m.language, m.id])))
    : undefined;
  return { group: slot.group, language: slot.member.language, others, ...(forEveryone ? { forEveryone } : {}) };
}

export const textOf = (value: Translations): ShownTranslations => ({ value, json: JSON.stringify(value) });

/** Published posts (and terms) are everyone's to read; anything else depends on the caller. */
const readableByEveryone = (member: OtherMember): boolean =>
  member.standing === undefined || member.standing.status === 'publish';

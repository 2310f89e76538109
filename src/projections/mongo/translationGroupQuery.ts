// The MongoDB query for a translation group's members, shared by the event, item and term collections.
import type { Collection, Document, Filter } from 'mongodb';
import type { Language } from '../../events/catalogue/values.ts';
import { translationsOf, type GroupMember, type Translations } from '../translationGroups.ts';

/**
 * Members carry the group's root id in the indexed `translationGroup`; the root itself also matches by `_id`, which
 * covers roots projected before the field existed (a root is never a member of another group).
 */
export const groupMembersFilter = (group: number, live: Document): Document => ({
  $or: [{ translationGroup: group }, { _id: group }],
  ...live,
});

export const groupMemberProjection = { projection: { _id: 1, language: 1, translationGroup: 1 } };

export const groupMemberOf = (stored: Document): GroupMember => ({
  id: stored._id as number,
  language: stored.language as Language,
  translationGroup: typeof stored.translationGroup === 'number' ? stored.translationGroup : (stored._id as number),
});

/** The language → id map of a group's live members (`live`: the collection's condition for a member that counts). */
export async function groupTranslations<T extends Document>(
  collection: Collection<T>,
  group: number,
  live: Document,
): Promise<Translations> {
  const found = await collection.find(groupMembersFilter(group, live) as Filter<T>, groupMemberProjection).toArray();
  return translationsOf(found.map((stored) => groupMemberOf(stored)));
}

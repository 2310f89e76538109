// The organizer part of the ReadStore port.
import type { Page } from '../events/eventListQuery.ts';
import type { PostListQuery } from '../postListQuery.ts';
import type { DuplicateProbe } from '../posts/duplicateProbe.ts';
import type { OrganizerDocument } from './organizerDocument.ts';
import type { Translations } from '../translationGroups.ts';
import type { ScheduledPublications } from '../scheduledPublications.ts';

export interface OrganizerCollection extends ScheduledPublications {
  get(id: number): Promise<OrganizerDocument | undefined>;
  /** Organizers of every status (trash included) with this slug in this language. */
  bySlug(language: string, slug: string): Promise<OrganizerDocument[]>;
  list(query: PostListQuery): Promise<Page<OrganizerDocument>>;
  /** An older revision never replaces a newer one. */
  put(doc: OrganizerDocument): Promise<void>;
  /** As many `put` calls in one round trip (a replay batch; ids never repeat). */
  putMany(docs: readonly OrganizerDocument[]): Promise<void>;
  /** Language → id of the group's live members (docs/api.md §15 `translations`). */
  translationsOf(group: number): Promise<Translations>;
  /**
   * A non-trashed item of the language matching the probe ignoring
   * case (docs/api.md §10.2 Duplicates); the lowest id wins.
   */
  findDuplicate(language: string, probe: DuplicateProbe): Promise<OrganizerDocument | undefined>;
}

// The venue part of the ReadStore port.
import type { Translations } from '../translationGroups.ts';
import type { Page } from '../events/eventListQuery.ts';
import type { PostListQuery } from '../postListQuery.ts';
import type { DuplicateProbe } from '../posts/duplicateProbe.ts';
import type { VenueDocument } from './venueDocument.ts';
import type { ScheduledPublications } from '../scheduledPublications.ts';

export interface VenueCollection extends ScheduledPublications {
  get(id: number): Promise<VenueDocument | undefined>;
  /** Venues of every status (trash included) with this slug in this language. */
  bySlug(language: string, slug: string): Promise<VenueDocument[]>;
  list(query: PostListQuery): Promise<Page<VenueDocument>>;
  /** An older revision never replaces a newer one. */
  put(doc: VenueDocument): Promise<void>;
  /** As many `put` calls in one round trip (a replay batch; ids never repeat). */
  putMany(docs: readonly VenueDocument[]): Promise<void>;
  /** Language → id of the group's live members (docs/api.md §15 `translations`). */
  translationsOf(group: number): Promise<Translations>;
  /**
   * A non-trashed item of the language matching the probe ignoring
   * case (docs/api.md §10.2 Duplicates); the lowest id wins.
   */
  findDuplicate(language: string, probe: DuplicateProbe): Promise<VenueDocument | undefined>;
}

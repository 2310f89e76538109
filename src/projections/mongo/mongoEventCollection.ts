// The MongoDB `events` collection: documents keyed by id, revision-guarded writes, list and link queries.
import { translationsOf, type Translations } from '../translationGroups.ts';
import { groupMemberOf, groupMemberProjection, groupMembersFilter } from './translationGroupQuery.ts';
import { MongoServerError, type Collection, type Document, type IndexDescription } from 'mongodb';
import type { EmbeddedLinks, EventDocument, LinkField } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import type { EventCollection, LinkedIdsFilter } from '../readStore.ts';
import { fromStoredEventDocument, translateEventListQuery, type StoredEventDocument } from './eventQueryTranslation.ts';
import { venueLocationsOf } from '../events/venueLocations.ts';

const duplicateKeyCode = 11000;

/**
 * The indexes the list, slug and term queries need; `_id` closes the start index so ties sort without a scan. The
 * `2dsphere` index (sparse by default) holds only events with a located venue: the candidates of a `near` filter.
 */
export const eventIndexes: IndexDescription[] = [
  { key: { language: 1, start: 1, _id: 1 } },
  { key: { language: 1, slug: 1 } },
  { key: { categories: 1 } },
  { key: { tags: 1 } },
  { key: { venues: 1 } },
  { key: { organizers: 1 } },
  { key: { status: 1 } },
  { key: { translationGroup: 1 } },
  { key: { venueLocations: '2dsphere' } },
];

export class MongoEventCollection implements EventCollection {
  constructor(private readonly collection: Collection<StoredEventDocument>) {}

  async translationsOf(group: number): Promise<Translations> {
    const found = await this.collection.find(groupMembersFilter(group, { status: { $ne: 'trash' } }) as Document, groupMemberProjection).toArray();
    return translationsOf(found.map((stored) => groupMemberOf(stored as unknown as Document)));
  }

  async get(id: number): Promise<EventDocument | undefined> {
    const stored = await this.collection.findOne({ _id: id });
    return stored ? fromStoredEventDocument(stored) : undefined;
  }

  async bySlug(language: string, slug: string): Promise<EventDocument[]> {
    // The port takes any language text; an unknown one simply finds nothing, which the typed Filter cannot express.
    const bySlugIndex: Document = { language, slug };
    const stored = await this.collection.find(bySlugIndex).toArray();
    return stored.map(fromStoredEventDocument);
  }

  async list(query: EventListQuery): Promise<Page<EventDocument>> {
    const { filter, sort, skip, limit } = translateEventListQuery(query);
    const [stored, total] = await Promise.all([
      // `limit(0)` would mean "unlimited" to MongoDB; a page of zero items needs no query at all.
      limit > 0 ? this.collection.find(filter).sort(sort).skip(skip).limit(limit).toArray() : [],
      this.collection.countDocuments(filter),
    ]);
    return { items: stored.map(fromStoredEventDocument), total };
  }

  /** Never lets an older revision overwrite a newer one, so that concurrent or replaying projectors converge. */
  async put(doc: EventDocument): Promise<void> {
    const { id, ...fields } = doc;
    const missingOrOlder = { _id: id, revision: { $lt: doc.revision } };
    try {
      await this.collection.replaceOne(missingOrOlder, fields, { upsert: true });
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === duplicateKeyCode)) throw error;
      // The guard matched no document, so the upsert tried to insert and met the existing `_id`. Usually that
      // document is at this revision or newer and there is nothing to do; but when two puts race on a missing
      // document the one inserted first may be the older. Documents are never deleted, so a replace with the same
      // guard and without upsert now settles both cases; the server's own retry of duplicate-key upserts does not
      // apply here because the filter is not equality-only.
      await this.collection.replaceOne(missingOrOlder, fields);
    }
  }

  async linking(field: LinkField, id: number): Promise<EventDocument[]> {
    const stored = await this.collection.find({ [field]: id } as Document).toArray();
    return stored.map(fromStoredEventDocument);
  }

  async linkedIds(field: LinkField, filter: LinkedIdsFilter): Promise<number[]> {
    const query: Document = { status: { $in: [...filter.statuses] } };
    if (filter.startUtcFrom !== undefined) query.startUtc = { $gte: filter.startUtcFrom };
    return (await this.collection.distinct(field, query)) as number[];
  }

  async setEmbedded(id: number, embedded: EmbeddedLinks): Promise<void> {
    // The locations follow the embedded venues in the same update, so a moved venue moves its events atomically.
    await this.collection.updateOne({ _id: id }, { $set: { embedded, venueLocations: venueLocationsOf(embedded.venues) } } as Document);
  }
}

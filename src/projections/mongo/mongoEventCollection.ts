// The MongoDB `events` collection: documents keyed by id, revision-guarded writes, list and link queries.
import type { Translations } from '../translationGroups.ts';
import { groupTranslations } from './translationGroupQuery.ts';
import { putIfNewer } from './revisionGuardedPut.ts';
import type { Collection, Document, IndexDescription } from 'mongodb';
import type { EmbeddedLinks, EventDocument, LinkField } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import type { EventCollection, EventWriteBatch, LinkedIdsFilter } from '../readStore.ts';
import { eventBulkOperations, runGuardedBulk } from './bulkWrites.ts';
import { fromStoredEventDocument, translateEventListQuery, type StoredEventDocument } from './eventQueryTranslation.ts';
import { VenueLocations } from '../events/venueLocations.ts';
import type { ScheduledPublication } from '../scheduledPublications.ts';
import { findScheduledPublications, scheduledPublicationIndex } from './scheduledPublicationQuery.ts';

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
  scheduledPublicationIndex,
];

export class MongoEventCollection implements EventCollection {
  /** Its own: the points go to the database as values, so sharing the projector's lists would save nothing. */
  private readonly venueLocations = new VenueLocations();

  constructor(private readonly collection: Collection<StoredEventDocument>) {}

  async translationsOf(group: number): Promise<Translations> {
    return groupTranslations(this.collection, group, { status: { $ne: 'trash' } });
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
    await putIfNewer(id, doc.revision, (missingOrOlder, options) =>
      this.collection.replaceOne(missingOrOlder, fields, options),
    );
  }

  async scheduledPublications(limit: number): Promise<readonly ScheduledPublication[]> {
    return findScheduledPublications(this.collection as unknown as Collection<Document>, limit);
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
    await this.collection.updateOne({ _id: id }, {
      $set: { embedded, venueLocations: this.venueLocations.of(embedded.venues) },
    } as Document);
  }

  /** One unordered bulkWrite for the whole batch (a second one only for puts that met a newer document). */
  async writeBatch(batch: EventWriteBatch): Promise<void> {
    await runGuardedBulk(
      this.collection as unknown as Collection<Document>,
      eventBulkOperations(batch, this.venueLocations),
    );
  }
}

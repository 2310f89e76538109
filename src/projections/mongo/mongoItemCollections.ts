// The `venues` and `organizers` collections on MongoDB, with the indexes their list, slug and duplicate queries use.
import type { Translations } from '../translationGroups.ts';
import { groupTranslations } from './translationGroupQuery.ts';
import { putIfNewer } from './revisionGuardedPut.ts';
import { itemBulkOperations, runGuardedBulk } from './bulkWrites.ts';
import type { Collection, Db, Document, IndexDescription } from 'mongodb';
import type { Page } from '../events/eventListQuery.ts';
import type { PostListQuery } from '../postListQuery.ts';
import { isDuplicateOf, type DuplicateProbe } from '../posts/duplicateProbe.ts';
import type { ItemDocument } from '../posts/itemDocument.ts';
import type { VenueCollection } from '../venues/venueCollection.ts';
import type { OrganizerCollection } from '../organizers/organizerCollection.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import {
  duplicateCandidatesFilter,
  fromStoredItem,
  toStoredItem,
  translatePostListQuery,
  type StoredItemDocument,
} from './postQueryTranslation.ts';
import type { ScheduledPublication } from '../scheduledPublications.ts';
import { findScheduledPublications, scheduledPublicationIndex } from './scheduledPublicationQuery.ts';
import { collectionNamesOf, firstReadModelVersion, type ReadModelCollectionNames } from './readModelVersion.ts';

const itemIndexes: IndexDescription[] = [
  { key: { language: 1, status: 1, publishedUtc: -1, _id: -1 } },
  { key: { language: 1, slug: 1 } },
  { key: { language: 1, name: 1 } },
  { key: { translationGroup: 1 } },
  scheduledPublicationIndex,
];

class MongoItemCollection<D extends ItemDocument> {
  constructor(private readonly collection: Collection<Document>) {}

  async translationsOf(group: number): Promise<Translations> {
    return groupTranslations(this.collection, group, { status: { $ne: 'trash' } });
  }

  async get(id: number): Promise<D | undefined> {
    const stored = await this.collection.findOne({ _id: id } as Document);
    return stored ? fromStoredItem(stored as unknown as StoredItemDocument<D>) : undefined;
  }

  async bySlug(language: string, slug: string): Promise<D[]> {
    return this.find({ language, slug });
  }

  async list(query: PostListQuery): Promise<Page<D>> {
    const { filter, sort, skip, limit } = translatePostListQuery(query);
    const [items, total] = await Promise.all([
      // `limit(0)` would mean "unlimited" to MongoDB.
      limit > 0 ? this.find(filter, sort, skip, limit) : [],
      this.collection.countDocuments(filter),
    ]);
    return { items, total };
  }

  async put(doc: D): Promise<void> {
    const { _id, ...fields } = toStoredItem(doc);
    await putIfNewer(_id, doc.revision, (missingOrOlder, options) =>
      this.collection.replaceOne(missingOrOlder, fields, options),
    );
  }

  async putMany(docs: readonly D[]): Promise<void> {
    await runGuardedBulk(this.collection, itemBulkOperations(docs));
  }

  async findDuplicate(language: string, probe: DuplicateProbe): Promise<D | undefined> {
    const candidates = await this.find(duplicateCandidatesFilter(language, probe), { _id: 1 });
    return candidates.find((doc) => isDuplicateOf(doc, probe));
  }

  async scheduledPublications(limit: number): Promise<readonly ScheduledPublication[]> {
    return findScheduledPublications(this.collection, limit);
  }

  private async find(filter: Document, sort: Document = {}, skip = 0, limit = 0): Promise<D[]> {
    const stored = await this.collection.find(filter).sort(sort).skip(skip).limit(limit).toArray();
    return stored.map((s) => fromStoredItem(s as unknown as StoredItemDocument<D>));
  }
}

const firstVersionNames = collectionNamesOf(firstReadModelVersion);

export const createMongoVenueCollection = (
  db: Db,
  names: ReadModelCollectionNames = firstVersionNames,
): VenueCollection => new MongoItemCollection<VenueDocument>(db.collection(names.venues));
export const createMongoOrganizerCollection = (
  db: Db,
  names: ReadModelCollectionNames = firstVersionNames,
): OrganizerCollection => new MongoItemCollection<OrganizerDocument>(db.collection(names.organizers));

/** Creates the indexes of both collections (idempotent). */
export async function ensureItemIndexes(db: Db, names: ReadModelCollectionNames = firstVersionNames): Promise<void> {
  await db.collection(names.venues).createIndexes(itemIndexes);
  await db.collection(names.organizers).createIndexes(itemIndexes);
}

// Categories or tags on MongoDB (`categories`, `tags` collections): revision-guarded documents with their own count.
import type { Translations } from '../translationGroups.ts';
import { groupTranslations } from './translationGroupQuery.ts';
import { putIfNewer } from './revisionGuardedPut.ts';
import { runGuardedBulk, termBulkOperations } from './bulkWrites.ts';
import type { Collection, Db, Document, IndexDescription } from 'mongodb';
import type { Taxonomy } from '../../events/catalogue/terms.ts';
import type { Page } from '../events/eventListQuery.ts';
import type { CountedTerm, TermCollection, TermListQuery, TermWriteBatch } from '../terms/termCollection.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import {
  fromStoredTermDocument,
  staleCountsFilter,
  staleMarkFilter,
  storedTermFields,
  translateTermListQuery,
  type StoredTermDocument,
} from './termQueryTranslation.ts';
import { collectionNamesOf, firstReadModelVersion, type ReadModelCollectionNames } from './readModelVersion.ts';

const firstVersionNames = collectionNamesOf(firstReadModelVersion);

/** The collection of a taxonomy in one version of the read model (version 1 when not given). */
export const termCollectionName = (taxonomy: Taxonomy, names: ReadModelCollectionNames = firstVersionNames): string =>
  taxonomy === 'category' ? names.categories : names.tags;

/** Lists scan one language; slug and name lookups and the parent walk each have their own index. */
export const termIndexes: IndexDescription[] = [
  { key: { language: 1, nameKey: 1, _id: 1 } },
  { key: { language: 1, slug: 1 } },
  { key: { parent: 1 } },
  { key: { translationGroup: 1 } },
  // Only the few terms of an interrupted projection step carry the mark.
  { key: { countStale: 1 }, sparse: true },
];

export async function createTermIndexes(db: Db, names: ReadModelCollectionNames = firstVersionNames): Promise<void> {
  for (const taxonomy of ['category', 'tag'] as const)
    await db.collection(termCollectionName(taxonomy, names)).createIndexes(termIndexes);
}

export function createMongoTermCollection(
  db: Db,
  taxonomy: Taxonomy,
  names: ReadModelCollectionNames = firstVersionNames,
): TermCollection {
  return new MongoTermCollection(db.collection<StoredTermDocument>(termCollectionName(taxonomy, names)));
}

const live = { deleted: false };

class MongoTermCollection implements TermCollection {
  constructor(private readonly collection: Collection<StoredTermDocument>) {}

  async translationsOf(group: number): Promise<Translations> {
    return groupTranslations(this.collection, group, live);
  }

  async get(id: number): Promise<CountedTerm | undefined> {
    return this.one({ _id: id, ...live });
  }

  async bySlug(language: string, slug: string): Promise<CountedTerm | undefined> {
    return this.one({ language, slug, ...live });
  }

  async byName(language: string, name: string): Promise<CountedTerm | undefined> {
    return this.one({ language, nameKey: name.toLowerCase(), ...live });
  }

  async children(id: number): Promise<number[]> {
    const found = await this.collection
      .find({ parent: id, ...live }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    return found.map((d) => d._id);
  }

  async descendants(id: number): Promise<number[]> {
    const found = new Set<number>();
    let level = [id];
    while (level.length > 0) {
      const next = await this.collection
        .find({ parent: { $in: level }, ...live }, { projection: { _id: 1 } })
        .toArray();
      // A cycle cannot be written (the decider refuses it), but a walk must end even on bad data.
      level = next.map((d) => d._id).filter((child) => child !== id && !found.has(child));
      for (const child of level) found.add(child);
    }
    return [...found].sort((a, b) => a - b);
  }

  async list(q: TermListQuery): Promise<Page<CountedTerm>> {
    const { filter, pipeline, limit } = translateTermListQuery(q);
    const [stored, total] = await Promise.all([
      limit > 0 ? this.collection.aggregate<StoredTermDocument>(pipeline).toArray() : [],
      this.collection.countDocuments(filter),
    ]);
    return { items: stored.map(fromStoredTermDocument), total };
  }

  /** Never lets an older revision overwrite a newer one; the count is not touched (it starts at 0 on insert). */
  async put(doc: TermDocument): Promise<void> {
    const update = { $set: storedTermFields(doc), $setOnInsert: { count: 0 } };
    await putIfNewer(doc.id, doc.revision, (missingOrOlder, options) =>
      this.collection.updateOne(missingOrOlder, update, options),
    );
  }

  /** `$set` on the count alone, so that it never races the revision guard of `put`; unknown ids are ignored. */
  async setCount(id: number, count: number): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { count }, $unset: { countStale: '' } });
  }

  async markCountsStale(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.collection.updateMany(staleMarkFilter(ids), { $set: { countStale: true } });
  }

  async staleCounts(): Promise<number[]> {
    const stale = await this.collection.find(staleCountsFilter, { projection: { _id: 1 } }).toArray();
    return stale.map((stored) => stored._id);
  }

  /** One unordered bulkWrite (two when the batch holds both documents and counts, see termBulkOperations). */
  async writeBatch(batch: TermWriteBatch): Promise<void> {
    for (const operations of termBulkOperations(batch))
      await runGuardedBulk(this.collection as unknown as Collection<Document>, operations);
  }

  private async one(filter: Document): Promise<CountedTerm | undefined> {
    const stored = await this.collection.find(filter).sort({ _id: 1 }).limit(1).next();
    return stored ? fromStoredTermDocument(stored) : undefined;
  }
}

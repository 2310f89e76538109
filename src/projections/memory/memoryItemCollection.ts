// In-process venue or organizer documents with real indexes: by id, by language+slug, by language+lower-cased name,
// and per language+status a list kept in listing order (publication date desc, id desc).
import { translationsOf, type Translations } from '../translationGroups.ts';
import { TranslationGroupIndex } from './translationGroupIndex.ts';
import { FuturePublications } from './futurePublications.ts';
import type { ScheduledPublication } from '../scheduledPublications.ts';
import type { Page } from '../events/eventListQuery.ts';
import type { PostListQuery } from '../postListQuery.ts';
import { isDuplicateOf, type DuplicateProbe } from '../posts/duplicateProbe.ts';
import { compareByPublication, matchesPostListQuery, type ItemDocument } from '../posts/itemDocument.ts';
import type { VenueCollection } from '../venues/venueCollection.ts';
import type { OrganizerCollection } from '../organizers/organizerCollection.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';

const key = (language: string, value: string): string => `${language}|${value}`;

export class MemoryItemCollection<D extends ItemDocument> {
  private readonly byId = new Map<number, D>();
  private readonly bySlugKey = new Map<string, Set<number>>();
  private readonly byNameKey = new Map<string, Set<number>>();
  /** Sorted in listing order. */
  private readonly partitions = new Map<string, D[]>();
  private readonly groups = new TranslationGroupIndex((id) => this.byId.get(id));
  private readonly future = new FuturePublications();

  async translationsOf(group: number): Promise<Translations> {
    return this.translationsOfNow(group);
  }

  /** `CollectionNow.aloneInGroup` (`ReadStore.readsNow`). */
  aloneInGroupNow(group: number, id: number): boolean {
    return this.groups.alone(group, id);
  }

  /** `translationsOf` answered in the calling turn (`ReadStore.readsNow`). */
  translationsOfNow(group: number): Translations {
    return translationsOf(
      this.groups
        .ids(group)
        .map((id) => this.byId.get(id) as D)
        .filter((doc) => doc.status !== 'trash'),
    );
  }

  async get(id: number): Promise<D | undefined> {
    return this.byId.get(id);
  }

  /** `get` answered in the calling turn, for the projection target (memoryProjectionTarget.ts); `putNow` too. */
  getNow(id: number): D | undefined {
    return this.byId.get(id);
  }

  async bySlug(language: string, slug: string): Promise<D[]> {
    return this.idsToDocs(this.bySlugKey.get(key(language, slug)));
  }

  async list(query: PostListQuery): Promise<Page<D>> {
    const statuses = new Set(query.statuses);
    const unfiltered = !query.searchTerms && !query.onlyIds && !query.exceptIds && !query.onlyProtected;
    if (statuses.size === 1 && unfiltered) {
      // The common public list (published items, no filter) is one partition as it stands: read the page off it.
      const partition = this.partitions.get(key(query.language, [...statuses][0] as string)) ?? [];
      return { items: partition.slice(query.offset, query.offset + query.limit), total: partition.length };
    }
    const matches = [...statuses]
      .flatMap((status) => this.partitions.get(key(query.language, status)) ?? [])
      .filter((doc) => matchesPostListQuery(doc, query));
    // Each partition is already ordered; merging several only needs one sort of the matches.
    if (statuses.size > 1) matches.sort(compareByPublication);
    return { items: matches.slice(query.offset, query.offset + query.limit), total: matches.length };
  }

  /** In process, a batch is its calls one by one. */
  async putMany(docs: readonly D[]): Promise<void> {
    for (const doc of docs) this.putNow(doc);
  }

  async put(doc: D): Promise<void> {
    this.putNow(doc);
  }

  putNow(doc: D): void {
    const previous = this.byId.get(doc.id);
    if (previous && previous.revision >= doc.revision) return;
    this.groups.move(previous, doc);
    if (previous) {
      const partition = this.partitions.get(key(previous.language, previous.status));
      const index = partition?.findIndex((d) => d.id === previous.id) ?? -1;
      if (partition && index >= 0) partition.splice(index, 1);
      this.bySlugKey.get(key(previous.language, previous.slug))?.delete(previous.id);
      this.byNameKey.get(key(previous.language, previous.name.toLowerCase()))?.delete(previous.id);
    }
    this.byId.set(doc.id, doc);
    const partitionKey = key(doc.language, doc.status);
    const partition = this.partitions.get(partitionKey) ?? [];
    this.partitions.set(partitionKey, partition);
    partition.splice(insertionIndex(partition, doc), 0, doc);
    addTo(this.bySlugKey, key(doc.language, doc.slug), doc.id);
    addTo(this.byNameKey, key(doc.language, doc.name.toLowerCase()), doc.id);
    this.future.track(doc);
  }

  async scheduledPublications(limit: number): Promise<readonly ScheduledPublication[]> {
    return this.future.earliest(limit);
  }

  async findDuplicate(language: string, probe: DuplicateProbe): Promise<D | undefined> {
    return this.idsToDocs(this.byNameKey.get(key(language, probe.name.toLowerCase())))
      .filter((doc) => isDuplicateOf(doc, probe))
      .sort((a, b) => a.id - b.id)[0];
  }

  /** Every document in ascending id order (the port's `documents`); synchronous, so the caller sees one state. */
  *byAscendingId(): Generator<D> {
    for (const id of [...this.byId.keys()].sort((a, b) => a - b)) yield this.byId.get(id) as D;
  }

  private idsToDocs(ids: Set<number> | undefined): D[] {
    return ids ? [...ids].map((id) => this.byId.get(id) as D) : [];
  }
}

function insertionIndex<D extends ItemDocument>(sorted: readonly D[], doc: D): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareByPublication(sorted[mid] as D, doc) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function addTo(index: Map<string, Set<number>>, k: string, id: number): void {
  let ids = index.get(k);
  if (!ids) index.set(k, (ids = new Set()));
  ids.add(id);
}

// The intersections keep the port checked while the read store also reaches `byAscendingId`.
export const createMemoryVenueCollection = (): VenueCollection & MemoryItemCollection<VenueDocument> =>
  new MemoryItemCollection<VenueDocument>();
export const createMemoryOrganizerCollection = (): OrganizerCollection & MemoryItemCollection<OrganizerDocument> =>
  new MemoryItemCollection<OrganizerDocument>();

// In-process event documents with real indexes: per language and status a start-ordered partition; maps by id, slug,
// linked item and venue location; the words of the search texts; per document the fields queries check most.
import { HeldViews, type HeldDocuments } from './heldViews.ts';
import { IdsBySlug } from './idsByKey.ts';
import { groupOf, translationsOf, type Translations } from '../translationGroups.ts';
import { TranslationGroupIndex } from './translationGroupIndex.ts';
import { linkFields, type EmbeddedLinks, type EventDocument, type LinkField } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import type { EventCollection, EventWriteBatch, LinkedIdsFilter } from '../readStore.ts';
import { StartOrderedPartition } from './startOrderedPartition.ts';
import { VenueLocationGrid } from './venueLocationGrid.ts';
import type { VenueLocation, VenueLocations } from '../events/venueLocations.ts';
import { listedSlots, unionOf, type CandidateSource } from './eventCandidates.ts';
import { EventColumns } from './eventColumns.ts';
import { EventLinkIndex } from './eventLinkIndex.ts';
import { costOf } from './listingCost.ts';
import { pageOfCandidates, pageOfPartitions } from './eventPages.ts';
import { SearchWordIndex } from './searchWordIndex.ts';
import { SlotMarks } from './slotMarks.ts';
import { StartRanges } from './startWindow.ts';
import { FuturePublications } from './futurePublications.ts';
import { ScopeMap } from './scopeMap.ts';
import type { ScheduledPublication } from '../scheduledPublications.ts';

export class MemoryEventCollection implements EventCollection {
  private readonly columns = new EventColumns();
  private readonly partitions = new ScopeMap<StartOrderedPartition>();
  private readonly idsBySlug = new IdsBySlug();
  /** Each query's start range, shared by the partitions and the link index it is looked up in. */
  private readonly startRanges = new StartRanges();
  private readonly links = new EventLinkIndex(this.columns, this.startRanges);
  private readonly venueGrid = new VenueLocationGrid();
  private readonly groups = new TranslationGroupIndex((id) => this.columns.get(id));
  private readonly marks = new SlotMarks();
  private readonly searchWords = new SearchWordIndex(this.columns, this.marks);
  private readonly future = new FuturePublications();
  private readonly heldViews = new HeldViews<EventDocument>();

  /** `venueLocations`: the projector's, so that a refreshed document shares the venue's points with the others. */
  constructor(private readonly venueLocations: VenueLocations) {}

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
        .map((id) => this.columns.get(id) as EventDocument)
        .filter((doc) => doc.status !== 'trash'),
    );
  }

  async get(id: number): Promise<EventDocument | undefined> {
    return this.columns.get(id);
  }

  /** `get` answered in the calling turn, for the projection target (memoryProjectionTarget.ts); so are the others. */
  getNow(id: number): EventDocument | undefined {
    return this.columns.get(id);
  }

  async bySlug(language: string, slug: string): Promise<EventDocument[]> {
    return this.idsBySlug.get(language, slug).map((id) => this.columns.get(id) as EventDocument);
  }

  async list(query: EventListQuery): Promise<Page<EventDocument>> {
    const parts = [...new Set(query.statuses)]
      .map((status) => this.partitions.get(query.language, status))
      .filter((p): p is StartOrderedPartition => p !== undefined && p.size > 0);
    const window = parts.reduce((sum, p) => sum + p.windowSize(query), 0);
    const candidates = this.cheapestCandidateSource(query);
    if (candidates && costOf(candidates.size, query, candidates.decides) < costOf(window, query))
      return pageOfCandidates(this.columns, candidates, query);
    return pageOfPartitions(this.columns, parts, query);
  }

  /**
   * Of the candidate sets the query's conditions name through an index (ids, linked items, a search's words, a
   * location), the cheapest to check; it beats scanning the date window when cheaper still.
   */
  private cheapestCandidateSource(query: EventListQuery): CandidateSource | undefined {
    const sources: CandidateSource[] = [];
    const slotsOf = (ids: readonly number[]) => ids.map((id) => this.columns.slotOf(id));
    if (query.ids) sources.push(listedSlots(slotsOf(query.ids), 'ids'));
    for (const field of linkFields) {
      const wanted = query[field];
      if (wanted)
        sources.push(
          unionOf(
            wanted.map((id) => this.links.window(field, id, query)),
            field,
            this.marks,
            this.columns.size,
          ),
        );
    }
    if (query.near) sources.push(listedSlots(slotsOf(this.venueGrid.candidates(query.near)), undefined));
    const searched = query.searchTerms && this.searchWords.candidates(query.searchTerms);
    if (searched) sources.push(searched);
    const cost = (s: CandidateSource) => costOf(s.size, query, s.decides);
    return sources.reduce<CandidateSource | undefined>(
      (best, s) => (best === undefined || cost(s) < cost(best) ? s : best),
      undefined,
    );
  }

  async put(doc: EventDocument): Promise<void> {
    this.putNow(doc);
  }

  /**
   * `put` of each document in turn, synchronously: a snapshot's hundreds of thousands of documents at start. Into an
   * empty collection, documents in ascending id order (a snapshot's) take the next slots one after another; the link
   * and slug indexes take them all at once, later: at the first call that needs either (which then waits for it, so
   * every answer is as after puts one by one), or at `settleIndexes`.
   */
  putAll(docs: readonly EventDocument[]): void {
    if (this.columns.size > 0 || !inAscendingIdOrder(docs)) {
      for (const doc of docs) this.putNow(doc);
      return;
    }
    for (const doc of docs) {
      this.groups.move(undefined, doc);
      const slot = this.columns.set(doc);
      this.searchWords.noteText(slot, undefined, doc.searchText);
      this.venueGrid.set(doc.id, doc.venueLocations);
      if (!doc.hideFromListings) this.partition(doc).insert(slot);
      this.future.track(doc);
    }
    this.idsBySlug.addAllLater(docs);
    this.links.addAllLater(0, docs);
  }

  /** Builds what `putAll` left for later: all of it, or `count` documents more (the composition root's slices). */
  settleIndexes(count = Infinity): void {
    this.idsBySlug.settleSome(count);
    this.links.settleSome(count);
  }

  get unsettledIndexes(): boolean {
    return this.idsBySlug.unsettled || this.links.unsettled;
  }

  /** An older revision never replaces a newer one (same rule as the Mongo adapter). */
  putNow(doc: EventDocument): void {
    const previous = this.columns.get(doc.id);
    if (previous && previous.revision >= doc.revision) return;
    // An id filed under the same group, or the same language and slug, stays where it is (most changes keep both).
    const sameGroup = previous !== undefined && groupOf(previous) === groupOf(doc);
    const sameSlug = previous !== undefined && previous.slug === doc.slug && previous.language === doc.language;
    if (!sameGroup) this.groups.move(previous, doc);
    if (previous) {
      // Out of its partition while the columns still hold its position there.
      const listedAt = previous.hideFromListings ? undefined : this.partitions.get(previous.language, previous.status);
      listedAt?.remove(this.columns.slotOf(doc.id) as number);
      if (!sameSlug) this.idsBySlug.delete(previous.language, previous.slug, previous.id);
    }
    const slot = this.columns.set(doc);
    this.links.move(slot, previous, doc);
    this.searchWords.noteText(slot, previous?.searchText, doc.searchText);
    // Locations are shared lists: the same list as before (or none for a new event) leaves the grid as it is.
    if (previous ? previous.venueLocations !== doc.venueLocations : doc.venueLocations.length > 0)
      this.venueGrid.set(doc.id, doc.venueLocations);
    if (!doc.hideFromListings) this.partition(doc).insert(slot);
    if (!sameSlug) this.idsBySlug.add(doc.language, doc.slug, doc.id);
    this.future.track(doc);
  }

  async scheduledPublications(limit: number): Promise<readonly ScheduledPublication[]> {
    return this.future.earliest(limit);
  }

  async linking(field: LinkField, id: number): Promise<EventDocument[]> {
    return this.linkingNow(field, id);
  }

  linkingNow(field: LinkField, id: number): EventDocument[] {
    return [...this.links.linking(field, id)].map((slot) => this.columns.doc(slot));
  }

  async linkedIds(field: LinkField, filter: LinkedIdsFilter): Promise<number[]> {
    const matches = (doc: EventDocument) =>
      filter.statuses.includes(doc.status) &&
      (filter.startUtcFrom === undefined || doc.startUtc >= filter.startUtcFrom);
    const ids: number[] = [];
    for (const [linked, slots] of this.links.entries(field)) {
      for (const slot of slots) {
        if (matches(this.columns.doc(slot))) {
          ids.push(linked);
          break;
        }
      }
    }
    return ids;
  }

  async setEmbedded(id: number, embedded: EmbeddedLinks): Promise<void> {
    this.setEmbeddedNow(id, embedded);
  }

  setEmbeddedNow(id: number, embedded: EmbeddedLinks): void {
    const doc = this.columns.get(id);
    if (!doc) return;
    // In place: the same object sits in the columns and a partition, and its shape (so its hidden class) stays.
    this.heldViews.beforeChange(doc);
    const mutable = doc as { embedded: EmbeddedLinks; venueLocations: readonly VenueLocation[] };
    mutable.embedded = embedded;
    mutable.venueLocations = this.venueLocations.of(embedded.venues);
    this.venueGrid.set(id, mutable.venueLocations);
  }

  /** In process, a batch is its calls one by one. */
  async writeBatch(batch: EventWriteBatch): Promise<void> {
    for (const doc of batch.puts) this.putNow(doc);
    for (const { id, embedded } of batch.embedded) this.setEmbeddedNow(id, embedded);
  }

  /** Every document in ascending id order (the port's `documents`); synchronous, so the caller sees one state. */
  *byAscendingId(): Generator<EventDocument> {
    yield* this.columns.byAscendingId();
  }

  /** The documents in ascending id order as they are now, kept so (copy-on-write) until the view is released. */
  holdAscending(): HeldDocuments<EventDocument> {
    return this.heldViews.hold(this.columns.byAscendingId());
  }

  private partition(doc: EventDocument): StartOrderedPartition {
    let partition = this.partitions.get(doc.language, doc.status);
    if (!partition)
      this.partitions.set(
        doc.language,
        doc.status,
        (partition = new StartOrderedPartition(this.columns, this.startRanges)),
      );
    return partition;
  }
}

/** Strictly ascending ids: each document new to the collection, in the slot after the one before it. */
function inAscendingIdOrder(docs: readonly EventDocument[]): boolean {
  for (let i = 1; i < docs.length; i++)
    if ((docs[i] as EventDocument).id <= (docs[i - 1] as EventDocument).id) return false;
  return true;
}

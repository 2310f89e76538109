// In-process event documents with real indexes: per language and status a start-ordered partition; maps by id, slug,
// linked item and venue location.
import { TranslationGroupIndex, translationsOf, type Translations } from '../translationGroups.ts';
import { linkFields, type EmbeddedLinks, type EventDocument, type LinkField } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import { compareByStart, compileEventQuery } from '../events/matchesEventQuery.ts';
import type { EventCollection, LinkedIdsFilter } from '../readStore.ts';
import { StartOrderedPartition } from './startOrderedPartition.ts';
import { VenueLocationGrid } from './venueLocationGrid.ts';
import { venueLocationsOf, type VenueLocation } from '../events/venueLocations.ts';

const partitionKey = (language: string, status: string): string => `${language}|${status}`;
const slugKey = (language: string, slug: string): string => `${language}|${slug}`;
const ascending = (a: number, b: number): number => a - b;

export class MemoryEventCollection implements EventCollection {
  private readonly byId = new Map<number, EventDocument>();
  private readonly partitions = new Map<string, StartOrderedPartition>();
  private readonly bySlugKey = new Map<string, Set<number>>();
  /** Per link field: linked id → ids of the events linking it. */
  private readonly linkIndex = new Map<LinkField, Map<number, Set<number>>>(linkFields.map((f) => [f, new Map()]));
  private readonly venueGrid = new VenueLocationGrid();
  private readonly groups = new TranslationGroupIndex();

  async translationsOf(group: number): Promise<Translations> {
    return translationsOf(this.groups.ids(group).map((id) => this.byId.get(id) as EventDocument).filter((doc) => doc.status !== 'trash'));
  }

  async get(id: number): Promise<EventDocument | undefined> {
    return this.byId.get(id);
  }

  async bySlug(language: string, slug: string): Promise<EventDocument[]> {
    const ids = this.bySlugKey.get(slugKey(language, slug));
    return ids ? [...ids].map((id) => this.byId.get(id) as EventDocument) : [];
  }

  async list(query: EventListQuery): Promise<Page<EventDocument>> {
    const candidates = query.ids ?? this.indexCandidates(query);
    if (candidates) {
      const docs = [...new Set(candidates)].map((id) => this.byId.get(id));
      const matches = compileEventQuery(query);
      const found = docs.filter((d): d is EventDocument => d !== undefined && matches(d)).sort(compareByStart);
      return { items: found.slice(query.offset, query.offset + query.limit), total: found.length };
    }
    const parts = [...new Set(query.statuses)]
      .map((status) => this.partitions.get(partitionKey(query.language, status)))
      .filter((p): p is StartOrderedPartition => p !== undefined && p.size > 0);
    const total = parts.reduce((sum, p) => sum + p.count(query), 0);
    if (query.offset >= total) return { items: [], total };
    return { items: takePage(parts.map((p) => p.matching(query)), query.offset, query.limit), total };
  }

  /**
   * With a category, tag, venue or organizer filter, or a geolocation one, the events the matching index names (the
   * most selective one's) are usually far fewer than a date window holds; they are checked and sorted directly.
   * Undefined when no such filter applies or the candidates are too many to beat the start-ordered scan; a `near`
   * filter always answers from the location grid, whose cells bound the candidates to the circle's surroundings.
   */
  private indexCandidates(query: EventListQuery): number[] | undefined {
    const sources: number[][] = [];
    for (const field of linkFields) {
      const wanted = query[field];
      if (!wanted) continue;
      const index = this.linkIndex.get(field) as Map<number, Set<number>>;
      sources.push(wanted.flatMap((id) => [...(index.get(id) ?? [])]));
    }
    if (query.hasVenueCoordinates) sources.push(this.venueGrid.located());
    if (query.near) sources.push(this.venueGrid.candidates(query.near));
    const best = sources.reduce<number[] | undefined>((a, b) => (a === undefined || b.length < a.length ? b : a), undefined);
    return best && (query.near !== undefined || best.length <= Math.max(1000, this.byId.size / 4)) ? best : undefined;
  }

  /** An older revision never replaces a newer one (same rule as the Mongo adapter). */
  async put(doc: EventDocument): Promise<void> {
    const previous = this.byId.get(doc.id);
    if (previous && previous.revision >= doc.revision) return;
    this.groups.move(previous, doc);
    if (previous) {
      if (!previous.hideFromListings) this.partitions.get(partitionKey(previous.language, previous.status))?.remove(previous);
      this.bySlugKey.get(slugKey(previous.language, previous.slug))?.delete(previous.id);
      for (const field of linkFields) for (const linked of previous[field]) this.linkIndex.get(field)?.get(linked)?.delete(previous.id);
    }
    for (const field of linkFields) {
      const index = this.linkIndex.get(field) as Map<number, Set<number>>;
      for (const linked of doc[field]) {
        let events = index.get(linked);
        if (!events) index.set(linked, (events = new Set()));
        events.add(doc.id);
      }
    }
    this.byId.set(doc.id, doc);
    this.venueGrid.set(doc.id, doc.venueLocations);
    if (!doc.hideFromListings) this.partition(doc).insert(doc);
    const key = slugKey(doc.language, doc.slug);
    let ids = this.bySlugKey.get(key);
    if (!ids) this.bySlugKey.set(key, (ids = new Set()));
    ids.add(doc.id);
  }

  async linking(field: LinkField, id: number): Promise<EventDocument[]> {
    return [...(this.linkIndex.get(field)?.get(id) ?? [])].map((eventId) => this.byId.get(eventId) as EventDocument);
  }

  async linkedIds(field: LinkField, filter: LinkedIdsFilter): Promise<number[]> {
    const matches = (doc: EventDocument) =>
      filter.statuses.includes(doc.status) && (filter.startUtcFrom === undefined || doc.startUtc >= filter.startUtcFrom);
    const ids: number[] = [];
    for (const [linked, events] of this.linkIndex.get(field) ?? []) {
      for (const eventId of events) {
        if (matches(this.byId.get(eventId) as EventDocument)) {
          ids.push(linked);
          break;
        }
      }
    }
    return ids;
  }

  async setEmbedded(id: number, embedded: EmbeddedLinks): Promise<void> {
    const doc = this.byId.get(id);
    if (!doc) return;
    // In place: the same object sits in the id map and a partition, and its shape (so its hidden class) stays.
    const mutable = doc as { embedded: EmbeddedLinks; venueLocations: readonly VenueLocation[] };
    mutable.embedded = embedded;
    mutable.venueLocations = venueLocationsOf(embedded.venues);
    this.venueGrid.set(id, mutable.venueLocations);
  }

  /** Every document in ascending id order (the port's `documents`); synchronous, so the caller sees one state. */
  *byAscendingId(): Generator<EventDocument> {
    for (const id of [...this.byId.keys()].sort(ascending)) yield this.byId.get(id) as EventDocument;
  }

  private partition(doc: EventDocument): StartOrderedPartition {
    const key = partitionKey(doc.language, doc.status);
    let partition = this.partitions.get(key);
    if (!partition) this.partitions.set(key, (partition = new StartOrderedPartition()));
    return partition;
  }
}

/** Merges ordered streams of documents (one per status) and returns one page of the merged order. */
function takePage(sources: Generator<EventDocument>[], offset: number, limit: number): EventDocument[] {
  const heads = sources.map((source) => ({ source, head: source.next() }));
  const page: EventDocument[] = [];
  for (let seen = 0; page.length < limit; seen++) {
    let best: (typeof heads)[number] | undefined;
    for (const h of heads) {
      if (!h.head.done && (!best || compareByStart(h.head.value, best.head.value as EventDocument) < 0)) best = h;
    }
    if (!best) break;
    if (seen >= offset) page.push(best.head.value as EventDocument);
    best.head = best.source.next();
  }
  return page;
}

// In-process event documents with real indexes: a B+ tree ordered by (language, start, id), maps by id and slug.
import BTreeModule from 'sorted-btree';
import type { EventDocument } from '../events/eventDocument.ts';
import type { EventListQuery, Page } from '../events/eventListQuery.ts';
import { compareByStart, matchesEventQuery } from '../events/matchesEventQuery.ts';
import type { EventCollection } from '../readStore.ts';

// sorted-btree ships CommonJS marked `__esModule`: loaded as ESM its class sits on `.default`, loaded through
// require (as mocha does) the default import is the class itself.
const BTree = ((BTreeModule as unknown as { default?: unknown }).default ?? BTreeModule) as typeof BTreeModule.default;

/**
 * Key of the start-date index: language, then local start, then id, so one range scan serves a window. NUL separates
 * the parts because it sorts below every character of a date, so a shorter bound (`''`, `2025-01-01`) sorts first.
 */
const startKey = (language: string, start: string, id: number): string =>
  `${language}\u0000${start}\u0000${id.toString().padStart(16, '0')}`;
const slugKey = (language: string, slug: string): string => `${language}|${slug}`;

export class MemoryEventCollection implements EventCollection {
  private readonly byId = new Map<number, EventDocument>();
  private readonly byStart = new BTree<string, EventDocument>();
  private readonly bySlugKey = new Map<string, Set<number>>();

  async get(id: number): Promise<EventDocument | undefined> {
    return this.byId.get(id);
  }

  async bySlug(language: string, slug: string): Promise<EventDocument[]> {
    const ids = this.bySlugKey.get(slugKey(language, slug));
    return ids ? [...ids].map((id) => this.byId.get(id) as EventDocument) : [];
  }

  async list(query: EventListQuery): Promise<Page<EventDocument>> {
    const matches: EventDocument[] = [];
    let total = 0;
    const take = (doc: EventDocument) => {
      if (!matchesEventQuery(doc, query)) return;
      if (total >= query.offset && matches.length < query.limit) matches.push(doc);
      total++;
    };
    if (query.ids) {
      const docs = query.ids.map((id) => this.byId.get(id)).filter((d): d is EventDocument => d !== undefined);
      [...new Set(docs)].sort(compareByStart).forEach(take);
      return { items: matches, total };
    }
    // The scan starts at the lowest admissible start and stops past the highest, so only the window is visited.
    const low = startKey(query.language, lowestStart(query), 0);
    const high = startKey(query.language, highestStart(query), Number.MAX_SAFE_INTEGER);
    this.byStart.forRange(low, high, true, (_key, doc) => take(doc));
    return { items: matches, total };
  }

  /** An older revision never replaces a newer one (same rule as the Mongo adapter). */
  async put(doc: EventDocument): Promise<void> {
    const previous = this.byId.get(doc.id);
    if (previous && previous.revision >= doc.revision) return;
    if (previous) {
      this.byStart.delete(startKey(previous.language, previous.start, previous.id));
      this.bySlugKey.get(slugKey(previous.language, previous.slug))?.delete(previous.id);
    }
    this.byId.set(doc.id, doc);
    this.byStart.set(startKey(doc.language, doc.start, doc.id), doc);
    const key = slugKey(doc.language, doc.slug);
    let ids = this.bySlugKey.get(key);
    if (!ids) this.bySlugKey.set(key, (ids = new Set()));
    ids.add(doc.id);
  }

  get size(): number {
    return this.byId.size;
  }
}

function lowestStart(q: EventListQuery): string {
  const candidates = [q.startFrom, q.startsAfter].filter((v): v is string => v !== undefined);
  return candidates.length > 0 ? candidates.reduce((a, b) => (a > b ? a : b)) : '';
}

function highestStart(q: EventListQuery): string {
  // An event cannot start after it ends, so end bounds also bound the start.
  const candidates = [q.startsBefore, q.endUntil, q.endsBefore].filter((v): v is string => v !== undefined);
  return candidates.length > 0 ? candidates.reduce((a, b) => (a < b ? a : b)) : '\uffff';
}

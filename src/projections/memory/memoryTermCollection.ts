// In-process category or tag documents with indexes by id, language+slug, language+lower-cased name and parent.
import { translationsOf, type Translations } from '../translationGroups.ts';
import { TranslationGroupIndex } from './translationGroupIndex.ts';
import type { Taxonomy } from '../../events/catalogue/terms.ts';
import type { Page } from '../events/eventListQuery.ts';
import type { CountedTerm, TermCollection, TermListQuery, TermWriteBatch } from '../terms/termCollection.ts';
import type { TermDocument } from '../terms/termDocument.ts';
import { compareTerms, matchesTermQuery, nameKeyOf } from '../terms/matchesTermQuery.ts';
import { QueryResults } from './queryResults.ts';

const key = (language: string, value: string): string => `${language}|${value}`;

/** Adds to or removes from a set held in a map, dropping sets that become empty. */
function indexAdd<K>(index: Map<K, Set<number>>, k: K, id: number): void {
  let ids = index.get(k);
  if (!ids) index.set(k, (ids = new Set()));
  ids.add(id);
}
function indexRemove<K>(index: Map<K, Set<number>>, k: K, id: number): void {
  const ids = index.get(k);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(k);
}

export class MemoryTermCollection implements TermCollection {
  /** Deleted documents included: they keep their revision so that older events cannot bring them back. */
  private readonly documents = new Map<number, TermDocument>();
  private readonly counts = new Map<number, number>();
  /**
   * Terms whose count is marked stale: true, false once it is set again. Kept rather than deleted: every projected
   * event marks its terms and sets them again at once, and a set that shrinks and grows reallocates its table.
   */
  private readonly stale = new Map<number, boolean>();
  /** The last answer given per term: most reads find the same document and count, and take it without a new one. */
  private readonly countedTerms = new Map<number, CountedTerm>();
  private readonly groups = new TranslationGroupIndex((id) => this.documents.get(id));
  // The indexes below hold live documents only.
  private readonly byLanguage = new Map<string, Set<number>>();
  private readonly bySlugKey = new Map<string, Set<number>>();
  private readonly byNameKey = new Map<string, Set<number>>();
  private readonly byParent = new Map<number, Set<number>>();
  private readonly recentLists = new QueryResults<CountedTerm>();

  constructor(readonly taxonomy: Taxonomy) {}

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
        .map((id) => this.documents.get(id) as TermDocument)
        .filter((doc) => !doc.deleted),
    );
  }

  async get(id: number): Promise<CountedTerm | undefined> {
    return this.getNow(id);
  }

  /** `get` answered in the calling turn, for the projection target (memoryProjectionTarget.ts); so are the others. */
  getNow(id: number): CountedTerm | undefined {
    const doc = this.documents.get(id);
    return doc && !doc.deleted ? this.counted(doc) : undefined;
  }

  /** `getNow(id)?.doc`, without making the counted answer (`ProjectedTerms.document`). */
  documentNow(id: number): TermDocument | undefined {
    const doc = this.documents.get(id);
    return doc && !doc.deleted ? doc : undefined;
  }

  /** `getNow(id)?.count ?? 0` (`ProjectedTerms.count`). */
  countNow(id: number): number {
    return this.documents.get(id)?.deleted === false ? (this.counts.get(id) ?? 0) : 0;
  }

  async bySlug(language: string, slug: string): Promise<CountedTerm | undefined> {
    return this.lowest(this.bySlugKey.get(key(language, slug)));
  }

  async byName(language: string, name: string): Promise<CountedTerm | undefined> {
    return this.lowest(this.byNameKey.get(key(language, name.toLowerCase())));
  }

  async children(id: number): Promise<number[]> {
    return [...(this.byParent.get(id) ?? [])].sort((a, b) => a - b);
  }

  async descendants(id: number): Promise<number[]> {
    const found = new Set<number>();
    const pending = [id];
    while (pending.length > 0) {
      for (const child of this.byParent.get(pending.pop() as number) ?? []) {
        // A cycle cannot be written (the decider refuses it), but a walk must end even on bad data.
        if (child === id || found.has(child)) continue;
        found.add(child);
        pending.push(child);
      }
    }
    return [...found].sort((a, b) => a - b);
  }

  async list(q: TermListQuery): Promise<Page<CountedTerm>> {
    const { offset, limit, ...matching } = q;
    const matches = this.recentLists.of(JSON.stringify(matching), () =>
      [...this.candidates(q)]
        .map((id) => this.counted(this.documents.get(id) as TermDocument))
        .filter((term) => matchesTermQuery(term, q))
        .sort(compareTerms(q)),
    );
    return { items: matches.slice(offset, offset + limit), total: matches.length };
  }

  async put(doc: TermDocument): Promise<void> {
    this.putNow(doc);
  }

  putNow(doc: TermDocument): void {
    const previous = this.documents.get(doc.id);
    if (previous && previous.revision >= doc.revision) return;
    this.recentLists.forget();
    this.groups.move(previous, doc);
    if (previous && !previous.deleted) this.unindex(previous);
    this.documents.set(doc.id, doc);
    if (!doc.deleted) {
      indexAdd(this.byLanguage, doc.language, doc.id);
      indexAdd(this.bySlugKey, key(doc.language, doc.slug), doc.id);
      indexAdd(this.byNameKey, key(doc.language, nameKeyOf(doc)), doc.id);
      indexAdd(this.byParent, doc.parent, doc.id);
    }
  }

  /** Counts of terms not stored yet are ignored, as in the Mongo adapter where the count lives in the document. */
  async setCount(id: number, count: number): Promise<void> {
    this.setCountNow(id, count);
  }

  setCountNow(id: number, count: number): void {
    if (this.stale.get(id) === true) this.stale.set(id, false);
    if (!this.documents.has(id)) return;
    this.counts.set(id, count);
    this.recentLists.forget();
  }

  async markCountsStale(ids: readonly number[]): Promise<void> {
    this.markCountsStaleNow(ids);
  }

  markCountsStaleNow(ids: readonly number[]): void {
    // Deleted terms keep the count they had: no projection changes it any more, so none is marked.
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (this.documents.get(id)?.deleted === false) this.stale.set(id, true);
    }
  }

  async staleCounts(): Promise<number[]> {
    return this.staleCountsNow();
  }

  staleCountsNow(): number[] {
    const marked: number[] = [];
    for (const [id, stale] of this.stale) if (stale) marked.push(id);
    return marked;
  }

  /** In process, a batch is its calls one by one, in the port's order. */
  async writeBatch(batch: TermWriteBatch): Promise<void> {
    for (const doc of batch.puts ?? []) this.putNow(doc);
    this.markCountsStaleNow(batch.staleMarks ?? []);
    for (const { id, count } of batch.counts ?? []) this.setCountNow(id, count);
  }

  /** Every term, deleted ones included, with its count, in ascending id order (the port's `documents`). */
  *byAscendingId(): Generator<CountedTerm> {
    for (const id of [...this.documents.keys()].sort((a, b) => a - b))
      yield this.counted(this.documents.get(id) as TermDocument);
  }

  /** The smallest index that holds every match: the named ids, a parent's children, one slug, or the language. */
  private candidates(q: TermListQuery): Iterable<number> {
    const named = q.include ?? q.onlyIds;
    if (named) return new Set(named.filter((id) => this.documents.get(id)?.deleted === false));
    if (q.slug !== undefined) return this.bySlugKey.get(key(q.language, q.slug)) ?? [];
    if (q.parent !== undefined) return this.byParent.get(q.parent) ?? [];
    return this.byLanguage.get(q.language) ?? [];
  }

  private unindex(doc: TermDocument): void {
    indexRemove(this.byLanguage, doc.language, doc.id);
    indexRemove(this.bySlugKey, key(doc.language, doc.slug), doc.id);
    indexRemove(this.byNameKey, key(doc.language, nameKeyOf(doc)), doc.id);
    indexRemove(this.byParent, doc.parent, doc.id);
  }

  private lowest(ids: Set<number> | undefined): CountedTerm | undefined {
    if (!ids || ids.size === 0) return undefined;
    return this.counted(this.documents.get(Math.min(...ids)) as TermDocument);
  }

  private counted(doc: TermDocument): CountedTerm {
    const count = this.counts.get(doc.id) ?? 0;
    const last = this.countedTerms.get(doc.id);
    if (last !== undefined && last.doc === doc && last.count === count) return last;
    const counted = { doc, count };
    this.countedTerms.set(doc.id, counted);
    return counted;
  }
}

export const createMemoryTermCollection = (taxonomy: Taxonomy): MemoryTermCollection =>
  new MemoryTermCollection(taxonomy);

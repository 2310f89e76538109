// Specifies the pieces the memory event listing is built from, each against the plain meaning of a query: the compiled
// matcher, the columns, the search words and their index, the union of postings and the bounded page heap.
import { expect } from 'chai';
import fc from 'fast-check';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import {
  asksForBlankedContent,
  compileEventQuery,
  matchesEventQuery,
} from '../../src/projections/events/matchesEventQuery.ts';
import { isLockedFor } from '../../src/projections/listLocks.ts';
import { EventColumns } from '../../src/projections/memory/eventColumns.ts';
import { unionOf } from '../../src/projections/memory/eventCandidates.ts';
import { EarliestFirst } from '../../src/projections/memory/earliestFirst.ts';
import { SearchWordIndex } from '../../src/projections/memory/searchWordIndex.ts';
import { SearchWords } from '../../src/projections/memory/searchWords.ts';
import { SlotMarks } from '../../src/projections/memory/slotMarks.ts';
import { documentFields, documentOf, query, searchTerm, text } from './eventQueryArbitraries.ts';

const searchWords = new SearchWords();
const wordsOf = (value: string): string[] => searchWords.wordsOf(value);

/** Documents with distinct ids, and the texts they hold (for search terms cut from them). */
const documents = fc
  .uniqueArray(documentFields, { selector: (f) => f.id, minLength: 1, maxLength: 24 })
  .map((fields) => fields.map((f, i) => documentOf(f, i + 1)));
const textsOf = (docs: readonly EventDocument[]) => docs.flatMap((d) => [d.title, d.excerpt, d.description]);
const documentsAndQuery = documents.chain((docs) => fc.tuple(fc.constant(docs), query(textsOf(docs))));

function columnsOf(docs: readonly EventDocument[]): EventColumns {
  const columns = new EventColumns();
  for (const doc of docs) columns.set(doc);
  return columns;
}

/** Visits of a walk, in order. */
function visited(walk: (visit: (slot: number) => void) => void): number[] {
  const slots: number[] = [];
  walk((slot) => slots.push(slot));
  return slots;
}

describe('Memory event listing pieces', () => {
  it('compiles a query to the same meaning as matchesEventQuery', () => {
    fc.assert(
      fc.property(documentsAndQuery, ([docs, q]) => {
        const compiled = compileEventQuery(q);
        for (const doc of docs) expect(compiled(doc), `document ${doc.id}`).to.equal(matchesEventQuery(doc, q));
      }),
      { seed: 3, numRuns: 1000 },
    );
  });

  it('decides language, status, hiding, dates, featured and password protection on the columns alone', () => {
    fc.assert(
      fc.property(documentsAndQuery, ([docs, q]) => {
        const columns = columnsOf(docs);
        const admits = columns.admits(q);
        const columnPart: EventListQuery = {
          language: q.language,
          statuses: q.statuses,
          offset: q.offset,
          limit: q.limit,
          ...Object.fromEntries(
            (
              [
                'startFrom',
                'endUntil',
                'startsBefore',
                'startsAfter',
                'endsBefore',
                'endsAfter',
                'featured',
                'locks',
                'onlyProtected',
              ] as const
            )
              .filter((k) => q[k] !== undefined)
              .map((k) => [k, q[k]]),
          ),
        };
        // A locked document fails every condition on blanked content, which the columns know of without deciding it.
        const lockedOut = (doc: EventDocument) => isLockedFor(doc, q.locks) && asksForBlankedContent(q);
        for (const doc of docs) {
          expect(admits(columns.slotOf(doc.id) as number), `document ${doc.id}`).to.equal(
            matchesEventQuery(doc, columnPart) && !lockedOut(doc),
          );
        }
      }),
      { seed: 4, numRuns: 1000 },
    );
  });

  it('keeps a document in its slot when it changes, and orders slots as compareByStart orders documents', () => {
    const columns = new EventColumns();
    const first = columns.set(documentOf({ ...sampleFields, id: 5 }, 1));
    const second = columns.set(documentOf({ ...sampleFields, id: 3 }, 1));
    expect(columns.set(documentOf({ ...sampleFields, id: 5, dates: [4, 4] }, 2))).to.equal(first);
    expect(columns.get(5)?.revision).to.equal(2);
    expect(columns.compare(second, first)).to.be.lessThan(0);
    expect(columns.byAscendingId().map((d) => d.id)).to.deep.equal([3, 5]);
  });

  describe('search words', () => {
    it('are the maximal runs of letters and digits, astral ones included', () => {
      expect(wordsOf('jazz,night')).to.deep.equal(['jazz', 'night']);
      expect(wordsOf('x-ray\u0000c++ 42')).to.deep.equal(['x', 'ray', 'c', '42']);
      expect(wordsOf('東京の夜 😀 𝒜lpha')).to.deep.equal(['東京の夜', '𝒜lpha']);
      expect(wordsOf('a\ud835b')).to.deep.equal(['a', 'b']);
      expect(wordsOf('..."')).to.deep.equal([]);
    });

    it('of a term lie each inside one word of any text containing the term', () => {
      fc.assert(
        fc.property(text, fc.nat(), fc.integer({ min: 1, max: 8 }), (t, from, length) => {
          const lower = t.toLowerCase();
          const term = lower.slice(from % (lower.length + 1), (from % (lower.length + 1)) + length);
          const textWords = wordsOf(lower);
          for (const word of wordsOf(term))
            expect(
              textWords.some((w) => w.includes(word)),
              word,
            ).to.equal(true);
        }),
        { seed: 5, numRuns: 2000 },
      );
    });
  });

  describe('search word index', () => {
    const documentsAndTerms = documents.chain((docs) =>
      fc.tuple(
        fc.constant(docs),
        fc.array(searchTerm(textsOf(docs)), { minLength: 1, maxLength: 3 }),
        fc.array(documentFields, { maxLength: 8 }),
      ),
    );

    it(
      'names every document holding the terms once, and only those when it decides them, before ' + 'and after changes',
      () => {
        fc.assert(
          fc.property(documentsAndTerms, ([docs, terms, changes]) => {
            const columns = columnsOf(docs);
            const index = new SearchWordIndex(columns, new SlotMarks());
            const expectCandidates = () => {
              const holding = [...Array(columns.size).keys()].filter((slot) =>
                terms.every((t) => columns.doc(slot).searchText.includes(t)),
              );
              const candidates = index.candidates(terms);
              if (!candidates) {
                expect(
                  terms.every((t) => wordsOf(t).length === 0),
                  'no word, no pre-filter',
                ).to.equal(true);
                return;
              }
              const slots = visited((visit) => candidates.forEachSlot(visit));
              expect(new Set(slots).size, 'each once').to.equal(slots.length);
              expect(slots.length).to.be.at.most(candidates.size);
              expect(slots).to.include.members(holding);
              if (candidates.decides === 'searchTerms') expect([...slots].sort((a, b) => a - b)).to.deep.equal(holding);
            };
            expectCandidates();
            for (const [i, fields] of changes.entries()) {
              const previous = columns.get(fields.id);
              const doc = documentOf(fields, 100 + i);
              const slot = columns.set(doc);
              index.noteText(slot, previous?.searchText, doc.searchText);
            }
            expectCandidates();
          }),
          { seed: 6, numRuns: 1000 },
        );
      },
    );

    it('decides a term that is one whole word run, and leaves a term with punctuation to the caller', () => {
      const columns = columnsOf([documentOf({ ...sampleFields, id: 1, title: 'jazz, night' }, 1)]);
      const index = new SearchWordIndex(columns, new SlotMarks());
      expect(index.candidates(['jazz'])?.decides).to.equal('searchTerms');
      expect(index.candidates(['jazz,'])?.decides).to.equal(undefined);
      expect(index.candidates(['...'])).to.equal(undefined);
    });
  });

  it('visits a document in several postings of a union once', () => {
    const candidates = unionOf(
      [
        { slots: [1, 2, 3], from: 0, to: 3 },
        { slots: [9, 3, 4], from: 1, to: 3 },
        { slots: [1, 5, 9], from: 0, to: 2 },
      ],
      'categories',
      new SlotMarks(),
      10,
    );
    expect(candidates.size).to.equal(7);
    expect(visited((visit) => candidates.forEachSlot(visit)).sort()).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('keeps the first k items of a stream in order, as a sort would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.nat({ max: 12 }), (items, k) => {
        const earliest = new EarliestFirst(k, (a: number, b: number) => a - b);
        for (const item of items) earliest.offer(item);
        expect(earliest.inOrder()).to.deep.equal([...items].sort((a, b) => a - b).slice(0, k));
      }),
      { seed: 8, numRuns: 500 },
    );
  });
});

const sampleFields = {
  id: 1,
  dates: [0, 1] as [number, number],
  language: 'en' as const,
  status: 'publish' as const,
  hideFromListings: false,
  featured: false,
  passwordHash: null,
  categories: [],
  tags: [],
  venues: [],
  organizers: [],
  title: '',
  excerpt: '',
  description: '',
  spot: undefined,
};

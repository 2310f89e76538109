// Specifies the search text of event documents: the lower-cased title, excerpt and description joined by NUL, the same
// string as lower-casing each field (context-dependent mappings such as the Greek final sigma included), and the
// previous document's own string while those three fields stay as they were.
import { expect } from 'chai';
import fc from 'fast-check';
import { projectEvent, searchTextAfter } from '../../../src/projections/events/eventProjector.ts';
import type { EventDocument } from '../../../src/projections/events/eventDocument.ts';
import { testMemos } from '../../support/memos.ts';
import { someEventFacts } from '../../support/eventFacts.ts';

const fieldByField = (title: string, excerpt: string, description: string): string =>
  [title, excerpt, description].map((field) => field.toLowerCase()).join('\u0000');

/** Text with the letters whose lower case depends on their neighbours, and the separator itself. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom('Σ', 'ΟΔΟΣ', 'σ', 'İ', 'I', 'ẞ', ' ', '.', "'", '\u0000', '\u0301', 'A') }),
);

const scheduled = (title: string, excerpt: string, description: string): EventDocument => {
  const doc = projectEvent(
    undefined,
    { type: 'EventScheduled', data: { id: 7, facts: someEventFacts({ title, excerpt, description }) } },
    { revision: 0, occurredUtc: '2026-01-10 12:00:00' },
    testMemos,
  );
  return doc ?? expect.fail('expected a document');
};

describe('event search text', () => {
  it('is each field lower-cased, joined by NUL, for any text', () => {
    fc.assert(
      fc.property(text, text, text, (title, excerpt, description) => {
        const facts = someEventFacts({ title, excerpt, description });
        expect(searchTextAfter(facts, undefined)).to.equal(fieldByField(title, excerpt, description));
      }),
      { numRuns: 500 },
    );
  });

  it('ends a word in a final sigma at the end of each field, as each field alone does', () => {
    const facts = someEventFacts({ title: 'ΟΔΟΣ', excerpt: 'ΣΑΣ', description: 'Σ' });
    expect(searchTextAfter(facts, undefined)).to.equal('οδος\u0000σας\u0000σ');
  });

  it('is the previous document string while title, excerpt and description are unchanged, a new one after', () => {
    const previous = scheduled('Jazz Night', 'Live MUSIC', '<p>Bring Friends</p>');
    const kept = searchTextAfter({ ...previous, featured: !previous.featured, status: 'draft' }, previous);
    expect(kept).to.equal(previous.searchText);
    const changed = searchTextAfter({ ...previous, excerpt: 'Live music tonight' }, previous);
    expect(changed).to.equal('jazz night\u0000live music tonight\u0000<p>bring friends</p>');
  });
});

// Specifies the start ranges an event collection shares between its start-ordered lists: the window of a list is
// exactly the entries whose start the query's start bounds admit (end bounds included: an event cannot start after
// it ends), however many lists of whatever length one query is looked up in.
import { expect } from 'chai';
import fc from 'fast-check';
import { wallClockSeconds } from '../../src/domain/localDateTime.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { StartRanges } from '../../src/projections/memory/startWindow.ts';

const day = fc.integer({ min: 1, max: 9 }).map((d) => `2026-05-0${d} 12:00:00`);
const bound = fc.option(day, { nil: undefined });
const bounds = fc.record({
  startFrom: bound,
  startsAfter: bound,
  startsBefore: bound,
  endsBefore: bound,
  endUntil: bound,
});

function admits(q: EventListQuery, start: string): boolean {
  const below = (limit: string | undefined, inclusive: boolean) =>
    limit === undefined || (inclusive ? start <= limit : start < limit);
  const above = (limit: string | undefined, inclusive: boolean) =>
    limit === undefined || (inclusive ? start >= limit : start > limit);
  return (
    above(q.startFrom, true) &&
    above(q.startsAfter, false) &&
    below(q.startsBefore, false) &&
    below(q.endsBefore, false) &&
    below(q.endUntil, true)
  );
}

describe('StartRanges', () => {
  it('windows each start-ordered list to the starts the bounds admit, one query across many lists', () => {
    fc.assert(
      fc.property(bounds, fc.array(fc.array(day, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (b, lists) => {
        const ranges = new StartRanges();
        const q: EventListQuery = { language: 'en', statuses: ['publish'], offset: 0, limit: 10, ...b };
        for (const list of lists) {
          const starts = [...list].sort();
          const [from, to] = ranges.window(q, starts.length, (i) => wallClockSeconds(starts[i] as string));
          const admitted = starts.filter((start) => admits(q, start));
          expect(starts.slice(from, to)).to.deep.equal(admitted);
        }
      }),
      { numRuns: 500 },
    );
  });
});

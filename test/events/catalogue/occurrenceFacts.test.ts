// The facts of one occurrence (docs/api.md §20.2, §20.3): the series' facts on the occurrence's own dates and slug,
// its exception over them, and the trash of the series over everything.
import { expect } from 'chai';
import { occurrenceFactsOf } from '../../../src/events/catalogue/occurrenceFacts.ts';
import { testZones } from '../../support/memos.ts';
import { someEventFacts } from '../../support/eventFacts.ts';

const series = someEventFacts({
  publishedUtc: '2026-11-01 10:00:00',
  timezone: 'Europe/Madrid',
  start: '2026-03-22 19:00:00',
  end: '2026-03-22 21:30:00',
  startUtc: '2026-03-22 18:00:00',
  endUtc: '2026-03-22 20:30:00',
  categories: [3],
});
const occurrence = { id: 8, slug: 'choir-2026-03-29', originalStart: '2026-03-29 19:00:00' };

describe('occurrenceFactsOf', () => {
  it('moves the series to the original start, as long as the first, on the wall clock across a DST change', () => {
    expect(occurrenceFactsOf(series, occurrence, undefined, testZones)).to.deep.equal({
      ...series,
      slug: 'choir-2026-03-29',
      start: '2026-03-29 19:00:00',
      end: '2026-03-29 21:30:00',
      startUtc: '2026-03-29 17:00:00',
      endUtc: '2026-03-29 19:30:00',
    });
  });

  it('lays the exception over the series, the rest following the series', () => {
    const facts = occurrenceFactsOf({ ...series, excerpt: 'New' }, occurrence, { title: 'Guests' }, testZones);
    expect(facts).to.include({ title: 'Guests', excerpt: 'New', start: '2026-03-29 19:00:00' });
  });

  it('trashes every occurrence of a trashed series, exceptions included', () => {
    const facts = occurrenceFactsOf({ ...series, status: 'trash' }, occurrence, { status: 'publish' }, testZones);
    expect(facts).to.include({ status: 'trash', slug: 'choir-2026-03-29__trashed' });
  });
});

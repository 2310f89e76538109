// The benchmark's data set: valid events only, three languages in translation groups, links within a language, three
// years of dates, a three-level category hierarchy, a rare search word, drafts last, and a seed that stops where told.
import { expect } from 'chai';
import { catalogue } from '../../src/events/catalogue/index.ts';
import type { CatalogueEntry } from '../../src/events/catalogue/envelope.ts';
import type { DomainEvent } from '../../src/events/catalogue/index.ts';
import type { Language } from '../../src/events/catalogue/values.ts';
import { seed, seedItems } from '../../bench/seed.ts';
import { layoutOf, quickShape, type SeedShape } from '../../bench/seedShape.ts';
import { searchWord } from '../../bench/seedLanguages.ts';
import { openTempStore } from '../support/tempStore.ts';

const now = new Date('2026-11-22T10:52:28Z');
const shape: SeedShape = quickShape;
const items = [...seedItems(shape, layoutOf(shape), now)];
const created = <T extends DomainEvent['type']>(type: T) =>
  items.map(([, event]) => event).filter((event): event is Extract<DomainEvent, { type: T }> => event.type === type);

const layout = layoutOf(shape);
/** The single events; the series items come after them (bench/seedSeries.ts). */
const events = created('EventScheduled').filter((event) => event.data.id < layout.firstSeries);
const languageOf = new Map<string, Language>();
for (const event of created('CategoryCreated')) languageOf.set(`category-${event.data.id}`, event.data.facts.language);
for (const event of created('TagCreated')) languageOf.set(`tag-${event.data.id}`, event.data.facts.language);
for (const event of created('VenueRegistered')) languageOf.set(`venue-${event.data.id}`, event.data.facts.language);
for (const event of created('OrganizerRegistered'))
  languageOf.set(`organizer-${event.data.id}`, event.data.facts.language);
for (const event of events) languageOf.set(`event-${event.data.id}`, event.data.facts.language);

describe('bench seed: the data set', () => {
  it('writes only events the catalogue accepts, with the shape asked for', () => {
    for (const [, event] of items) {
      const entry = (catalogue as Record<string, CatalogueEntry>)[event.type];
      expect(entry?.codec.is(event), event.type).to.equal(true);
    }
    expect(events).to.have.length(shape.events);
    expect(created('VenueRegistered')).to.have.length(shape.venues);
    expect(created('OrganizerRegistered')).to.have.length(shape.organizers);
    expect(created('CategoryCreated')).to.have.length(shape.categories);
    expect(created('TagCreated')).to.have.length(shape.tags);
    expect(created('EventDetailsChanged').length).to.be.within(shape.events * 0.15, shape.events * 0.25);
  });

  it(
    'splits every kind into English (half), Spanish and Catalan (a quarter each), translations ' +
      'pointing at English roots',
    () => {
      const counts = { en: 0, es: 0, ca: 0 };
      for (const event of events) {
        counts[event.data.facts.language]++;
        if (event.data.facts.language === 'en') expect(event.data.translationOf).to.equal(undefined);
        else expect(languageOf.get(`event-${event.data.translationOf}`)).to.equal('en');
      }
      expect(counts).to.deep.equal({ en: shape.events / 2, es: shape.events / 4, ca: shape.events / 4 });
      const venueLanguages = new Set(created('VenueRegistered').map((venue) => venue.data.facts.language));
      expect([...venueLanguages].sort()).to.deep.equal(['ca', 'en', 'es']);
    },
  );

  it('links events only to venues, organizers, categories and tags of their own language', () => {
    for (const { data } of events) {
      const { language } = data.facts;
      const links = [
        ...data.facts.venues.map((id) => `venue-${id}`),
        ...data.facts.organizers.map((id) => `organizer-${id}`),
        ...data.facts.categories.map((id) => `category-${id}`),
        ...data.facts.tags.map((id) => `tag-${id}`),
      ];
      expect(links.length).to.be.at.least(4);
      for (const link of links) expect(languageOf.get(link), `${link} of event ${data.id}`).to.equal(language);
    }
  });

  it('spreads events over three years: one back and two ahead, every year populated', () => {
    const day = 86_400_000;
    const starts = events.map((event) => Date.parse(`${event.data.facts.startUtc.replace(' ', 'T')}Z`));
    expect(Math.min(...starts)).to.be.at.least(now.getTime() - 367 * day);
    expect(Math.max(...starts)).to.be.below(now.getTime() + 732 * day);
    for (const [from, to] of [
      [-365, 0],
      [0, 365],
      [365, 730],
    ] as const) {
      const inYear = starts.filter(
        (start) => start >= now.getTime() + from * day && start < now.getTime() + to * day,
      ).length;
      expect(inYear, `events ${from}..${to} days from now`).to.be.above(shape.events / 5);
    }
    const zones = new Set(events.map((event) => event.data.facts.timezone));
    expect([...zones].sort()).to.deep.equal(['America/New_York', 'Europe/Madrid', 'UTC']);
  });

  it('builds a three-level category hierarchy whose parents share their child language', () => {
    const parents = new Map(
      created('CategoryCreated').map((category) => [category.data.id, category.data.facts.parent]),
    );
    const depth = (id: number): number => (parents.get(id) === 0 ? 1 : 1 + depth(parents.get(id) as number));
    const depths = new Set([...parents.keys()].map(depth));
    expect([...depths].sort()).to.deep.equal([1, 2, 3]);
    for (const [id, parent] of parents)
      if (parent !== 0) expect(languageOf.get(`category-${parent}`)).to.equal(languageOf.get(`category-${id}`));
  });

  it(`puts "${searchWord}" in about 1% of titles, in every language, and in no other name`, () => {
    const marked = events.filter((event) => event.data.facts.title.toLowerCase().includes(searchWord));
    expect(marked.length).to.be.within(shape.events * 0.005, shape.events * 0.015);
    expect(new Set(marked.map((event) => event.data.facts.language)).size).to.equal(3);
    for (const [, event] of items) {
      if (event.type !== 'EventScheduled' && event.type !== 'EventDetailsChanged')
        expect(JSON.stringify(event.data)).not.to.include(searchWord);
    }
  });

  it('keeps drafts together after the published events, so reads by id can walk the published ones', () => {
    for (const { data } of events) {
      expect(data.facts.status, `event ${data.id}`).to.equal(
        data.id < layout.firstEvent + layout.publishedEvents ? 'publish' : 'draft',
      );
    }
    expect(layout.publishedEvents).to.be.below(shape.events);
  });

  it('plans weekly series: one of 1,000 occurrences and the short ones, ids and slugs claimed, none shared', () => {
    const series = created('EventRecurrenceSet');
    const { series: seriesShape } = shape;
    expect(series.map((set) => set.data.occurrences.length + 1)).to.deep.equal([
      seriesShape?.longOccurrences,
      ...Array.from({ length: seriesShape?.shortSeries ?? 0 }, () => seriesShape?.shortOccurrences),
    ]);
    const ids = series.flatMap((set) => [set.data.id, ...set.data.occurrences.map((o) => o.id)]);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(Math.min(...ids)).to.equal(layout.firstSeries);
    expect(Math.max(...ids)).to.equal(layout.lastPost);
    const claimed = new Set(items.filter(([, e]) => e.type === 'SlugReserved').map(([stream]) => stream));
    const [long] = series;
    for (const occurrence of long?.data.occurrences ?? [])
      expect(claimed.has(`slug-event-en-${occurrence.slug}`), occurrence.slug).to.equal(true);
    // Weekly on the wall clock: 19:00 every seven days, across the daylight-saving changes.
    const starts = (long?.data.occurrences ?? []).map((o) => o.originalStart);
    expect(starts.every((start) => start.endsWith(' 19:00:00'))).to.equal(true);
    const days = starts.map((start) => Date.parse(`${start.slice(0, 10)}T00:00:00Z`) / 86_400_000);
    expect(days.slice(1).every((day, i) => day - (days[i] as number) === 7)).to.equal(true);
  });

  it('refuses a shape the runs of four languages cannot split evenly', () => {
    expect(() => layoutOf({ ...shape, venues: 42 })).to.throw(RangeError, /venues/);
  });

  it('appends everything, or stops after the number of store events asked for', async () => {
    const small: SeedShape = { events: 40, venues: 8, organizers: 8, categories: 12, tags: 8 };
    for (const limit of [Infinity, 50]) {
      const temp = await openTempStore();
      try {
        const result = await seed(temp.store, small, now, limit);
        const all = [...seedItems(small, layoutOf(small), now)];
        expect(result.storeEvents).to.equal(Math.min(limit, all.length));
        expect(await temp.store.headPosition()).to.equal(BigInt(result.storeEvents - 1));
        expect(result.calendarEvents).to.equal(
          limit === Infinity ? small.events : all.slice(0, limit).filter(([, e]) => e.type === 'EventScheduled').length,
        );
      } finally {
        await temp.dispose();
      }
    }
  });
});

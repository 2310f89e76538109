// The event's own text written from its document (eventText.ts) against the object path it replaced, which stays the
// oracle: JSON.stringify of eventRepresentation without linked items (list fragments, write answers), and the single
// read's body with `json_ld` written script-safe (docs/api.md §4.1, §4.6). Byte for byte, for random documents of
// every shape, every seeded document (series items and occurrences among them), and named hard cases, in every
// address variant (no language segment, /ca, /en, /es) and three site time zones.
import { expect } from 'chai';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from '../../../bench/seed.ts';
import { layoutOf, quickShape } from '../../../bench/seedShape.ts';
import { openLmdbEventStore } from '../../../src/events/embedded/lmdbEventStore.ts';
import { noEmbeddedLinks, type EventDocument } from '../../../src/projections/events/eventDocument.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../../src/projections/replay.ts';
import {
  eventRepresentation,
  eventWithJsonLd,
  type LinkedRendering,
} from '../../../src/http/representation/eventRepresentation.ts';
import { eventJsonLdText, eventOwnText } from '../../../src/http/representation/eventText.ts';
import { stringifyBody } from '../../../src/http/representation/jsonLdText.ts';
import { siteSettings, type SiteSettings } from '../../../src/http/representation/site.ts';
import { anEventDocument } from '../../projections/eventDocumentFixtures.ts';
import { testMemos, testProjections, testZones } from '../../support/memos.ts';

/** The linked members as the object path writes them for an event with none (`noEmbeddedLinks`). */
const linkedMembers = ',"categories":[],"tags":[],"venue":[],"organizer":[]';

/** The documents compared carry no linked items, so nothing here is ever asked for. */
const noLinkedItems: LinkedRendering = {
  venue: () => {
    throw new Error('no venue is linked');
  },
  organizer: () => {
    throw new Error('no organizer is linked');
  },
  venueJsonLd: () => undefined,
  organizerJsonLd: () => undefined,
  termCount: () => {
    throw new Error('no term is linked');
  },
};

const settingsIn = (timeZone: string, base = 'http://localhost:8080'): SiteSettings =>
  siteSettings({
    base,
    timeZone,
    currency: { symbol: '€', position: 'postfix', code: 'EUR' },
    extendedAddOn: false,
    zones: testZones,
  });

const sites = [
  settingsIn('UTC'),
  settingsIn('Europe/Madrid', 'https://cal.example.org/agenda'),
  settingsIn('Asia/Kolkata'),
];

/** Compares both renderings of `doc` in every address variant of `settings`; the message names the first difference. */
function expectSameText(doc: EventDocument, settings: SiteSettings): void {
  const bare = { ...doc, embedded: noEmbeddedLinks };
  for (const addresses of Object.values(settings.addresses)) {
    const own = eventOwnText(bare, settings, addresses);
    const listObject = JSON.stringify(eventRepresentation(bare, settings, addresses, noLinkedItems));
    expect(`${own.head}${linkedMembers}${own.middle}${own.closing}{}}`, `list text of ${doc.id}`).to.equal(listObject);
    const { jsonLdHead, jsonLdTail } = eventJsonLdText(bare, settings, own);
    const single = `${own.head}${linkedMembers}${own.middle}${jsonLdHead}${jsonLdTail}${own.closing}{}}`;
    const singleObject = stringifyBody(eventWithJsonLd(bare, settings, addresses, noLinkedItems));
    expect(single, `single text of ${doc.id}`).to.equal(singleObject);
  }
}

/** Text that JSON or an HTML script element treats specially. */
const awkward = [
  '</script><script>alert(1)</script>',
  'line\u2028separator\u2029paragraph',
  '"quotes" and \\backslashes\\ and /slashes/',
  'tab\tnew\nline\r\u0000\u001f\u007f',
  'emoji 🎉🎶 ünïcødé 日本語',
  'lone \ud800 surrogate \udc00',
  '<p>First</p>\n\n<p>Second &amp; <b>bold</b></p>',
  "&lt;escaped&gt; ' apostrophe",
  ',"categories":[],"tags":[],"venue":[],"organizer":[] ,"language":"x","translations":{}}',
  '',
  '   ',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...awkward),
  fc.array(fc.constantFrom(...awkward, 'word', ' ', '\n\n', '<br>'), { maxLength: 8 }).map((parts) => parts.join('')),
);

const localDateTime = fc
  .date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 19).replace('T', ' '));

const costEntry = fc.oneof(
  fc.constantFrom('10', '0', 'Free', '$5', '5€', '10 – 25 €', '12.50', 'donation', '£3 - £7', '1,000'),
  text,
);

const imageUrl = fc.oneof(
  fc.constantFrom(
    'https://img.example/a/poster.jpg',
    'https://img.example/noext',
    'https://img.example/x.png?size=2#top',
    'https://img.example/dir.d/',
    'http://img.example/</script>.gif',
  ),
  text,
);

const series = fc.record({
  recurrence: fc.option(fc.array(fc.constantFrom('RRULE:FREQ=WEEKLY;COUNT=8', 'EXDATE:20261208T190000', 'x"y'))),
  recurringEventId: fc.nat(),
  originalStart: fc.option(localDateTime),
});

const eventDocument = fc
  .record({
    id: fc.nat(),
    language: fc.constantFrom('ca' as const, 'en' as const, 'es' as const),
    author: fc.oneof(fc.constantFrom('1', '42'), text),
    status: fc.constantFrom(...(['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const)),
    publishedUtc: localDateTime,
    modifiedUtc: localDateTime,
    title: text,
    description: text,
    excerpt: text,
    slug: fc.oneof(fc.constantFrom('', 'a-slug', 'ünï'), text),
    timezone: fc.constantFrom('UTC', 'Europe/Madrid', 'America/New_York', 'Asia/Kolkata'),
    timezoneAbbr: fc.constantFrom('UTC', 'CET', 'EST', '+0530'),
    allDay: fc.boolean(),
    start: localDateTime,
    end: localDateTime,
    startUtc: localDateTime,
    endUtc: localDateTime,
    cost: fc.option(fc.record({ entries: fc.array(costEntry, { minLength: 1, maxLength: 3 }) })),
    website: fc.option(text),
    booleans: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    image: fc.option(fc.record({ id: fc.nat(), url: imageUrl })),
    series: fc.option(series),
  })
  .map(({ booleans, series: inSeries, ...facts }) => {
    const [showMap, showMapLink, hideFromListings, sticky, featured] = booleans as [boolean, ...boolean[]];
    const seriesKeys = inSeries
      ? {
          recurringEventId: inSeries.recurringEventId,
          ...(inSeries.recurrence ? { recurrence: inSeries.recurrence } : {}),
          ...(inSeries.originalStart ? { originalStart: inSeries.originalStart } : {}),
        }
      : {};
    const flags = { showMap, showMapLink, hideFromListings, sticky, featured } as Record<string, boolean>;
    return anEventDocument({ ...facts, ...flags, ...seriesKeys });
  });

describe('an event written as text equals its object rendering', function () {
  this.timeout(120_000);

  it('for random documents of every shape, in every address variant and site zone', () => {
    fc.assert(
      fc.property(eventDocument, fc.constantFrom(...sites), (doc, settings) => expectSameText(doc, settings)),
      { numRuns: 600 },
    );
  });

  it('for the named hard cases of every text member', () => {
    for (const [index, value] of awkward.entries())
      for (const settings of sites)
        expectSameText(
          anEventDocument({
            id: index,
            title: value,
            description: value,
            excerpt: value,
            slug: value,
            author: value,
            website: value,
            timezoneAbbr: value,
            cost: { entries: [value] },
            image: { id: index, url: `https://img.example/${value}.jpg` },
            recurringEventId: index,
            recurrence: [value],
          }),
          settings,
        );
  });

  it('for empty and missing optional members: no image, cost, website, excerpt, nor series keys', () => {
    const plain = anEventDocument({ excerpt: '', description: '', cost: null, website: null, image: null });
    for (const settings of sites) expectSameText(plain, settings);
    const item = anEventDocument({ recurringEventId: 1 });
    for (const settings of sites) expectSameText(item, settings);
  });

  it('for all-day and multi-day events, whose `json_ld` dates fall on both sides of a zone change', () => {
    const allDay = { allDay: true, start: '2026-03-29 00:00:00', end: '2026-03-29 23:59:59' };
    const multiDay = { start: '2026-10-24 22:00:00', end: '2026-10-26 03:30:00', timezone: 'Europe/Madrid' };
    for (const settings of sites) {
      expectSameText(anEventDocument({ ...allDay, timezone: 'Europe/Madrid' }), settings);
      expectSameText(anEventDocument(multiDay), settings);
    }
  });

  it('for every document of the bench seed, series items and occurrences (images: the random ones)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cal-event-text-'));
    try {
      const store = await openLmdbEventStore(join(dir, 'events'));
      await seed(store, quickShape, new Date('2026-11-22T10:52:28Z'));
      const readStore = createMemoryReadStore(testMemos);
      await replayInto(store, readStore, { handlers: testProjections });
      await store.close();
      const now = readStore.readsNow;
      if (!now) throw new Error('the memory read model answers in the calling turn');
      const kinds = { series: 0, occurrences: 0, costs: 0, multiDay: 0, allDay: 0, all: 0 };
      for (let id = 1; id <= layoutOf(quickShape).lastPost; id++) {
        const doc = now.events.get(id);
        if (!doc) continue;
        kinds.all++;
        if (doc.recurringEventId === doc.id) kinds.series++;
        else if (doc.recurringEventId !== undefined) kinds.occurrences++;
        if (doc.allDay) kinds.allDay++;
        if (doc.start.slice(0, 10) !== doc.end.slice(0, 10)) kinds.multiDay++;
        if (doc.cost) kinds.costs++;
        for (const settings of sites) expectSameText(doc, settings);
      }
      expect(kinds.all).to.be.greaterThan(4_000);
      for (const [kind, count] of Object.entries(kinds)) expect(count, kind).to.be.greaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Specification of the event projector: given domain events (with revision and time) → the projected read-model
// document.
import { expect } from 'chai';
import { projectionSpecification } from '../../support/specification.ts';
import { projectEvent, type Applied } from '../../../src/projections/events/eventProjector.ts';
import type { EventDocument } from '../../../src/projections/events/eventDocument.ts';
import type { CalendarEventEvent, EventChanges, EventFacts } from '../../../src/events/catalogue/calendarEvents.ts';
import { noEmbeddedLinks } from '../../../src/projections/events/eventDocument.ts';
import { wallClockSeconds } from '../../../src/domain/localDateTime.ts';
import { testMemos } from '../../support/memos.ts';

const facts: EventFacts = {
  language: 'en',
  author: '1',
  status: 'publish',
  publishedUtc: '2025-11-01 08:00:00',
  title: 'Jazz Night',
  description: '<p>Bring Friends</p>',
  excerpt: 'Live MUSIC',
  slug: 'jazz-night',
  timezone: 'America/New_York',
  allDay: false,
  start: '2025-11-20 14:00:00',
  end: '2025-11-20 16:00:00',
  startUtc: '2025-11-20 19:00:00',
  endUtc: '2025-11-20 21:00:00',
  cost: { entries: ['10'] },
  website: null,
  showMap: true,
  showMapLink: false,
  hideFromListings: false,
  sticky: false,
  featured: false,
  image: { id: 12, url: 'https://example.com/jazz.png' },
  categories: [3],
  tags: [4, 5],
  venues: [8],
  organizers: [9],
  passwordHash: null,
};

const scheduled: CalendarEventEvent = { type: 'EventScheduled', data: { id: 7, facts } };
const changed = (changes: EventChanges): CalendarEventEvent => ({
  type: 'EventDetailsChanged',
  data: { id: 7, changes },
});
const trashed: CalendarEventEvent = {
  type: 'EventTrashed',
  data: { id: 7, previousStatus: 'publish', slug: 'jazz-night__trashed' },
};
const at = (revision: number, occurredUtc: string): Applied => ({ revision, occurredUtc });

/** Folds events, each with where and when it was recorded, from no document. */
const { given } = projectionSpecification(
  (doc: EventDocument | undefined, event: CalendarEventEvent, applied: Applied) =>
    projectEvent(doc, event, applied, testMemos),
);

function projected(doc: EventDocument | undefined): EventDocument {
  if (doc === undefined) return expect.fail('expected a document');
  return doc;
}

const atScheduling = at(0, '2025-11-10 12:00:00');

describe('projectEvent', () => {
  it('creates the full document from EventScheduled', () => {
    given([scheduled, atScheduling]).then({
      ...facts,
      id: 7,
      revision: 0,
      modifiedUtc: '2025-11-10 12:00:00',
      timezoneAbbr: 'EST',
      startKey: wallClockSeconds(facts.start),
      endKey: wallClockSeconds(facts.end),
      statusBeforeTrash: null,
      embedded: noEmbeddedLinks,
      venueLocations: [],
      searchText: 'jazz night\u0000live music\u0000<p>bring friends</p>',
      translationGroup: 7,
    });
  });

  it('merges EventDetailsChanged, moving the revision, modifiedUtc and the search text', () => {
    const doc = given(
      [scheduled, atScheduling],
      [changed({ title: 'Blues Night', featured: true }), at(1, '2025-11-11 09:30:00')],
    ).document;
    expect(doc).to.deep.equal({
      ...facts,
      title: 'Blues Night',
      featured: true,
      id: 7,
      revision: 1,
      modifiedUtc: '2025-11-11 09:30:00',
      timezoneAbbr: 'EST',
      startKey: wallClockSeconds(facts.start),
      endKey: wallClockSeconds(facts.end),
      statusBeforeTrash: null,
      embedded: noEmbeddedLinks,
      venueLocations: [],
      searchText: 'blues night\u0000live music\u0000<p>bring friends</p>',
      translationGroup: 7,
    });
  });

  it('derives the zone abbreviation from the changed zone and start', () => {
    const madrid = changed({
      timezone: 'Europe/Madrid',
      startUtc: '2025-11-20 13:00:00',
      endUtc: '2025-11-20 15:00:00',
    });
    expect(
      projected(given([scheduled, atScheduling], [madrid, at(1, '2025-11-11 09:30:00')]).document).timezoneAbbr,
    ).to.equal('CET');
    const summer = changed({
      start: '2025-07-01 14:00:00',
      end: '2025-07-01 16:00:00',
      startUtc: '2025-07-01 18:00:00',
      endUtc: '2025-07-01 20:00:00',
    });
    expect(
      projected(given([scheduled, atScheduling], [summer, at(1, '2025-11-11 09:30:00')]).document).timezoneAbbr,
    ).to.equal('EDT');
  });

  it('sets status trash and the trashed slug on EventTrashed, keeping the other facts', () => {
    const doc = projected(given([scheduled, atScheduling], [trashed, at(1, '2025-11-12 10:00:00')]).document);
    expect(doc).to.deep.include({
      status: 'trash',
      slug: 'jazz-night__trashed',
      revision: 1,
      modifiedUtc: '2025-11-12 10:00:00',
    });
    expect(doc.statusBeforeTrash).to.equal(facts.status);
    expect(doc).to.deep.include({ title: 'Jazz Night', venues: [8], cost: { entries: ['10'] } });
  });

  it('keeps nothing but facts and derived keys when merging onto a previous document', () => {
    const doc = projected(
      given(
        [scheduled, atScheduling],
        [changed({}), at(1, '2025-11-11 09:30:00')],
        [trashed, at(2, '2025-11-12 10:00:00')],
      ).document,
    );
    expect(Object.keys(doc)).to.have.members([
      ...Object.keys(facts),
      'id',
      'revision',
      'modifiedUtc',
      'timezoneAbbr',
      'startKey',
      'endKey',
      'statusBeforeTrash',
      'searchText',
      'translationGroup',
      'embedded',
      'venueLocations',
    ]);
  });

  it(
    'derives the venue locations, as GeoJSON [lng, lat] points, from the embedded venues that ' + 'have coordinates',
    () => {
      const venue = (id: number, geoLat: number | null, geoLng: number | null) => ({
        id,
        revision: 0,
        modifiedUtc: '2025-11-01 08:00:00',
        statusBeforeTrash: null,
        searchText: '',
        language: 'en' as const,
        author: '1',
        status: 'publish' as const,
        publishedUtc: '2025-11-01 08:00:00',
        name: 'Hall',
        description: '',
        excerpt: '',
        slug: `hall-${id}`,
        image: null,
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        stateprovince: '',
        zip: '',
        phone: '',
        website: '',
        showMap: true,
        showMapLink: true,
        geoLat,
        geoLng,
        passwordHash: null,
      });
      const embedded = { ...noEmbeddedLinks, venues: [venue(8, 39.78, -89.65), venue(9, null, null)] };
      const doc = projected(projectEvent(undefined, scheduled, atScheduling, testMemos, embedded));
      expect(doc.venueLocations).to.deep.equal([{ type: 'Point', coordinates: [-89.65, 39.78] }]);
      // A later event without new copies keeps the previous ones, and so their locations.
      expect(
        projected(projectEvent(doc, changed({ title: 'Moved' }), at(1, '2025-11-11 09:30:00'), testMemos))
          .venueLocations,
      ).to.deep.equal(doc.venueLocations);
    },
  );

  it('remembers the status before trashing while the event stays trashed, and forgets it once restored', () => {
    const inTrash = given(
      [scheduled, atScheduling],
      [trashed, at(1, '2025-11-12 10:00:00')],
      [changed({ title: 'Still trashed' }), at(2, '2025-11-12 11:00:00')],
    ).document;
    expect(projected(inTrash).statusBeforeTrash).to.equal(facts.status);
    const restored = given(
      [scheduled, atScheduling],
      [trashed, at(1, '2025-11-12 10:00:00')],
      [changed({ status: 'draft' }), at(2, '2025-11-12 11:00:00')],
    ).document;
    expect(projected(restored).statusBeforeTrash).to.equal(null);
  });

  describe('idempotence by revision', () => {
    const current = projected(
      given([scheduled, atScheduling], [changed({ title: 'Blues Night' }), at(1, '2025-11-11 09:30:00')]).document,
    );

    it('re-applying the event of the document revision returns the same document', () => {
      expect(
        projectEvent(current, changed({ title: 'Blues Night' }), at(1, '2025-11-11 09:30:00'), testMemos),
      ).to.equal(current);
    });

    it('an older event changes nothing, whatever it says', () => {
      expect(projectEvent(current, scheduled, at(0, '2025-11-10 12:00:00'), testMemos)).to.equal(current);
      expect(projectEvent(current, changed({ title: 'Stale' }), at(0, '2025-11-13 00:00:00'), testMemos)).to.equal(
        current,
      );
      expect(projectEvent(current, trashed, at(1, '2025-11-13 00:00:00'), testMemos)).to.equal(current);
    });

    it('replaying the whole stream from zero gives the same document', () => {
      const replayed = given(
        [scheduled, atScheduling],
        [changed({ title: 'Blues Night' }), at(1, '2025-11-11 09:30:00')],
      ).document;
      expect(replayed).to.deep.equal(current);
    });
  });

  describe('before scheduling', () => {
    it('ignores details changed', () => {
      given([changed({ title: 'Orphan' }), at(0, '2025-11-10 12:00:00')]).thenNone();
    });

    it('ignores trashing', () => {
      given([trashed, at(0, '2025-11-10 12:00:00')]).thenNone();
    });
  });
});

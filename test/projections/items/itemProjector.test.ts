// Given venue and organizer events, the projected documents (idempotent by revision; search text per §7).
import { expect } from 'chai';
import type { VenueEvent } from '../../../src/events/catalogue/venues.ts';
import { venueKind } from '../../../src/commands/venues/venueKind.ts';
import { organizerKind } from '../../../src/commands/organizers/organizerKind.ts';
import { projectVenue } from '../../../src/projections/venues/venueProjection.ts';
import { projectOrganizer } from '../../../src/projections/organizers/organizerProjection.ts';

const at = (revision: number) => ({ revision, occurredUtc: `2026-11-22 10:00:0${revision}` });
const defaults = { language: 'en', author: '1', status: 'publish' } as const;
const registered: VenueEvent = {
  type: 'VenueRegistered',
  data: {
    id: 4,
    facts: {
      ...venueKind.blankFacts(defaults, '2026-11-22 10:00:00'),
      name: 'Main Hall',
      city: 'Springfield',
      slug: 'main-hall',
    },
  },
};

describe('venue and organizer projectors', function () {
  it('projects a registration with its search text', function () {
    const doc = projectVenue(undefined, registered, at(0));
    expect(doc).to.deep.include({
      id: 4,
      revision: 0,
      modifiedUtc: '2026-11-22 10:00:00',
      statusBeforeTrash: null,
      name: 'Main Hall',
    });
    expect(doc?.searchText.split('\u0000')).to.include.members(['main hall', 'springfield']);
  });

  it('applies changes and trashing, and ignores an event not newer than the document', function () {
    const first = projectVenue(undefined, registered, at(0));
    const changed = projectVenue(
      first,
      { type: 'VenueDetailsChanged', data: { id: 4, changes: { city: 'Shelbyville' } } },
      at(1),
    );
    expect(changed?.city).to.equal('Shelbyville');
    expect(projectVenue(changed, registered, at(0))).to.equal(changed);
    const trashed = projectVenue(
      changed,
      { type: 'VenueTrashed', data: { id: 4, previousStatus: 'publish', slug: 'main-hall__trashed' } },
      at(2),
    );
    expect(trashed).to.deep.include({
      status: 'trash',
      slug: 'main-hall__trashed',
      statusBeforeTrash: 'publish',
      revision: 2,
    });
  });

  it('stores the venue coordinates flat, as geoLat/geoLng; a change sets only the coordinates it holds', function () {
    const placed = projectVenue(
      undefined,
      {
        ...registered,
        data: { ...registered.data, facts: { ...registered.data.facts, geo: { lat: 39.78, lng: -89.65 } } },
      },
      at(0),
    );
    expect(placed).to.deep.include({ geoLat: 39.78, geoLng: -89.65 });
    expect(placed).to.not.have.property('geo');
    const moved = projectVenue(
      placed,
      { type: 'VenueDetailsChanged', data: { id: 4, changes: { geo: { lat: 39.8, lng: -89.6 } } } },
      at(1),
    );
    expect(moved).to.deep.include({ geoLat: 39.8, geoLng: -89.6 });
    const renamed = projectVenue(
      moved,
      { type: 'VenueDetailsChanged', data: { id: 4, changes: { name: 'Hall' } } },
      at(2),
    );
    expect(renamed).to.deep.include({ geoLat: 39.8, geoLng: -89.6 });
    const cleared = projectVenue(
      renamed,
      { type: 'VenueDetailsChanged', data: { id: 4, changes: { geo: { lat: null } } } },
      at(3),
    );
    expect(cleared).to.deep.include({ geoLat: null, geoLng: -89.6 });
  });

  it('completes a venue registered without coordinates from two changes of one coordinate each', function () {
    const blank = projectVenue(undefined, registered, at(0));
    expect(blank).to.deep.include({ geoLat: null, geoLng: null });
    const half = projectVenue(
      blank,
      { type: 'VenueDetailsChanged', data: { id: 4, changes: { geo: { lng: -89.65 } } } },
      at(1),
    );
    expect(half).to.deep.include({ geoLat: null, geoLng: -89.65 });
    const whole = projectVenue(
      half,
      { type: 'VenueDetailsChanged', data: { id: 4, changes: { geo: { lat: 39.78 } } } },
      at(2),
    );
    expect(whole).to.deep.include({ geoLat: 39.78, geoLng: -89.65 });
  });

  it('organizer search text covers phone, email and website', function () {
    const doc = projectOrganizer(
      undefined,
      {
        type: 'OrganizerRegistered',
        data: {
          id: 5,
          facts: {
            ...organizerKind.blankFacts(defaults, '2026-11-22 10:00:00'),
            name: 'Acme',
            email: 'E@x.org',
            website: 'https://x',
          },
        },
      },
      at(0),
    );
    expect(doc?.searchText).to.equal(['acme', '', '', '', 'e@x.org', 'https://x'].join('\u0000'));
  });
});

// Given venue events, when a command, then events or an error (the shared item decider, venues as the kind).
import { expect } from 'chai';
import type { VenueChanges, VenueEvent, VenueFacts } from '../../../src/events/catalogue/venues.ts';
import { itemDecider } from '../../../src/commands/posts/itemDecider.ts';
import { venueKind } from '../../../src/commands/venues/venueKind.ts';
import { readVenueInput } from '../../../src/commands/venues/venueCommands.ts';
import type { VenueRequest } from '../../../src/commands/venues/venueCoordinates.ts';
import { deciderSpecification } from '../../support/specification.ts';
import { testZones } from '../../support/memos.ts';

const { given } = deciderSpecification(itemDecider(venueKind));

const now = '2026-11-22 10:00:00';
const defaults = { language: 'en', author: '1', status: 'publish' } as const;
const registered = (changes: Partial<VenueFacts> = {}): VenueEvent => ({
  type: 'VenueRegistered',
  data: { id: 4, facts: { ...venueKind.blankFacts(defaults, now), name: 'Hall', slug: 'hall', ...changes } },
});
const changed = (changes: VenueChanges): VenueEvent => ({ type: 'VenueDetailsChanged', data: { id: 4, changes } });
const registeredFacts = (events: readonly VenueEvent[]) => {
  const [event] = events;
  return event?.type === 'VenueRegistered'
    ? event.data.facts
    : expect.fail(`expected VenueRegistered, got ${JSON.stringify(events)}`);
};

describe('item decider (venues)', function () {
  it('registers with the create defaults: show_map and show_map_link true, published now', function () {
    const events = given([])
      .when({ type: 'Register', id: 4, request: { name: 'Hall' }, defaults, nowUtc: now })
      .events();
    expect(events).to.have.length(1);
    expect(events[0]).to.deep.include({ type: 'VenueRegistered' });
    expect(events[0]?.data).to.deep.include({ id: 4 });
    expect(registeredFacts(events)).to.deep.include({
      name: 'Hall',
      showMap: true,
      showMapLink: true,
      publishedUtc: now,
      status: 'publish',
    });
  });

  it('publish dated in the future is stored as future', function () {
    const events = given([])
      .when({
        type: 'Register',
        id: 4,
        request: { name: 'Hall', publishedUtc: '2030-01-01 00:00:00' },
        defaults,
        nowUtc: now,
      })
      .events();
    expect(registeredFacts(events).status).to.equal('future');
  });

  it('a change records only what differs', function () {
    given([registered({ city: 'A' })])
      .when({ type: 'ChangeDetails', request: { city: 'B', name: 'Hall' }, nowUtc: now })
      .then([changed({ city: 'B' })]);
  });

  it('records the slug the handler settled, on a create and on a change', function () {
    const events = given([])
      .when({ type: 'Register', id: 4, request: { name: 'Hall' }, defaults, nowUtc: now, slug: 'hall-2' })
      .events();
    expect(registeredFacts(events).slug).to.equal('hall-2');
    given([registered()])
      .when({ type: 'ChangeDetails', request: {}, nowUtc: now, slug: 'the-hall' })
      .then([changed({ slug: 'the-hall' })]);
  });

  it('trashing suffixes the slug and remembers the status; trashing again is refused', function () {
    given([registered()])
      .when({ type: 'Trash' })
      .then([{ type: 'VenueTrashed', data: { id: 4, previousStatus: 'publish', slug: 'hall__trashed' } }]);
    const trashed: VenueEvent = {
      type: 'VenueTrashed',
      data: { id: 4, previousStatus: 'publish', slug: 'hall__trashed' },
    };
    given([registered(), trashed]).when({ type: 'Trash' }).thenFails({ kind: 'already-trashed', resource: 'venue' });
  });

  it('registers both coordinates sent as one location', function () {
    const events = given([])
      .when({
        type: 'Register',
        id: 4,
        request: { name: 'Hall', coordinates: { lat: 41.38, lng: 2.17 } } as VenueRequest & { name: string },
        defaults,
        nowUtc: now,
      })
      .events();
    expect(registeredFacts(events).geo).to.deep.equal({ lat: 41.38, lng: 2.17 });
  });

  it('a coordinate sent alone moves that coordinate of the stored ones, recorded as the whole new geo', function () {
    given([registered({ geo: { lat: 1, lng: 2 } })])
      .when({ type: 'ChangeDetails', request: { coordinates: { lat: 3 } } as VenueRequest, nowUtc: now })
      .then([changed({ geo: { lat: 3, lng: 2 } })]);
  });

  it(
    'a coordinate sent alone is stored on a venue without coordinates, and a later write of the ' +
      'other completes them',
    function () {
      given([registered()])
        .when({ type: 'ChangeDetails', request: { city: 'B', coordinates: { lat: 10 } } as VenueRequest, nowUtc: now })
        .then([changed({ city: 'B', geo: { lat: 10, lng: null } })]);
      given([registered(), changed({ city: 'B', geo: { lat: 10, lng: null } })])
        .when({ type: 'ChangeDetails', request: { coordinates: { lng: 20 } } as VenueRequest, nowUtc: now })
        .then([changed({ geo: { lat: 10, lng: 20 } })]);
      const registering = given([]).when({
        type: 'Register',
        id: 4,
        request: { name: 'Hall', coordinates: { lng: 2 } } as VenueRequest & { name: string },
        defaults,
        nowUtc: now,
      });
      expect(registeredFacts(registering.events()).geo).to.deep.equal({ lat: null, lng: 2 });
    },
  );

  it(
    'records no geo when the coordinates sent are the stored ones, whatever the key order of ' + 'the stored geo',
    function () {
      given([registered({ geo: { lng: 2, lat: 1 } })])
        .when({ type: 'ChangeDetails', request: { coordinates: { lat: 1, lng: 2 } } as VenueRequest, nowUtc: now })
        .then([changed({})]);
    },
  );

  it('a recorded change holding one coordinate moves only that one (as upcast version 1 changes hold)', function () {
    const { state } = given([
      registered({ geo: { lat: 1, lng: 2 } }),
      changed({ geo: { lng: 5 } }),
      changed({ name: 'Big Hall' }),
    ]);
    expect(state.exists && state.facts).to.deep.include({ name: 'Big Hall', geo: { lat: 1, lng: 5 } });
    const cleared = given([registered({ geo: { lat: 1, lng: 2 } }), changed({ geo: { lat: null } })]).state;
    expect(cleared.exists && cleared.facts.geo).to.deep.equal({ lat: null, lng: 2 });
  });

  it('changing an unknown venue is not-found', function () {
    given([])
      .when({ type: 'ChangeDetails', request: {}, nowUtc: now })
      .thenFails({ kind: 'not-found', resource: 'venue', id: 0 });
  });
});

describe('readVenueInput', function () {
  const ctx = {
    siteZone: 'UTC',
    now: new Date('2026-11-22T10:00:00Z'),
    scaleDownStatus: false,
    userExists: () => true,
    extendedAddOn: false,
    zones: testZones,
  };

  it('reads text fields, blanks, password and scales status for contributors', function () {
    const read = readVenueInput(
      { venue: ' Hall ', city: '', status: 'publish', password: 'pw' },
      { ...ctx, scaleDownStatus: true },
    );
    expect(read).to.deep.equal({
      _tag: 'Right',
      right: { request: { name: 'Hall', city: '', status: 'pending' }, password: 'pw' },
    });
  });

  it('ignores coordinates without the add-on and checks their range with it', function () {
    expect(readVenueInput({ geo_lat: 100 }, ctx)).to.deep.equal({ _tag: 'Right', right: { request: {} } });
    expect(readVenueInput({ geo_lat: 100, geo_lng: '2.5' }, { ...ctx, extendedAddOn: true })).to.deep.equal({
      _tag: 'Left',
      left: [{ name: 'geo_lat', reason: { code: 'latitude-out-of-range' } }],
    });
    expect(readVenueInput({ geo_lng: '2.5' }, { ...ctx, extendedAddOn: true })).to.deep.equal({
      _tag: 'Right',
      right: { request: { coordinates: { lng: 2.5 } } },
    });
    expect(readVenueInput({ geo_lat: -90, geo_lng: 180 }, { ...ctx, extendedAddOn: true })).to.deep.equal({
      _tag: 'Right',
      right: { request: { coordinates: { lat: -90, lng: 180 } } },
    });
    expect(readVenueInput({ geo_lat: null }, { ...ctx, extendedAddOn: true })).to.deep.equal({
      _tag: 'Right',
      right: { request: {} },
    });
  });

  it('refuses unknown authors and unparseable dates', function () {
    expect(readVenueInput({ author: 9, date: 'garbage' }, { ...ctx, userExists: () => false })).to.deep.equal({
      _tag: 'Left',
      left: [
        { name: 'author', reason: { code: 'unknown-user' } },
        { name: 'date', reason: { code: 'not-a-date' } },
      ],
    });
  });
});

// Given venue/organizer events, when a command, then events or an error (the shared item decider, venues as the kind).
import { expect } from 'chai';
import type { VenueChanges, VenueFacts } from '../../../src/events/catalogue/venues.ts';
import { decideItem, evolveItem, type ItemCommand, type ItemFact, type ItemState } from '../../../src/commands/posts/itemDecider.ts';
import { venueKind } from '../../../src/commands/venues/venueKind.ts';
import { readVenueInput } from '../../../src/commands/venues/venueCommands.ts';
import type { VenueRequest } from '../../../src/commands/venues/venueCoordinates.ts';

const now = '2026-11-22 10:00:00';
const defaults = { language: 'en', author: '1', status: 'publish' } as const;
const registered = (changes: Partial<VenueFacts> = {}): ItemFact<VenueFacts> => ({
  type: 'registered',
  id: 4,
  facts: { ...venueKind.blankFacts(defaults, now), name: 'Hall', slug: 'hall', ...changes },
});
const given = (...facts: ItemFact<VenueFacts, VenueChanges>[]): ItemState<VenueFacts> =>
  facts.reduce((state, fact) => evolveItem(venueKind, state, fact), { exists: false } as ItemState<VenueFacts>);
const changed = (changes: VenueChanges): ItemFact<VenueFacts, VenueChanges> => ({ type: 'changed', id: 4, changes });
const when = (state: ItemState<VenueFacts>, command: ItemCommand<VenueFacts>) => decideItem(venueKind, state, command);

describe('item decider (venues)', function () {
  it('registers with the create defaults: show_map and show_map_link true, published now', function () {
    const out = when(given(), { type: 'Register', id: 4, request: { name: 'Hall' }, defaults, nowUtc: now });
    expect(out._tag).to.equal('Right');
    const [fact] = out._tag === 'Right' ? out.right : [];
    expect(fact).to.deep.include({ type: 'registered', id: 4 });
    expect(fact?.type === 'registered' && fact.facts).to.deep.include({ name: 'Hall', showMap: true, showMapLink: true, publishedUtc: now, status: 'publish' });
  });

  it('publish dated in the future is stored as future', function () {
    const out = when(given(), { type: 'Register', id: 4, request: { name: 'Hall', publishedUtc: '2030-01-01 00:00:00' }, defaults, nowUtc: now });
    expect(out._tag === 'Right' && out.right[0]?.type === 'registered' && out.right[0].facts.status).to.equal('future');
  });

  it('a change records only what differs', function () {
    const out = when(given(registered({ city: 'A' })), { type: 'ChangeDetails', request: { city: 'B', name: 'Hall' }, nowUtc: now });
    expect(out).to.deep.equal({ _tag: 'Right', right: [{ type: 'changed', id: 4, changes: { city: 'B' } }] });
  });

  it('trashing suffixes the slug and remembers the status; trashing again is refused', function () {
    const state = given(registered());
    expect(when(state, { type: 'Trash' })).to.deep.equal({ _tag: 'Right', right: [{ type: 'trashed', id: 4, previousStatus: 'publish', slug: 'hall__trashed' }] });
    const trashed = given(registered(), { type: 'trashed', id: 4, previousStatus: 'publish', slug: 'hall__trashed' });
    expect(when(trashed, { type: 'Trash' })).to.deep.equal({ _tag: 'Left', left: { kind: 'already-trashed', resource: 'venue' } });
  });

  it('registers both coordinates sent as one location', function () {
    const out = when(given(), { type: 'Register', id: 4, request: { name: 'Hall', coordinates: { lat: 41.38, lng: 2.17 } } as VenueRequest & { name: string }, defaults, nowUtc: now });
    expect(out._tag === 'Right' && out.right[0]?.type === 'registered' && out.right[0].facts.geo).to.deep.equal({ lat: 41.38, lng: 2.17 });
  });

  it('a coordinate sent alone moves that coordinate of the stored ones, recorded as the whole new geo', function () {
    const out = when(given(registered({ geo: { lat: 1, lng: 2 } })), { type: 'ChangeDetails', request: { coordinates: { lat: 3 } } as VenueRequest, nowUtc: now });
    expect(out).to.deep.equal({ _tag: 'Right', right: [{ type: 'changed', id: 4, changes: { geo: { lat: 3, lng: 2 } } }] });
  });

  it('a coordinate sent alone is stored on a venue without coordinates, and a later write of the other completes them', function () {
    const first = when(given(registered()), { type: 'ChangeDetails', request: { city: 'B', coordinates: { lat: 10 } } as VenueRequest, nowUtc: now });
    expect(first).to.deep.equal({ _tag: 'Right', right: [{ type: 'changed', id: 4, changes: { city: 'B', geo: { lat: 10, lng: null } } }] });
    const second = when(given(registered(), changed({ city: 'B', geo: { lat: 10, lng: null } })), {
      type: 'ChangeDetails', request: { coordinates: { lng: 20 } } as VenueRequest, nowUtc: now,
    });
    expect(second).to.deep.equal({ _tag: 'Right', right: [{ type: 'changed', id: 4, changes: { geo: { lat: 10, lng: 20 } } }] });
    const registering = when(given(), { type: 'Register', id: 4, request: { name: 'Hall', coordinates: { lng: 2 } } as VenueRequest & { name: string }, defaults, nowUtc: now });
    expect(registering._tag === 'Right' && registering.right[0]?.type === 'registered' && registering.right[0].facts.geo).to.deep.equal({ lat: null, lng: 2 });
  });

  it('records no geo when the coordinates sent are the stored ones, whatever the key order of the stored geo', function () {
    const out = when(given(registered({ geo: { lng: 2, lat: 1 } })), { type: 'ChangeDetails', request: { coordinates: { lat: 1, lng: 2 } } as VenueRequest, nowUtc: now });
    expect(out).to.deep.equal({ _tag: 'Right', right: [{ type: 'changed', id: 4, changes: {} }] });
  });

  it('a recorded change holding one coordinate moves only that one (as upcast version 1 changes hold)', function () {
    const state = given(registered({ geo: { lat: 1, lng: 2 } }), changed({ geo: { lng: 5 } }), changed({ name: 'Big Hall' }));
    expect(state.exists && state.facts).to.deep.include({ name: 'Big Hall', geo: { lat: 1, lng: 5 } });
    const cleared = given(registered({ geo: { lat: 1, lng: 2 } }), changed({ geo: { lat: null } }));
    expect(cleared.exists && cleared.facts.geo).to.deep.equal({ lat: null, lng: 2 });
  });

  it('changing an unknown venue is not-found', function () {
    expect(when(given(), { type: 'ChangeDetails', request: {}, nowUtc: now })._tag).to.equal('Left');
  });
});

describe('readVenueInput', function () {
  const ctx = { siteZone: 'UTC', now: new Date('2026-11-22T10:00:00Z'), scaleDownStatus: false, userExists: () => true, extendedAddOn: false };

  it('reads text fields, blanks, password and scales status for contributors', function () {
    const read = readVenueInput({ venue: ' Hall ', city: '', status: 'publish', password: 'pw' }, { ...ctx, scaleDownStatus: true });
    expect(read).to.deep.equal({ _tag: 'Right', right: { request: { name: 'Hall', city: '', status: 'pending' }, password: 'pw' } });
  });

  it('ignores coordinates without the add-on and checks their range with it', function () {
    expect(readVenueInput({ geo_lat: 100 }, ctx)).to.deep.equal({ _tag: 'Right', right: { request: {} } });
    expect(readVenueInput({ geo_lat: 100, geo_lng: '2.5' }, { ...ctx, extendedAddOn: true })).to.deep.equal({
      _tag: 'Left',
      left: [{ name: 'geo_lat', reason: { code: 'latitude-out-of-range' } }],
    });
    expect(readVenueInput({ geo_lng: '2.5' }, { ...ctx, extendedAddOn: true })).to.deep.equal({ _tag: 'Right', right: { request: { coordinates: { lng: 2.5 } } } });
    expect(readVenueInput({ geo_lat: -90, geo_lng: 180 }, { ...ctx, extendedAddOn: true })).to.deep.equal({
      _tag: 'Right',
      right: { request: { coordinates: { lat: -90, lng: 180 } } },
    });
    expect(readVenueInput({ geo_lat: null }, { ...ctx, extendedAddOn: true })).to.deep.equal({ _tag: 'Right', right: { request: {} } });
  });

  it('refuses unknown authors and unparseable dates', function () {
    expect(readVenueInput({ author: 9, date: 'garbage' }, { ...ctx, userExists: () => false })).to.deep.equal({
      _tag: 'Left',
      left: [{ name: 'author', reason: { code: 'unknown-user' } }, { name: 'date', reason: { code: 'not-a-date' } }],
    });
  });
});

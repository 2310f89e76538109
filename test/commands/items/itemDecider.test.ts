// Given venue/organizer events, when a command, then events or an error (the shared item decider, venues as the kind).
import { expect } from 'chai';
import type { VenueFacts } from '../../../src/events/catalogue/venues.ts';
import { decideItem, evolveItem, type ItemCommand, type ItemFact, type ItemState } from '../../../src/commands/posts/itemDecider.ts';
import { venueKind } from '../../../src/commands/venues/venueKind.ts';
import { readVenueInput } from '../../../src/commands/venues/venueCommands.ts';
import { sha256 } from '../../../src/commands/posts/publication.ts';

const now = '2026-11-22 10:00:00';
const defaults = { language: 'en', author: '1', status: 'publish' } as const;
const registered = (changes: Partial<VenueFacts> = {}): ItemFact<VenueFacts> => ({
  type: 'registered',
  id: 4,
  facts: { ...venueKind.blankFacts(defaults, now), name: 'Hall', slug: 'hall', ...changes },
});
const given = (...facts: ItemFact<VenueFacts>[]): ItemState<VenueFacts> => facts.reduce(evolveItem, { exists: false } as ItemState<VenueFacts>);
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

  it('changing an unknown venue is not-found', function () {
    expect(when(given(), { type: 'ChangeDetails', request: {}, nowUtc: now })._tag).to.equal('Left');
  });
});

describe('readVenueInput', function () {
  const ctx = { siteZone: 'UTC', now: new Date('2026-11-22T10:00:00Z'), scaleDownStatus: false, userExists: () => true, extendedAddOn: false };

  it('reads text fields, blanks, password and scales status for contributors', function () {
    const read = readVenueInput({ venue: ' Hall ', city: '', status: 'publish', password: 'pw' }, { ...ctx, scaleDownStatus: true });
    expect(read).to.deep.equal({ _tag: 'Right', right: { request: { name: 'Hall', city: '', status: 'pending', passwordSha256: sha256('pw') } } });
  });

  it('ignores coordinates without the add-on and checks their range with it', function () {
    expect(readVenueInput({ geo_lat: 100 }, ctx)).to.deep.equal({ _tag: 'Right', right: { request: {} } });
    expect(readVenueInput({ geo_lat: 100, geo_lng: '2.5' }, { ...ctx, extendedAddOn: true })).to.deep.equal({ _tag: 'Left', left: [{ name: 'geo_lat' }] });
    expect(readVenueInput({ geo_lng: '2.5' }, { ...ctx, extendedAddOn: true })).to.deep.equal({ _tag: 'Right', right: { request: { geoLng: 2.5 } } });
  });

  it('refuses unknown authors and unparseable dates', function () {
    expect(readVenueInput({ author: 9, date: 'garbage' }, { ...ctx, userExists: () => false })).to.deep.equal({
      _tag: 'Left',
      left: [{ name: 'author' }, { name: 'date' }],
    });
  });
});

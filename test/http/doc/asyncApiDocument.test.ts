// Specification of `GET /doc/events`: the AsyncAPI event catalogue, valid, complete, and true to the recorded events.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { Parser } from '@asyncapi/parser';
import { buildAsyncApi } from '../../../src/http/doc/asyncApiDocument.ts';
import { catalogue } from '../../../src/events/catalogue/index.ts';
import type { CatalogueEntry } from '../../../src/events/catalogue/catalogueEntry.ts';
import { exampleData } from '../../../src/events/catalogue/examples.ts';
import type { JsonSchema } from '../../../src/events/catalogue/jsonSchemaOf.ts';
import { streamFamilies } from '../../../src/events/catalogue/streams.ts';
import { changeMessageOf } from '../../../src/http/routes/changes/changeMessage.ts';
import { changeKinds } from '../../../src/http/routes/changes/changeArgs.ts';
import { streamCategory, type RecordedEvent } from '../../../src/events/eventStore.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { schemaErrors } from '../../events/catalogue/jsonSchemaCheck.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const API = '/cal/events/v1';
const entries = Object.entries(catalogue as Record<string, CatalogueEntry>);
const build = (apiRoot = 'http://localhost:8080/cal/events/v1'): Doc =>
  JSON.parse(JSON.stringify(buildAsyncApi({ apiRoot }))) as Doc;

/** The component message of a recorded type and version, as a store subscriber receives it. */
function storeMessage(doc: Doc, type: string, version: number): Doc {
  const current = doc.components.messages[type];
  return current?.['x-schema-version'] === version ? current : doc.components.messages[`${type}.v${version}`];
}

describe('/doc/events AsyncAPI document', () => {
  it('is valid AsyncAPI 3.1 for @asyncapi/parser, without a single diagnostic (not even a warning)', async () => {
    const { document, diagnostics } = await new Parser().parse(
      JSON.stringify(build('https://cal.example.org:8443/ca/cal/events/v1')),
    );
    expect(diagnostics.map((d) => `${d.severity} ${d.code} ${d.message} at ${d.path.join('.')}`)).to.deep.equal([]);
    expect(document?.version()).to.equal('3.1.0');
  });

  it('serves the change feed from the request’s public base, language segment and port included', () => {
    expect(build('https://cal.example.org:8443/ca/cal/events/v1').servers.changeFeed).to.include({
      host: 'cal.example.org:8443',
      pathname: '/ca/cal/events/v1',
      protocol: 'https',
    });
    expect(build().servers.changeFeed).to.include({
      host: 'localhost:8080',
      pathname: '/cal/events/v1',
      protocol: 'http',
    });
  });

  it('lists every event type in its current version, with its description, schema version and metadata headers', () => {
    const doc = build();
    for (const [type, entry] of entries) {
      const message = doc.components.messages[type];
      expect(message, type).to.include({ name: type, summary: entry.description, 'x-schema-version': entry.version });
      expect(message.headers.properties.schemaVersion.const, type).to.equal(entry.version);
      expect(message.headers.required, type).to.have.members([
        'actor',
        'occurredAt',
        'correlationId',
        'causationId',
        'schemaVersion',
      ]);
      expect(schemaErrors(message.payload, exampleData[type as keyof typeof exampleData]), type).to.deep.equal([]);
      expect(schemaErrors(message.headers, message.examples[0].headers), type).to.deep.equal([]);
    }
  });

  it('keeps the earlier versions of a type as messages of their own, on the same channel', () => {
    const doc = build();
    const v1 = doc.components.messages['VenueRegistered.v1'];
    expect(v1).to.include({ name: 'VenueRegistered', 'x-schema-version': 1 });
    expect(v1.payload.properties.facts.properties).to.include.keys('geoLat', 'geoLng');
    expect(doc.components.messages.VenueRegistered.payload.properties.facts.properties)
      .to.include.keys('geo')
      .and.not.include.keys('geoLat');
    // Version 2 keeps what version 1 allowed: either coordinate unset in the facts, one alone in a change.
    const factsGeo = doc.components.messages.VenueRegistered.payload.properties.facts.properties.geo as JsonSchema;
    expect(schemaErrors(factsGeo, { lat: 10, lng: null })).to.deep.equal([]);
    expect(schemaErrors(factsGeo, { lat: 10 })).to.not.deep.equal([]);
    expect(schemaErrors(factsGeo, null)).to.not.deep.equal([]);
    const changedGeo = doc.components.messages.VenueDetailsChanged.payload.properties.changes.properties
      .geo as JsonSchema;
    for (const geo of [{ lat: 10 }, { lng: null }, { lat: 1, lng: 2 }])
      expect(schemaErrors(changedGeo, geo), JSON.stringify(geo)).to.deep.equal([]);
    expect(Object.keys(doc.channels.venue.messages)).to.deep.equal([
      'VenueRegistered.v1',
      'VenueRegistered.v2',
      'VenueRegistered',
      'VenueDetailsChanged.v1',
      'VenueDetailsChanged.v2',
      'VenueDetailsChanged',
      'VenueTrashed',
    ]);
  });

  it('has one channel per stream family, addressed by the stream name with its parameters', () => {
    const doc = build();
    for (const family of streamFamilies) {
      const channel = doc.channels[family.id];
      expect(channel.address, family.id).to.equal(family.address);
      expect(Object.keys(channel.parameters ?? {}), family.id).to.deep.equal(Object.keys(family.parameters));
      expect(channel.servers, family.id).to.deep.equal([{ $ref: '#/servers/eventStore' }]);
    }
  });

  it('documents the change feed: the resource types in the feed envelope, and events it could not decode', () => {
    const changes = build().channels.changes;
    expect(changes.address).to.equal('/changes');
    const fed = streamFamilies
      .filter((f) => (changeKinds as readonly string[]).includes(f.id))
      .flatMap((f) => f.eventTypes);
    expect(Object.keys(changes.messages)).to.deep.equal([...fed, 'undecoded']);
    expect(fed).to.not.include.members(['UserRegistered', 'SlugReserved']);
  });

  it('spells out naming, ordering, delivery, versioning and secrets', () => {
    const description = build().info.description as string;
    for (const phrase of [
      '## Streams',
      '## Ordering',
      'at-least-once',
      'exactly-once',
      'Last-Event-ID',
      'immutable',
      '## Versions',
      'upcast',
      '[redacted]',
    ]) {
      expect(description, phrase).to.include(phrase);
    }
  });
});

describe('GET /doc/events', function () {
  this.timeout(30000);
  let t: TestService;
  let recorded: RecordedEvent[];

  before(async () => {
    t = await startTestService({ CAL_EXTENDED_ADDON: 'true' });
    // Writes through the API, so the events checked below are the ones the service really records.
    const id = async (method: string, path: string, body: object) => {
      const res = await t.admin(method, `${API}${path}`, { body });
      expect(res.status, res.text).to.be.oneOf([200, 201]);
      return (res.body as { id: number }).id;
    };
    const category = await id('POST', '/categories', { name: 'Concerts' });
    const tag = await id('POST', '/tags', { name: 'Jazz' });
    const venue = await id('POST', '/venues', { venue: 'Main Hall', geo_lat: 41.38, geo_lng: 2.17 });
    const organizer = await id('POST', '/organizers', { organizer: 'Ada', email: 'ada@example.com' });
    const dates = { start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 22:00:00' };
    const event = await id('POST', '/events', {
      title: 'Jazz Night',
      ...dates,
      venue,
      organizer: [organizer],
      categories: [category],
      tags: [tag],
      image: 'https://example.com/p.jpg',
    });
    await id('POST', `/events/${event}`, { title: 'Blues Night', cost: '10', password: 'pw' });
    const series = await id('POST', '/events', { title: 'Choir', ...dates, recurrence: 'RRULE:FREQ=WEEKLY;COUNT=3' });
    const occurrences = (await t.admin('GET', `${API}/events?post_parent=${series}`)).body as {
      events: { id: number }[];
    };
    const [first, second] = occurrences.events;
    await id('PATCH', `/events/${String(first?.id)}`, { title: 'Choir: guests' });
    await id('DELETE', `/events/${String(second?.id)}`, {});
    await id('PATCH', `/events/${series}`, { recurrence: 'RRULE:FREQ=WEEKLY;COUNT=4' });
    const [, third] = ((await t.admin('GET', `${API}/events?post_parent=${series}`)).body as typeof occurrences).events;
    await id('PATCH', `/events/${String(third?.id)}?recurrence_scope=following`, { title: 'Choir II' });
    await id('PATCH', `/events/${series}`, { recurrence: null });
    await id('POST', `/venues/${venue}`, { geo_lat: 41.39, city: 'Barcelona' });
    await id('POST', `/organizers/${organizer}`, { phone: '555' });
    await id('POST', `/categories/${category}`, { description: 'Live' });
    await id('POST', `/tags/${tag}`, { name: 'Jazz & Blues' });
    await id('POST', '/events', { title: 'Nit de jazz', ...dates, translation_of: event, i18n_language: 'ca' });
    await t.admin('DELETE', `${API}/events/${event}`);
    await t.admin('DELETE', `${API}/venues/${venue}`);
    await t.admin('DELETE', `${API}/organizers/${organizer}`);
    await t.admin('DELETE', `${API}/tags/${tag}`);
    await t.admin('DELETE', `${API}/categories/${category}`);
    const calendar = readFileSync(new URL('../../fixtures/ics/apple.ics', import.meta.url), 'utf8');
    const imported = await t.admin('POST', `${API}/events.ics`, { rawBody: calendar, contentType: 'text/calendar' });
    expect(imported.status, imported.text).to.equal(200);
    recorded = await t.service.store.readAll();
  });
  after(async () => t.close());

  it('answers 200 with the JSON document for the request’s address', async () => {
    const res = await t.request('GET', `${API}/doc/events`);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(res.body).to.deep.equal(build());
  });

  it('serves the language segments and i18n_language, and a trailing slash, with their own base', async () => {
    const segment = await t.request('GET', `/es${API}/doc/events/`);
    expect(segment.status, segment.text).to.equal(200);
    expect((segment.body as Doc).servers.changeFeed.pathname).to.equal('/es/cal/events/v1');
    const query = await t.request('GET', `${API}/doc/events?i18n_language=ca`);
    expect((query.body as Doc).servers.changeFeed.pathname).to.equal('/ca/cal/events/v1');
    expect((await t.request('GET', `/es${API}/doc/events?i18n_language=ca`)).status).to.equal(400);
  });

  it('leaves the index as it was; /doc lists the route as a service addition', async () => {
    const index = (await t.request('GET', API)).body as Doc;
    expect(Object.keys(index.routes)).to.not.include(`${API}/doc/events`);
    const openApi = (await t.request('GET', `${API}/doc`)).body as {
      paths: Record<string, { get: Record<string, unknown> }>;
    };
    expect(openApi.paths['/doc/events']?.get['x-service-addition']).to.equal(true);
  });

  it('describes every event the service recorded: data by the payload schema, metadata by the headers', async () => {
    const doc = (await t.request('GET', `${API}/doc/events`)).body as Doc;
    // Only the command line changes roles and passwords; their examples are checked above.
    const viaCommandLine = ['UserRoleChanged', 'UserPasswordChanged', 'UserPasswordRevoked'];
    expect([...new Set(recorded.map((event) => event.type))]).to.have.members(
      Object.keys(catalogue).filter((type) => !viaCommandLine.includes(type)),
    );
    for (const event of recorded) {
      const message = storeMessage(doc, event.type, event.metadata.schemaVersion);
      expect(message, `${event.type} v${event.metadata.schemaVersion}`).to.not.equal(undefined);
      const where = `${event.streamId}@${event.revision}`;
      expect(schemaErrors(message.payload as JsonSchema, event.data), where).to.deep.equal([]);
      expect(schemaErrors(message.headers as JsonSchema, event.metadata), where).to.deep.equal([]);
      expect(message.name, where).to.equal(event.type);
    }
  });

  it('describes every message the change feed would send for those events', async () => {
    const doc = (await t.request('GET', `${API}/doc/events`)).body as Doc;
    const fed = recorded.filter((event) => (changeKinds as readonly string[]).includes(streamCategory(event.streamId)));
    expect(fed.length).to.be.greaterThan(10);
    for (const event of fed) {
      const message = doc.components.messages[`change.${event.type}`];
      expect(message, event.type).to.not.equal(undefined);
      expect(
        schemaErrors(message.payload as JsonSchema, JSON.parse(JSON.stringify(changeMessageOf(event)))),
        `${event.streamId}@${event.revision}`,
      ).to.deep.equal([]);
    }
    const [first] = fed;
    if (!first) throw new Error('no fed event');
    const unknown: RecordedEvent = { ...first, type: 'EventRescheduled', data: { id: 7 } };
    expect(
      schemaErrors(doc.components.messages['change.undecoded'].payload as JsonSchema, changeMessageOf(unknown)),
    ).to.deep.equal([]);
  });
});

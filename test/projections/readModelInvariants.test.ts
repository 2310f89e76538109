// Specifies, over random histories of events and changes to the items they link (and registry claims), what the
// projections' shortcuts rely on: after every applied event each event's embedded copies are what embedding afresh
// gives (so an event that leaves its links alone may keep them), each term's count is what counting afresh gives,
// and replaying the store into a new read model, or again over the same one, gives what the live runner built.
import { expect } from 'chai';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import type { DomainEvent } from '../../src/events/catalogue/index.ts';
import { exampleData } from '../../src/events/catalogue/examples.ts';
import { AnyRevision, NoStream, WrongExpectedRevision } from '../../src/events/eventStore.ts';
import { applyRecordedEvent } from '../../src/projections/projectionStep.ts';
import type { ProjectionTarget } from '../../src/projections/projectionTarget.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { embedLinks } from '../../src/projections/links/embedLinks.ts';
import { venueLocationsOf } from '../../src/projections/events/venueLocations.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import { openTempStore } from '../support/tempStore.ts';
import { testMemos, testProjections } from '../support/memos.ts';

const ctx = {
  actor: '1',
  now: new Date('2026-11-22T10:00:00Z'),
  correlationId: randomUUID(),
  causationId: randomUUID(),
};

const eventIds = [1, 2, 3];
const venueIds = [11, 12];
const organizerIds = [21];
const categoryIds = [31, 32];
const tagIds = [41];
const language = fc.constantFrom('en' as const, 'ca' as const);
const status = fc.constantFrom('publish' as const, 'draft' as const);
const someOf = (ids: number[]) => fc.subarray(ids);

/** One write of a random history: its stream and the domain event appended to it. */
type Write = readonly [stream: string, event: DomainEvent];

/** Linked items exist from the start: a count only moves while its term exists, so later terms would count less. */
const items: readonly Write[] = [
  ['venue-11', { type: 'VenueRegistered', data: { id: 11, facts: exampleData.VenueRegistered.facts } }],
  [
    'venue-12',
    {
      type: 'VenueRegistered',
      data: { id: 12, facts: { ...exampleData.VenueRegistered.facts, geo: { lat: null, lng: null } } },
    },
  ],
  ['organizer-21', { type: 'OrganizerRegistered', data: { id: 21, facts: exampleData.OrganizerRegistered.facts } }],
  [
    'category-31',
    { type: 'CategoryCreated', data: { id: 31, facts: { ...exampleData.CategoryCreated.facts, slug: 'c-31' } } },
  ],
  [
    'category-32',
    {
      type: 'CategoryCreated',
      data: { id: 32, facts: { ...exampleData.CategoryCreated.facts, language: 'ca', slug: 'c-32' } },
    },
  ],
  ['tag-41', { type: 'TagCreated', data: { id: 41, facts: { ...exampleData.TagCreated.facts, language: 'en' } } }],
];

const eventWrite: fc.Arbitrary<Write> = fc.oneof(
  fc
    .record({
      id: fc.constantFrom(...eventIds),
      language,
      status,
      venues: someOf(venueIds),
      organizers: someOf(organizerIds),
      categories: someOf(categoryIds),
      tags: someOf(tagIds),
    })
    .map(({ id, ...facts }): Write => [
      `event-${id}`,
      { type: 'EventScheduled', data: { id, facts: { ...exampleData.EventScheduled.facts, ...facts } } },
    ]),
  fc
    .record({
      id: fc.constantFrom(...eventIds),
      changes: fc.record(
        {
          title: fc.constantFrom('A', 'B'),
          status,
          venues: someOf(venueIds),
          categories: someOf(categoryIds),
          tags: someOf(tagIds),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ id, changes }): Write => [`event-${id}`, { type: 'EventDetailsChanged', data: { id, changes } }]),
  fc
    .constantFrom(...eventIds)
    .map((id): Write => [
      `event-${id}`,
      { type: 'EventTrashed', data: { id, previousStatus: 'publish', slug: `e-${id}__trashed` } },
    ]),
);

const itemWrite: fc.Arbitrary<Write> = fc.oneof(
  fc
    .record({
      id: fc.constantFrom(...venueIds),
      name: fc.constantFrom('Hall', 'Club'),
      lat: fc.option(fc.constantFrom(41.38, 40.4)),
    })
    .map(({ id, name, lat }): Write => [
      `venue-${id}`,
      { type: 'VenueDetailsChanged', data: { id, changes: { name, geo: { lat } } } },
    ]),
  fc
    .constantFrom(...venueIds)
    .map((id): Write => [
      `venue-${id}`,
      { type: 'VenueTrashed', data: { id, previousStatus: 'publish', slug: `v-${id}__trashed` } },
    ]),
  fc
    .record({ id: fc.constantFrom(...organizerIds), name: fc.constantFrom('Ada', 'Bo') })
    .map(({ id, name }): Write => [
      `organizer-${id}`,
      { type: 'OrganizerDetailsChanged', data: { id, changes: { name } } },
    ]),
  fc
    .record({ id: fc.constantFrom(...categoryIds), name: fc.constantFrom('Jazz', 'Folk') })
    .map(({ id, name }): Write => [`category-${id}`, { type: 'CategoryChanged', data: { id, changes: { name } } }]),
  fc.constantFrom(...categoryIds).map((id): Write => [`category-${id}`, { type: 'CategoryDeleted', data: { id } }]),
  fc.constantFrom(...tagIds).map((id): Write => [`tag-${id}`, { type: 'TagDeleted', data: { id } }]),
  fc
    .constantFrom('a', 'b')
    .map((slug): Write => [`slug-event-en-${slug}`, { type: 'SlugReserved', data: { owner: 'event-1' } }]),
);

const history = fc
  .array(fc.oneof({ arbitrary: eventWrite, weight: 3 }, { arbitrary: itemWrite, weight: 1 }), {
    minLength: 1,
    maxLength: 30,
  })
  .map((writes) => [...items, ...writes]);

/** Every event's embedded copies and locations are what the read model gives now; every count is a fresh count. */
async function expectInvariants(readStore: ReadStore): Promise<void> {
  const events = [];
  for await (const doc of readStore.documents('events')) events.push(doc);
  for (const doc of events) {
    const embedded = await embedLinks(readStore, doc, testMemos.lists);
    expect(doc.embedded, `event ${doc.id}`).to.deep.equal(embedded);
    expect(doc.venueLocations, `event ${doc.id}`).to.deep.equal(venueLocationsOf(embedded.venues, testMemos.venues));
  }
  for (const field of ['categories', 'tags'] as const) {
    for await (const term of readStore.documents(field)) {
      if (term.doc.deleted) continue;
      const counted = events.filter(
        (doc) => doc.status === 'publish' && doc.language === term.doc.language && doc[field].includes(term.doc.id),
      );
      expect(term.count, `${field} ${term.doc.id}`).to.equal(counted.length);
    }
  }
}

describe('read model invariants over random histories', () => {
  it('hold after every event, and replays give what the live runner built', async function () {
    this.timeout(60_000);
    await fc.assert(
      fc.asyncProperty(history, async (writes) => {
        const temp = await openTempStore();
        try {
          const live = createMemoryReadStore(testMemos);
          const runner = new ProjectionRunner(temp.store, live, testProjections);
          await runner.start();
          const stepwise = createMemoryReadStore(testMemos);
          for (const [stream, event] of writes) {
            // A stream is created once, as the deciders ensure (an event, for one, never changes language).
            const created =
              event.type.endsWith('Scheduled') || event.type.endsWith('Registered') || event.type.endsWith('Created');
            // Not durable: nothing here outlives the test, and 3,000 fsyncs would make it slow.
            const written = await temp.store
              .append(stream, [toNewEvent(event, ctx)], created ? NoStream : AnyRevision, { durable: false })
              .catch((error: unknown) => {
                if (error instanceof WrongExpectedRevision) return undefined;
                throw error;
              });
            if (!written) continue;
            const [recorded] = await temp.store.readAll({ after: written.position - 1n, maxCount: 1 });
            if (recorded) applyRecordedEvent(recorded, testProjections, stepwise.projectionTarget as ProjectionTarget);
            await expectInvariants(stepwise);
            expect(await runner.waitFor(written.position, 5000)).to.equal(true);
          }
          await runner.stop();
          const liveDigest = await digestReadStore(live, { detail: true });
          expect(await digestReadStore(stepwise, { detail: true })).to.deep.equal(liveDigest);

          const replayed = createMemoryReadStore(testMemos);
          await replayInto(temp.store, replayed, { handlers: testProjections, pageSize: 7 });
          expect(await digestReadStore(replayed, { detail: true })).to.deep.equal(liveDigest);
          // Idempotent: everything again, over the documents it built.
          await replayInto(temp.store, replayed, { handlers: testProjections });
          expect(await digestReadStore(replayed, { detail: true })).to.deep.equal(liveDigest);
        } finally {
          await temp.dispose();
        }
      }),
      { numRuns: 100 },
    );
  });
});

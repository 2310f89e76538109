// Specification of the event command handlers against a real embedded store: commits, slug claims, the reported stream.
import { StreamLocks } from '../../../src/commands/streamLocks.ts';
import { expect } from 'chai';
import type { Either } from 'fp-ts/lib/Either.js';
import {
  changeEventDetails,
  scheduleEvent,
  trashEvent,
  type EventCommandDeps,
  type EventWritten,
} from '../../../src/commands/events/eventCommands.ts';
import type { ScheduleDefaults } from '../../../src/commands/events/eventDecider.ts';
import type { CommandError } from '../../../src/commands/errors.ts';
import { claimHolder } from '../../../src/commands/registries/claims.ts';
import { IdAllocator } from '../../../src/commands/registries/idAllocator.ts';
import { SlugRegistry, slugStreamId } from '../../../src/commands/registries/slugRegistry.ts';
import type { WriteContext } from '../../../src/events/catalogue/envelope.ts';
import { eventStreamId } from '../../../src/events/catalogue/calendarEvents.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { testZones } from '../../support/memos.ts';
import { recordingReads, startsOf, type StreamRead } from '../../support/recordingReads.ts';
import { StreamStates } from '../../../src/commands/streamStates.ts';
import { openLmdbEventStore } from '../../../src/events/embedded/lmdbEventStore.ts';
import { join } from 'node:path';
import type { EventStore, RecordedEvent } from '../../../src/events/eventStore.ts';

const ctx: WriteContext = { actor: '1', now: new Date('2025-11-10T12:00:00Z'), correlationId: 'c', causationId: 'c' };
const defaults: ScheduleDefaults = { language: 'en', author: '1', status: 'publish', timezone: 'Europe/Madrid' };
const dates = { start: '2026-03-01 20:00:00', end: '2026-03-01 22:00:00' };

function written(outcome: Either<CommandError, EventWritten>): EventWritten {
  if (outcome._tag === 'Left') return expect.fail(`expected a write, got ${JSON.stringify(outcome.left)}`);
  return outcome.right;
}

describe('event commands', () => {
  let temp: TempStore;
  let deps: EventCommandDeps;
  beforeEach(async () => {
    temp = await openTempStore();
    deps = {
      store: temp.store,
      postIds: new IdAllocator(temp.store, 'ids-post'),
      slugs: new SlugRegistry(temp.store),
      locks: new StreamLocks(),
      zones: testZones,
    };
  });
  afterEach(async () => temp.dispose());

  const schedule = async (title: string, slug?: string) =>
    written(
      await scheduleEvent(
        deps,
        { request: { title, ...dates }, ...(slug !== undefined ? { slug } : {}) },
        defaults,
        ctx,
      ),
    );

  it("commits a create's slug claim together with its event: one commit besides the id block", async () => {
    const before = temp.store.lastTransactionId();
    const created = await schedule('Jazz Night');
    expect(temp.store.lastTransactionId() - before).to.equal(2);
    expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'jazz-night'))).to.equal(
      eventStreamId(created.id),
    );
  });

  it('reports the stream each write left, exactly as the store recorded it', async () => {
    // A read marks the events it read back in the store's own encoding (`asWritten`): how they were read, not what
    // was recorded, and a write's stream holds the events its state was folded from as they were read.
    const unmarked = (stream: readonly RecordedEvent[] = []) =>
      stream.map(({ asWritten: _readAsWritten, ...event }) => event);
    const recorded = async (id: number) => unmarked(await temp.store.readStream(eventStreamId(id)));
    const created = await schedule('Blues Night');
    expect(unmarked(created.stream)).to.deep.equal(await recorded(created.id));
    const changed = written(
      await changeEventDetails(deps, created.id, { request: { description: 'Live', featured: true } }, ctx),
    );
    expect(unmarked(changed.stream)).to.deep.equal(await recorded(created.id));
    const trashed = written(await trashEvent(deps, created.id, ctx));
    expect(trashed.stream).to.have.length(3);
    expect(unmarked(trashed.stream)).to.deep.equal(await recorded(created.id));
  });

  it('keeps the claim of a suffixed slug the event already holds when it asks for the taken base', async () => {
    const first = await schedule('Party');
    const second = await schedule('Party');
    const renamed = written(await changeEventDetails(deps, second.id, { request: {}, slug: 'party' }, ctx));
    expect(renamed.revision).to.equal(1n);
    expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'party'))).to.equal(eventStreamId(first.id));
    expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'party-2'))).to.equal(eventStreamId(second.id));
    const third = await schedule('Party');
    expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'party-3'))).to.equal(eventStreamId(third.id));
  });

  describe('slug claims of creates', () => {
    const readsOfSlug = async (title: string, slug: string): Promise<(bigint | undefined)[]> => {
      const reads: StreamRead[] = [];
      const store = recordingReads(temp.store, reads);
      const recording = { ...deps, store, slugs: new SlugRegistry(store) };
      written(await scheduleEvent(recording, { request: { title, ...dates } }, defaults, ctx));
      return startsOf(reads, slugStreamId('event', 'en', slug));
    };

    it('claims a free slug without reading its claim stream', async () => {
      expect(await readsOfSlug('Gospel Night', 'gospel-night')).to.deep.equal([]);
      expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'gospel-night'))).to.match(/^event-/);
    });

    it('reads the claim stream when the unread claim is refused: taken, or released and free again', async () => {
      const first = await schedule('Party');
      expect(await readsOfSlug('Party', 'party')).to.deep.equal([undefined]);
      expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'party-2'))).to.match(/^event-/);
      written(await trashEvent(deps, first.id, ctx));
      expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'party'))).to.equal(null);
      expect(await readsOfSlug('Party', 'party')).to.deep.equal([undefined]);
      expect(await claimHolder(temp.store, slugStreamId('event', 'en', 'party'))).to.not.equal(null);
    });
  });

  describe('with kept event states', () => {
    const keeping = (store: EventStore = temp.store): EventCommandDeps => ({
      ...deps,
      store,
      postStates: new StreamStates(),
    });

    it('folds an update from the kept state: only the events after it are read', async () => {
      const reads: StreamRead[] = [];
      const kept = keeping(recordingReads(temp.store, reads));
      const created = await schedule('Folk Night');
      for (const description of ['One', 'Two', 'Three'])
        written(await changeEventDetails(kept, created.id, { request: { description } }, ctx));
      expect(startsOf(reads, eventStreamId(created.id))).to.deep.equal([undefined, 1n, 2n]);
    });

    it('sees an update another process stored after the kept state (If-Match names its revision)', async () => {
      const kept = keeping();
      const created = await schedule('Soul Night');
      written(await changeEventDetails(kept, created.id, { request: { description: 'Here' } }, ctx));
      const other = await openLmdbEventStore(join(temp.dir, 'events'));
      try {
        const otherDeps = { ...deps, store: other, locks: new StreamLocks() };
        written(await changeEventDetails(otherDeps, created.id, { request: { description: 'There' } }, ctx));
      } finally {
        await other.close();
      }
      const guard = { ifMatch: 2n };
      const next = written(await changeEventDetails(kept, created.id, { request: { featured: true } }, ctx, guard));
      expect(next.revision).to.equal(3n);
      const stale = await changeEventDetails(kept, created.id, { request: { featured: false } }, ctx, guard);
      expect(stale).to.deep.equal({ _tag: 'Left', left: { kind: 'precondition-failed' } });
    });
  });
});

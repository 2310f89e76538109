// Specifies the read-model snapshot: loaded and caught up it equals a full replay; any doubt about it (other code,
// other format, damage, another store) means it is ignored with a reason and the read store is left empty.
import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Packr } from 'msgpackr';
import { seed } from '../../../bench/seed.ts';
import { layoutOf, quickShape } from '../../../bench/seedShape.ts';
import { AnyRevision, type EventStore } from '../../../src/events/eventStore.ts';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import type { DomainEvent } from '../../../src/events/catalogue/index.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../../src/projections/replay.ts';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import type { EventDocument } from '../../../src/projections/events/eventDocument.ts';
import { digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import {
  loadReadModelSnapshot,
  saveReadModelSnapshot,
  type SnapshotLoad,
} from '../../../src/projections/snapshot/readModelSnapshot.ts';
import { decodeSnapshotHeader, snapshotFormat } from '../../../src/projections/snapshot/snapshotCodec.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { testMemos, testProjections } from '../../support/memos.ts';

const seededAt = new Date('2026-11-22T10:52:28Z');
const seededEvents = 3_000;
const fingerprint = 'fingerprint-of-this-code';
const ctx = {
  actor: '1',
  now: new Date('2026-11-23T09:00:00Z'),
  correlationId: randomUUID(),
  causationId: randomUUID(),
};

const digestOf = (readStore: ReadStore) => digestReadStore(readStore, { detail: true });

async function replayed(store: EventStore, upTo?: bigint): Promise<ReadStore> {
  const readStore = createMemoryReadStore(testMemos);
  await replayInto(
    store,
    readStore,
    upTo === undefined ? { handlers: testProjections } : { upTo, handlers: testProjections },
  );
  return readStore;
}

const append = (store: EventStore, streamId: string, event: DomainEvent) =>
  store.append(streamId, [toNewEvent(event, ctx)], AnyRevision);

/** The file with its header changed: the magic line, the header's length, the header, the body as they were. */
function withHeader(file: Buffer, change: Record<string, unknown>): Buffer {
  const decoded = decodeSnapshotHeader(file);
  if (!decoded.ok) throw new Error(decoded.reason);
  const magicLength = file.indexOf('\n') + 1;
  const header = new Packr().pack({ ...decoded.value.header, ...change });
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([file.subarray(0, magicLength), length, header, file.subarray(decoded.value.bodyOffset)]);
}

describe('read-model snapshot', function () {
  this.timeout(60_000);
  let temp: TempStore;
  let path: string;
  /** The snapshot's position: the middle of the seed, so that events of every kind come after it. */
  let middle: bigint;

  before(async () => {
    temp = await openTempStore();
    path = join(temp.dir, 'read-model.snapshot');
    await seed(temp.store, quickShape, seededAt, seededEvents);
    middle = (await temp.store.headPosition()) / 2n;
    const saved = await saveReadModelSnapshot(path, temp.store, await replayed(temp.store, middle), fingerprint);
    expect(saved).to.include({ kind: 'saved', position: middle });
  });
  after(async () => temp.dispose());

  async function load(
    file = path,
    store: EventStore = temp.store,
    print = fingerprint,
  ): Promise<{ outcome: SnapshotLoad; readStore: ReadStore }> {
    const readStore = createMemoryReadStore(testMemos);
    return { outcome: await loadReadModelSnapshot(file, store, readStore, print), readStore };
  }

  async function expectIgnored(
    file: string,
    reason: RegExp,
    store: EventStore = temp.store,
    print = fingerprint,
  ): Promise<void> {
    const { outcome, readStore } = await load(file, store, print);
    expect(outcome.kind).to.equal('ignored');
    expect((outcome as { reason: string }).reason).to.match(reason);
    expect(await digestOf(readStore), 'the read store is left empty').to.deep.equal(
      await digestOf(createMemoryReadStore(testMemos)),
    );
    expect(await readStore.checkpoints.get('read-model')).to.equal(undefined);
  }

  function damaged(name: string, bytes: Buffer): string {
    const file = join(temp.dir, name);
    writeFileSync(file, bytes);
    return file;
  }

  it('loads the documents of its position with that position as the checkpoint', async () => {
    const { outcome, readStore } = await load();
    expect(outcome).to.include({ kind: 'loaded', position: middle });
    expect(await readStore.checkpoints.get('read-model')).to.equal(middle);
    expect(await digestOf(readStore)).to.deep.equal(await digestOf(await replayed(temp.store, middle)));
  });

  it(
    'loads events that share their embedded copies and short lists, as replayed ones do ' +
      '(frozen, so never changed in place)',
    async () => {
      const { readStore } = await load();
      const events: EventDocument[] = [];
      for await (const doc of readStore.documents('events')) events.push(doc);
      const withVenue = events.filter((doc) => doc.embedded.venues.length === 1);
      expect(withVenue.length).to.be.above(0);
      for (const doc of withVenue) expect(Object.isFrozen(doc.embedded.venues)).to.equal(true);
      const listOf = new Map(withVenue.map((doc) => [doc.embedded.venues[0], doc.embedded.venues]));
      expect(listOf.size).to.be.below(withVenue.length);
      for (const doc of withVenue) expect(doc.embedded.venues).to.equal(listOf.get(doc.embedded.venues[0]));
    },
  );

  it(
    'caught up with the events written after it, equals a full replay (linked items changed and ' + 'deleted included)',
    async () => {
      let linked: EventDocument | undefined;
      for await (const doc of (await replayed(temp.store, middle)).documents('events')) {
        const { venues, categories, tags } = doc.embedded;
        if (venues.length > 0 && categories.length > 0 && tags.length > 0) linked ??= doc;
      }
      if (!linked) throw new Error('the seed has no event linking a venue, a category and a tag before the snapshot');
      const [venue, category, tag] = [linked.embedded.venues, linked.embedded.categories, linked.embedded.tags].map(
        (copies) => copies[0]?.id as number,
      ) as [number, number, number];
      await append(temp.store, `venue-${venue}`, {
        type: 'VenueDetailsChanged',
        data: { id: venue, changes: { name: 'Renamed after the snapshot' } },
      } as DomainEvent);
      await append(temp.store, `tag-${tag}`, {
        type: 'TagChanged',
        data: { id: tag, changes: { name: 'renamed tag' } },
      });
      await append(temp.store, `category-${category}`, { type: 'CategoryDeleted', data: { id: category } });

      const { outcome, readStore } = await load();
      expect(outcome.kind).to.equal('loaded');
      const caughtUp = await replayInto(temp.store, readStore, { handlers: testProjections, after: middle });
      expect(caughtUp.appliedEvents).to.equal(Number((await temp.store.headPosition()) - middle));
      const full = await replayed(temp.store);
      expect(await digestOf(readStore)).to.deep.equal(await digestOf(full));
      expect((await readStore.events.get((linked as EventDocument).id))?.embedded.venues[0]?.name).to.equal(
        'Renamed after the snapshot',
      );
    },
  );

  it('derives the venue locations of its events from their venues, shared as a replay shares them', async () => {
    const located = await openTempStore();
    try {
      await seed(located.store, quickShape, seededAt, seededEvents);
      const { firstVenue } = layoutOf(quickShape);
      for (let id = firstVenue; id < firstVenue + quickShape.venues; id++)
        await append(located.store, `venue-${id}`, {
          type: 'VenueDetailsChanged',
          data: { id, changes: { geo: { lat: 41 + id / 1000, lng: 2 - id / 1000 } } },
        } as DomainEvent);
      const file = join(located.dir, 'located.snapshot');
      await saveReadModelSnapshot(file, located.store, await replayed(located.store), fingerprint);
      const { outcome, readStore } = await load(file, located.store);
      expect(outcome.kind).to.equal('loaded');
      expect(await digestOf(readStore)).to.deep.equal(await digestOf(await replayed(located.store)));
      const events: EventDocument[] = [];
      for await (const doc of readStore.documents('events')) events.push(doc);
      const withOneVenue = events.filter((doc) => doc.embedded.venues.length === 1);
      expect(withOneVenue.length).to.be.above(0);
      for (const doc of withOneVenue) {
        const venue = doc.embedded.venues[0] as { geoLat: number; geoLng: number };
        expect(doc.venueLocations).to.deep.equal([{ type: 'Point', coordinates: [venue.geoLng, venue.geoLat] }]);
      }
      const listOf = new Map(withOneVenue.map((doc) => [doc.embedded.venues[0], doc.venueLocations]));
      for (const doc of withOneVenue) expect(doc.venueLocations).to.equal(listOf.get(doc.embedded.venues[0]));
    } finally {
      await located.dispose();
    }
  });

  it('is absent when there is no file', async () => {
    expect((await load(join(temp.dir, 'none.snapshot'))).outcome).to.deep.equal({ kind: 'absent' });
  });

  it('is ignored when other projection code wrote it', async () => {
    await expectIgnored(path, /fingerprint differs/, temp.store, 'another fingerprint');
  });

  it('is ignored when written in another format', async () => {
    await expectIgnored(damaged('format.snapshot', withHeader(readFileSync(path), { format: 99 })), /format 99/);
  });

  it('is ignored when written in the format before this one (the start then replays the whole store)', async () => {
    const older = withHeader(readFileSync(path), { format: snapshotFormat - 1 });
    await expectIgnored(
      damaged('older.snapshot', older),
      new RegExp(`format ${snapshotFormat - 1}, this code reads format ${snapshotFormat}`),
    );
  });

  it('is ignored when truncated, in its body or its header', async () => {
    const file = readFileSync(path);
    await expectIgnored(damaged('short-body.snapshot', file.subarray(0, file.length - 100)), /truncated/);
    await expectIgnored(
      damaged('short-header.snapshot', file.subarray(0, 40)),
      /truncated|unreadable|not a read-model/,
    );
    await expectIgnored(damaged('empty.snapshot', Buffer.alloc(0)), /not a read-model/);
  });

  it('is ignored when damaged: random bytes, or a byte changed in its body', async () => {
    await expectIgnored(damaged('random.snapshot', randomBytes(100_000)), /not a read-model/);
    const file = Buffer.from(readFileSync(path));
    const at = file.length - Math.floor(file.length / 3);
    file[at] = (file[at] as number) ^ 0xff;
    await expectIgnored(damaged('flipped.snapshot', file), /checksum/);
  });

  it('is ignored on another store: another event at its position, or none there', async () => {
    const other = await openTempStore();
    try {
      // Seeded alike a minute later: the same streams and types at the same positions, other times and ids.
      await seed(other.store, quickShape, new Date(seededAt.getTime() + 60_000), seededEvents);
      await expectIgnored(path, /another event at the snapshot's position/, other.store);
    } finally {
      await other.dispose();
    }
    const shorter = await openTempStore();
    try {
      await seed(shorter.store, quickShape, seededAt, Number(middle) / 2);
      await expectIgnored(path, /no event at the snapshot's position/, shorter.store);
    } finally {
      await shorter.dispose();
    }
  });

  it('is ignored when its header names another event of this store', async () => {
    const file = withHeader(readFileSync(path), { position: String(middle - 1n) });
    await expectIgnored(damaged('moved.snapshot', file), /another event/);
  });
});

// A batch flushed half-way by an unordered bulk write (MongoDB runs its operations in any order) can leave a later
// event's document written and an earlier one's not, with the batch's stale count marks. The write-behind replay that
// resumes from the checkpoint settles those marks before its first event: replaying the earlier event would
// otherwise move the stale count by one and clear its mark, and the later event, found written, would settle nothing.
import { expect } from 'chai';
import type { RecordedEvent } from '../../src/events/eventStore.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { compareDigests } from '../../src/projections/digest/digestComparison.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { readModelCheckpoint } from '../../src/projections/projectionStep.ts';
import type { ReadStore } from '../../src/projections/readStore.ts';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import { testMemos, testProjections } from '../support/memos.ts';
import { writtenStore, type WrittenStore } from './support/convergence.ts';
import { openTempStore } from '../support/tempStore.ts';
import { AnyRevision } from '../../src/events/eventStore.ts';
import { ProjectionRunner } from '../../src/projections/projectionRunner.ts';

const fast = { retry: { initialMs: 1, maxMs: 5 }, checkpointIdleMs: 1 };

const batched = { handlers: testProjections, writeBehind: { eventsPerFlush: 50, venueLocations: testMemos.venues } };

const scheduled = (title: string) => (recorded: RecordedEvent) =>
  recorded.type === 'EventScheduled' && (recorded.data as { facts?: { title?: string } }).facts?.title === title;

async function replayedTo(written: WrittenStore, upTo: bigint): Promise<ReadStore> {
  const readStore = createMemoryReadStore(testMemos);
  await replayInto(written.store, readStore, { handlers: testProjections, upTo });
  return readStore;
}

async function differingCollections(readStore: ReadStore, expected: ReadStore): Promise<string[]> {
  const [digest, reference] = await Promise.all([
    digestReadStore(readStore, { detail: true }),
    digestReadStore(expected, { detail: true }),
  ]);
  return compareDigests(digest, reference)
    .filter((collection) => !collection.identical)
    .map(({ collection }) => collection);
}

interface HalfFlushed {
  readonly readStore: ReadStore;
  readonly checkpoint: bigint;
  /** The later event's position, and a fresh replay up to it. */
  readonly upTo: bigint;
  readonly fresh: ReadStore;
}

/**
 * The read store a batch after the checkpoint leaves when its flush stopped half-way: its marks and the later event
 * written, the earlier one not, and no count (the counts round never ran).
 */
async function halfFlushed(written: WrittenStore): Promise<HalfFlushed> {
  const recorded = await written.store.readAll();
  // Concert (Music, free) then Fair (Music, Outdoor, family): two published events sharing the Music count.
  const earlier = recorded.findIndex(scheduled('Concert'));
  const later = recorded.findIndex(scheduled('Fair'));
  expect([earlier, later].every((index) => index > 0) && earlier < later).to.equal(true);
  const checkpoint = (recorded[earlier - 1] as RecordedEvent).position;
  const upTo = (recorded[later] as RecordedEvent).position;

  const readStore = await replayedTo(written, checkpoint);
  const fresh = await replayedTo(written, upTo);
  const documentOf = async (index: number) =>
    (await fresh.events.get((recorded[index]?.data as { id: number }).id)) as EventDocument;
  const [concert, laterDocument] = [await documentOf(earlier), await documentOf(later)];
  await readStore.events.put(laterDocument);
  await readStore.categories.markCountsStale([...concert.categories, ...laterDocument.categories]);
  await readStore.tags.markCountsStale([...concert.tags, ...laterDocument.tags]);
  expect(await readStore.events.get(concert.id)).to.equal(undefined);
  expect(await readStore.checkpoints.get(readModelCheckpoint)).to.equal(checkpoint);

  return { readStore, checkpoint, upTo, fresh };
}

describe('a write-behind replay resuming after a half-done unordered flush', function () {
  this.timeout(60_000);
  let written: WrittenStore;
  before(async () => (written = await writtenStore()));
  after(async () => written.dispose());

  it('settles the marked counts before its first event and ends with the fresh replay digest', async () => {
    const { readStore, checkpoint, upTo, fresh } = await halfFlushed(written);
    await replayInto(written.store, readStore, { ...batched, after: checkpoint, upTo });
    expect(await differingCollections(readStore, fresh)).to.deep.equal([]);
    expect(await readStore.categories.staleCounts()).to.deep.equal([]);
  });

  it('is resumed by the live projector, which settles the marked counts when it starts', async () => {
    const { readStore, upTo, fresh } = await halfFlushed(written);
    // The projector runs to the head: a copy of the store ending with the later event, at the same positions.
    const copy = await openTempStore();
    try {
      for (const recorded of await written.store.readAll({ maxCount: Number(upTo) + 1 }))
        await copy.store.append(recorded.streamId, [recorded], AnyRevision);
      expect(await copy.store.headPosition()).to.equal(upTo);
      const runner = new ProjectionRunner(copy.store, readStore, testProjections, fast);
      await runner.start();
      expect(await runner.waitFor(upTo, 20_000)).to.equal(true);
      await runner.stop();
    } finally {
      await copy.dispose();
    }
    expect(await differingCollections(readStore, fresh)).to.deep.equal([]);
    expect(await readStore.categories.staleCounts()).to.deep.equal([]);
  });
});

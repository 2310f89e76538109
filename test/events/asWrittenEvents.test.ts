// A replay from the embedded store, and a write reading an item's stream, take the events read back exactly as the
// store writes them as their catalogue type without checking them again (`asWritten`); every other event is still
// checked against the catalogue's codec, so a record written in another encoding, or damaged, is refused as before.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { Packr } from 'msgpackr';
import { openLmdbEventStore, type LmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { NoStream, type RecordedEvent } from '../../src/events/eventStore.ts';
import { catalogue } from '../../src/events/catalogue/index.ts';
import { decodeDomainEvent } from '../../src/events/catalogue/envelope.ts';
import { exampleData } from '../../src/events/catalogue/examples.ts';

const metadataAt = (schemaVersion: number) => ({
  actor: 'user:1',
  occurredAt: '2026-11-22T10:52:28.000Z',
  correlationId: 'c',
  causationId: 'c',
  schemaVersion,
});
const current = catalogue.EventScheduled.version;
const scheduled = { type: 'EventScheduled', data: exampleData.EventScheduled, metadata: metadataAt(current) };
/** Data the codec refuses: an event without facts. */
const broken = { type: 'EventScheduled', data: { id: 8 }, metadata: metadataAt(current) };
const wanted = new Set(['EventScheduled']);
/** msgpack without msgpackr's records (plain maps): valid msgpack, but not the encoding the store writes. */
const foreign = new Packr({ useRecords: false });

describe('events read back as the embedded store wrote them', () => {
  let dir: string;
  let store: LmdbEventStore | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cal-as-written-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** The store after `put` wrote raw values under the next positions, with the store closed. */
  async function storeWithRawRecords(
    put: (raw: (position: number, bytes: Uint8Array, stream?: [string, number]) => void) => void,
  ) {
    const path = join(dir, 'events');
    const first = await openLmdbEventStore(path);
    await first.append('event-7', [scheduled], NoStream);
    await first.close();
    const root = open(path, {});
    const events = root.openDB<Uint8Array, number>('events', { encoding: 'binary' });
    const streamIndex = root.openDB<number, [string, number]>('streamIndex', {});
    const heads = root.openDB<number, string>('heads', {});
    put((position, bytes, stream) => {
      events.putSync(position, bytes);
      if (!stream) return;
      streamIndex.putSync(stream, position);
      heads.putSync(stream[0], stream[1]);
    });
    await root.close();
    store = await openLmdbEventStore(path);
    return store;
  }

  const read = async (from: LmdbEventStore): Promise<RecordedEvent[]> =>
    (await from.readAllPassingOver({}, await from.headPosition(), wanted)).filter(
      (item): item is RecordedEvent => typeof item !== 'bigint',
    );

  it('marks the events appended through the store in a replay, not in a read of all events', async () => {
    const opened = await storeWithRawRecords(() => undefined);
    const [replayed] = await read(opened);
    expect(replayed?.asWritten).to.equal(true);
    expect(decodeDomainEvent(replayed as RecordedEvent)).to.deep.equal({
      type: 'EventScheduled',
      data: exampleData.EventScheduled,
    });
    const [readOtherwise] = await opened.readAll();
    expect(readOtherwise?.asWritten).to.equal(undefined);
  });

  it('marks the events of a stream read for a write, appended through the store', async () => {
    const opened = await storeWithRawRecords(() => undefined);
    const [read7] = await opened.readStream('event-7');
    expect(read7?.asWritten).to.equal(true);
    expect(decodeDomainEvent(read7 as RecordedEvent)).to.deep.equal({
      type: 'EventScheduled',
      data: exampleData.EventScheduled,
    });
  });

  it('checks a record of a stream in another encoding beside one the store wrote, each on its own', async () => {
    const opened = await storeWithRawRecords((raw) => {
      raw(1, foreign.pack(['event-8', 0, broken.type, broken.data, broken.metadata]), ['event-8', 0]);
    });
    await opened.append('event-8', [{ ...scheduled, data: { ...exampleData.EventScheduled, id: 8 } }], 0n);
    for (let round = 0; round < 2; round++) {
      const [foreignBroken, appended] = await opened.readStream('event-8');
      expect(foreignBroken?.asWritten).to.equal(undefined);
      expect(decodeDomainEvent(foreignBroken as RecordedEvent)).to.equal(undefined);
      expect(appended?.asWritten).to.equal(true);
      const [fromSecond] = await opened.readStream('event-8', { fromRevision: 1n });
      expect(fromSecond?.asWritten).to.equal(true);
    }
  });

  it('checks a record in another encoding, and refuses it when the codec does', async () => {
    const opened = await storeWithRawRecords((raw) => {
      raw(1, foreign.pack(['event-8', 0, broken.type, broken.data, broken.metadata]));
    });
    const [appended, foreignBroken] = await read(opened);
    expect(appended?.asWritten).to.equal(true);
    expect(foreignBroken?.position).to.equal(1n);
    expect(foreignBroken?.asWritten).to.equal(undefined);
    expect(decodeDomainEvent(foreignBroken as RecordedEvent)).to.equal(undefined);
  });

  it('refuses a damaged record: cut short, it is not read as an event at all', async () => {
    const opened = await storeWithRawRecords((raw) => {
      const whole = foreign.pack(['event-8', 0, scheduled.type, scheduled.data, scheduled.metadata]);
      raw(1, whole.subarray(0, whole.length - 5));
    });
    let failure: unknown;
    try {
      await read(opened);
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(Error);
  });

  it('still checks an event read as written at an earlier schema version, and one without the mark', () => {
    const recorded = { streamId: 'event-8', revision: 0n, position: 1n, ...broken };
    expect(decodeDomainEvent({ ...recorded, metadata: metadataAt(current - 1), asWritten: true })).to.equal(undefined);
    expect(decodeDomainEvent(recorded)).to.equal(undefined);
  });
});

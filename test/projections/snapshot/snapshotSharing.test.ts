// Specifies what a snapshot's body shares so that a load makes fewer objects: costs written once per distinct value
// and shared (frozen) by the loaded documents, the texts every document repeats (language, status, zone...) written
// once and referred to by number, each link field's ids and copies written once per distinct pair, and texts equal to
// another field of the document written as a mark.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seed } from '../../../bench/seed.ts';
import { quickShape } from '../../../bench/seedShape.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../../src/projections/replay.ts';
import { digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import type { EventDocument } from '../../../src/projections/events/eventDocument.ts';
import { loadReadModelSnapshot, saveReadModelSnapshot } from '../../../src/projections/snapshot/readModelSnapshot.ts';
import { bodyOf, decodeSnapshotHeader } from '../../../src/projections/snapshot/snapshotCodec.ts';
import {
  bodyFrames,
  frameReader,
  sameText,
  type EncodedEvent,
  type EventFrame,
} from '../../../src/projections/snapshot/snapshotFrames.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { testMemos, testProjections } from '../../support/memos.ts';

const fingerprint = 'fingerprint-of-this-code';

/** The body's frames as written: the events as encoded, and the costs each frame brings. */
function encodedFrames(path: string): EventFrame[] {
  const file = readFileSync(path);
  const header = decodeSnapshotHeader(file);
  if (!header.ok) throw new Error(header.reason);
  const body = bodyOf(file, header.value.header, header.value.bodyOffset);
  if (!body.ok) throw new Error(body.reason);
  const reader = frameReader();
  const [, ...frames] = [...bodyFrames(body.value)].map((frame) => reader.read(frame));
  reader.done();
  return frames as EventFrame[];
}

describe('read-model snapshot sharing', function () {
  this.timeout(60_000);
  let temp: TempStore;
  let path: string;
  let replayedEvents: EventDocument[];

  before(async () => {
    temp = await openTempStore();
    path = join(temp.dir, 'read-model.snapshot');
    await seed(temp.store, quickShape, new Date('2026-11-22T10:52:28Z'), 1_500);
    const replayed = createMemoryReadStore(testMemos);
    await replayInto(temp.store, replayed, { handlers: testProjections });
    replayedEvents = [];
    for await (const doc of replayed.documents('events')) replayedEvents.push(doc);
    expect(await saveReadModelSnapshot(path, temp.store, replayed, fingerprint)).to.include({ kind: 'saved' });
  });
  after(async () => temp.dispose());

  it('writes each distinct cost and repeated text once, and texts equal to their partner field as a mark', () => {
    const frames = encodedFrames(path);
    const costs = frames.flatMap((frame) => frame.costs);
    const distinct = new Set(replayedEvents.flatMap((doc) => (doc.cost ? [JSON.stringify(doc.cost)] : [])));
    expect(costs.map((cost) => JSON.stringify(cost))).to.have.members([...distinct]);
    const encoded = new Map<number, EncodedEvent>(frames.flatMap((f) => f.events.map((e) => [e.id, e])));
    for (const doc of replayedEvents) {
      const written = encoded.get(doc.id) as EncodedEvent;
      expect(written.cost === null ? null : costs[written.cost]).to.deep.equal(doc.cost);
      expect(written.publishedUtc).to.equal(doc.publishedUtc === doc.modifiedUtc ? sameText : doc.publishedUtc);
      expect(written.startUtc).to.equal(doc.startUtc === doc.start ? sameText : doc.startUtc);
      expect(written.endUtc).to.equal(doc.endUtc === doc.end ? sameText : doc.endUtc);
    }
    const texts = frames.flatMap((frame) => frame.texts);
    expect(new Set(texts).size, 'each text once').to.equal(texts.length);
    for (const doc of replayedEvents) {
      const written = encoded.get(doc.id) as EncodedEvent;
      for (const field of ['language', 'author', 'status', 'timezone', 'timezoneAbbr'] as const)
        expect(texts[written[field]], field).to.equal(doc[field]);
      const before = written.statusBeforeTrash;
      expect(before === null ? null : texts[before]).to.equal(doc.statusBeforeTrash);
    }
    const links = frames.flatMap((frame) => frame.links);
    const copies = frames.flatMap((frame) => frame.embedded);
    expect(links.length, 'link entries shared by the events').to.be.below(replayedEvents.length * 4);
    for (const doc of replayedEvents) {
      const written = encoded.get(doc.id) as EncodedEvent;
      for (const field of ['venues', 'organizers', 'categories', 'tags'] as const) {
        const entry = links[written[field]];
        expect(entry?.ids, field).to.deep.equal(doc[field]);
        expect(
          entry?.copies.map((index) => copies[index]),
          field,
        ).to.deep.equal(doc.embedded[field]);
      }
    }
    expect([...encoded.values()].some((e) => e.startUtc === sameText)).to.equal(true);
    expect([...encoded.values()].some((e) => e.startUtc !== sameText)).to.equal(true);
  });

  it('loads documents equal to the replayed ones, those of one price sharing one frozen cost', async () => {
    const readStore = createMemoryReadStore(testMemos);
    expect((await loadReadModelSnapshot(path, temp.store, readStore, fingerprint)).kind).to.equal('loaded');
    const replayed = createMemoryReadStore(testMemos);
    await replayInto(temp.store, replayed, { handlers: testProjections });
    expect(await digestReadStore(readStore, { detail: true })).to.deep.equal(
      await digestReadStore(replayed, { detail: true }),
    );
    const loaded: EventDocument[] = [];
    for await (const doc of readStore.documents('events')) loaded.push(doc);
    const priced = loaded.filter((doc) => doc.cost !== null);
    const shared = new Map(priced.map((doc) => [JSON.stringify(doc.cost), doc.cost]));
    expect(shared.size).to.be.below(priced.length);
    for (const doc of priced) {
      expect(doc.cost).to.equal(shared.get(JSON.stringify(doc.cost)));
      expect(Object.isFrozen(doc.cost) && Object.isFrozen(doc.cost?.entries)).to.equal(true);
    }
  });
});

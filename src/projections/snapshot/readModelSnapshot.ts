// The memory read model saved (in the background and at graceful close) and loaded at the next start, so that a
// start applies only the events written since instead of replaying the whole store. Any doubt about a snapshot
// means a full replay, never a failure.
import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent } from '../../events/eventStore.ts';
import type { EventCollection, ReadModelCollection, ReadModelDocuments, ReadStore } from '../readStore.ts';
import type { EventDocument } from '../events/eventDocument.ts';
import { readModelCheckpoint } from '../projectionStep.ts';
import {
  decodeSnapshotBody,
  decodeSnapshotHeader,
  bodyMatchesChecksum,
  bodyOf,
  encodeSnapshot,
  refused,
  type Decoded,
  type SnapshotDocuments,
  type SnapshotHeader,
  type StoreEventIdentity,
} from './snapshotCodec.ts';
import type { FrameSlicing } from './snapshotFrames.ts';
import { readSnapshotFile, writeFileAtomically, type SnapshotFileRead } from './snapshotFile.ts';

export { snapshotFileName } from './snapshotFile.ts';

/** Milliseconds a load spent in each step, for the log and the bench (bench/snapshotLoad.ts). */
export interface SnapshotLoadPhases {
  /** Reading the file (what is left to wait for of a read started early, see `readSnapshotFile`). */
  readonly readMs: number;
  /** The header, and the store's event at its position. */
  readonly checkMs: number;
  /** The documents out of the body. */
  readonly decodeMs: number;
  /** Waiting, after decoding, for the body's checksum (computed off the main thread while it decoded). */
  readonly verifyMs: number;
  /** The documents into the read model and its indexes. */
  readonly restoreMs: number;
}

export type SnapshotLoad =
  | {
      readonly kind: 'loaded';
      readonly position: bigint;
      readonly documents: number;
      readonly bytes: number;
      readonly phases: SnapshotLoadPhases;
    }
  | { readonly kind: 'absent' }
  | { readonly kind: 'ignored'; readonly reason: string };

export type SnapshotSave =
  | { readonly kind: 'saved'; readonly position: bigint; readonly documents: number; readonly bytes: number }
  | { readonly kind: 'skipped'; readonly reason: string };

function identityOf(event: RecordedEvent): StoreEventIdentity {
  const { streamId, revision, type, data, metadata } = event;
  const json = JSON.stringify({ streamId, revision: String(revision), type, data, metadata });
  return { streamId, revision: String(revision), type, digest: createHash('sha256').update(json).digest('hex') };
}

/** The identity of the store's event at exactly `position`; undefined when the store holds none there. */
async function identityAt(store: EventStore, position: bigint): Promise<StoreEventIdentity | undefined> {
  const [event] = await store.readAll({ ...(position > 0n ? { after: position - 1n } : {}), maxCount: 1 });
  return event?.position === position ? identityOf(event) : undefined;
}

const sameIdentity = (a: StoreEventIdentity, b: StoreEventIdentity): boolean =>
  a.streamId === b.streamId && a.revision === b.revision && a.type === b.type && a.digest === b.digest;

async function collect<C extends ReadModelCollection>(
  readStore: ReadStore,
  collection: C,
): Promise<ReadModelDocuments[C][]> {
  const documents: ReadModelDocuments[C][] = [];
  for await (const document of readStore.documents(collection)) documents.push(document);
  return documents;
}

const countOf = (documents: SnapshotDocuments): number =>
  documents.events.length +
  documents.venues.length +
  documents.organizers.length +
  documents.categories.length +
  documents.tags.length;

/** What a snapshot is made of: the documents of one moment and the read model's position at that moment. */
export interface ReadModelView {
  readonly position: bigint;
  readonly documents: SnapshotDocuments;
}

/** How the bytes are made and written: all at once at close, or a slice at a time beside a running service. */
export interface SnapshotWriting extends FrameSlicing {
  readonly write?: (path: string, parts: readonly Uint8Array[]) => Promise<void>;
}

/**
 * Writes the view, once the store is known to hold an event at its position (a snapshot never describes a state the
 * store does not hold).
 */
export async function writeReadModelSnapshot(
  path: string,
  store: EventStore,
  view: ReadModelView,
  fingerprint: string,
  writing: SnapshotWriting = {},
): Promise<SnapshotSave> {
  const { position, documents } = view;
  if (position < 0n) return { kind: 'skipped', reason: 'nothing projected yet' };
  const storeEvent = await identityAt(store, position);
  if (!storeEvent) return { kind: 'skipped', reason: `the store holds no event at the checkpoint ${position}` };
  const header = { fingerprint, position: String(position), storeEvent };
  const parts = await encodeSnapshot(header, documents, writing);
  await (writing.write ?? (async (to, bytes) => writeFileAtomically(to, bytes)))(path, parts);
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  return { kind: 'saved', position, documents: countOf(documents), bytes };
}

/**
 * Writes the read model at its checkpoint. The projection must be stopped: the documents are then those of exactly
 * that position (the memory store's `documents` awaits nothing, so nothing can land between two collections anyway).
 */
export async function saveReadModelSnapshot(
  path: string,
  store: EventStore,
  readStore: ReadStore,
  fingerprint: string,
): Promise<SnapshotSave> {
  const position = await readStore.checkpoints.get(readModelCheckpoint);
  if (position === undefined) return { kind: 'skipped', reason: 'nothing projected yet' };
  const documents: SnapshotDocuments = {
    events: await collect(readStore, 'events'),
    venues: await collect(readStore, 'venues'),
    organizers: await collect(readStore, 'organizers'),
    categories: await collect(readStore, 'categories'),
    tags: await collect(readStore, 'tags'),
  };
  return writeReadModelSnapshot(path, store, { position, documents }, fingerprint);
}

/** A read store a snapshot fills: its events take a snapshot's documents in one synchronous call (the memory one's). */
export interface RestorableReadStore extends ReadStore {
  readonly events: EventCollection & { putAll(docs: readonly EventDocument[]): void };
}

/** Puts every document as a projection would, in ascending id order, then the checkpoint the runner continues from. */
async function restore(documents: SnapshotDocuments, position: bigint, readStore: RestorableReadStore): Promise<void> {
  for (const doc of documents.venues) await readStore.venues.put(doc);
  for (const doc of documents.organizers) await readStore.organizers.put(doc);
  for (const [collection, terms] of [
    [readStore.categories, documents.categories],
    [readStore.tags, documents.tags],
  ] as const) {
    for (const { doc, count } of terms) {
      await collection.put(doc);
      await collection.setCount(doc.id, count);
    }
  }
  readStore.events.putAll(documents.events);
  await readStore.checkpoints.set(readModelCheckpoint, position);
}

/**
 * Fills an empty read store from the snapshot when it was written by this code for this store, and says why not
 * otherwise. On anything but `loaded` the read store is untouched, except after a failure inside `put`, which the
 * caller meets as a rejection (and answers with a fresh store). `read`: the file's read, when the caller started it
 * earlier (it must be of `path`).
 */
export async function loadReadModelSnapshot(
  path: string,
  store: EventStore,
  readStore: RestorableReadStore,
  fingerprint: string,
  read: Promise<SnapshotFileRead> = readSnapshotFile(path),
): Promise<SnapshotLoad> {
  const lap = stopwatch();
  const fileRead = await read;
  if (fileRead.kind === 'absent') return { kind: 'absent' };
  if (fileRead.kind === 'unreadable') return { kind: 'ignored', reason: `unreadable file (${fileRead.message})` };
  const file = fileRead.bytes;
  const readMs = lap();
  const checked = await checkedHeader(file, store, fingerprint);
  if (!checked.ok) return { kind: 'ignored', reason: checked.reason };
  const { header, bodyOffset } = checked.value;
  const checkMs = lap();
  const body = bodyOf(file, header, bodyOffset);
  if (!body.ok) return { kind: 'ignored', reason: body.reason };
  const intact = bodyMatchesChecksum(body.value, header);
  const documents = decodeSnapshotBody(body.value);
  const decodeMs = lap();
  // A damaged body may decode or fail to: either way the checksum is the reason given.
  if (!(await intact)) return { kind: 'ignored', reason: 'the body does not match its checksum: damaged' };
  const verifyMs = lap();
  if (!documents.ok) return { kind: 'ignored', reason: documents.reason };
  const position = BigInt(header.position);
  await restore(documents.value, position, readStore);
  const phases = { readMs, checkMs, decodeMs, verifyMs, restoreMs: lap() };
  return { kind: 'loaded', position, documents: countOf(documents.value), bytes: file.length, phases };
}

/** Milliseconds since the previous call (or the stopwatch's start), rounded. */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const ms = Math.round(now - last);
    last = now;
    return ms;
  };
}

/** The header, once it is of this code and names the store's event at its position. */
async function checkedHeader(
  file: Buffer,
  store: EventStore,
  fingerprint: string,
): Promise<Decoded<{ header: SnapshotHeader; bodyOffset: number }>> {
  const decoded = decodeSnapshotHeader(file);
  if (!decoded.ok) return decoded;
  const { header } = decoded.value;
  if (header.fingerprint !== fingerprint)
    return refused('written by other projection code (the code fingerprint differs)');
  const position = BigInt(header.position);
  const atPosition = await identityAt(store, position);
  if (!atPosition)
    return refused(`the event store holds no event at the snapshot's position ${position}: another or an older store`);
  if (!sameIdentity(atPosition, header.storeEvent))
    return refused(`the event store holds another event at the snapshot's position ${position}: another store`);
  return decoded;
}

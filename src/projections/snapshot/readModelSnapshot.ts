// The memory read model saved (in the background and at graceful close) and loaded at the next start, so that a
// start applies only the events written since instead of replaying the whole store. Any doubt about a snapshot
// means a full replay, never a failure.
import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent } from '../../events/eventStore.ts';
import type { ReadModelCollection, ReadModelDocuments, ReadStore } from '../readStore.ts';
import { readModelCheckpoint } from '../projectionStep.ts';
import {
  decodeSnapshotBody,
  decodeSnapshotHeader,
  encodeSnapshot,
  type SnapshotDocuments,
  type StoreEventIdentity,
} from './snapshotCodec.ts';
import type { FrameSlicing } from './snapshotFrames.ts';
import { readFileIfExists, writeFileAtomically } from './snapshotFile.ts';

/** The file's name inside the data directory. */
export const snapshotFileName = 'read-model.snapshot';

export type SnapshotLoad =
  | { readonly kind: 'loaded'; readonly position: bigint; readonly documents: number; readonly bytes: number }
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

/** Puts every document as a projection would, in ascending id order, then the checkpoint the runner continues from. */
async function restore(documents: SnapshotDocuments, position: bigint, readStore: ReadStore): Promise<void> {
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
  for (const doc of documents.events) await readStore.events.put(doc);
  await readStore.checkpoints.set(readModelCheckpoint, position);
}

/**
 * Fills an empty read store from the snapshot when it was written by this code for this store, and says why not
 * otherwise. On anything but `loaded` the read store is untouched, except after a failure inside `put`, which the
 * caller meets as a rejection (and answers with a fresh store).
 */
export async function loadReadModelSnapshot(
  path: string,
  store: EventStore,
  readStore: ReadStore,
  fingerprint: string,
): Promise<SnapshotLoad> {
  let file: Buffer | undefined;
  try {
    file = readFileIfExists(path);
  } catch (error) {
    return { kind: 'ignored', reason: `unreadable file (${(error as Error).message})` };
  }
  if (!file) return { kind: 'absent' };
  const header = decodeSnapshotHeader(file);
  if (!header.ok) return { kind: 'ignored', reason: header.reason };
  const { header: snapshot, bodyOffset } = header.value;
  if (snapshot.fingerprint !== fingerprint)
    return { kind: 'ignored', reason: 'written by other projection code (the code fingerprint differs)' };
  const position = BigInt(snapshot.position);
  const atPosition = await identityAt(store, position);
  if (!atPosition)
    return {
      kind: 'ignored',
      reason: `the event store holds no event at the snapshot's position ${position}: another or an older store`,
    };
  if (!sameIdentity(atPosition, snapshot.storeEvent))
    return {
      kind: 'ignored',
      reason: `the event store holds another event at the snapshot's position ${position}: another store`,
    };
  const body = decodeSnapshotBody(file, snapshot, bodyOffset);
  if (!body.ok) return { kind: 'ignored', reason: body.reason };
  await restore(body.value, position, readStore);
  return { kind: 'loaded', position, documents: countOf(body.value), bytes: file.length };
}

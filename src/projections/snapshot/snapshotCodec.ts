// The bytes of a read-model snapshot: a magic line, a small header that is checked before anything else is decoded,
// and the documents (msgpack), guarded by the header's length and SHA-256 so that a torn or damaged file is refused.
import { createHash, webcrypto } from 'node:crypto';
import { Packr, Unpackr } from 'msgpackr';
import type { EventDocument } from '../events/eventDocument.ts';
import { SharedLists } from '../events/sharedLists.ts';
import { VenueLocations } from '../events/venueLocations.ts';
import {
  bodyFrames,
  encodeBodyFrames,
  type EncodedEvent,
  type EventFrame,
  type FrameSlicing,
  frameReader,
  type FrameReader,
  sameText,
  type SnapshotDocuments,
} from './snapshotFrames.ts';
import { loadedLinks } from './snapshotLinks.ts';

export type { SnapshotDocuments } from './snapshotFrames.ts';

/** Bumped when the layout below changes; projection code changes are caught by the code fingerprint instead. */
export const snapshotFormat = 4;

const magic = Buffer.from('cal read-model snapshot\n', 'utf8');

/**
 * What tells one store's event at the snapshot's position from another store's (positions alone repeat across stores).
 */
export interface StoreEventIdentity {
  readonly streamId: string;
  readonly revision: string;
  readonly type: string;
  /** SHA-256 of the event's JSON: two stores seeded alike still differ in ids, times or correlation ids. */
  readonly digest: string;
}

export interface SnapshotHeader {
  readonly format: number;
  readonly fingerprint: string;
  /** The read model's checkpoint (decimal): the documents reflect exactly the events up to this position. */
  readonly position: string;
  readonly storeEvent: StoreEventIdentity;
  readonly bodyBytes: number;
  readonly bodySha256: string;
}

const packer = () => new Packr({ useRecords: true });
const unpacker = () => new Unpackr({ useRecords: true });

/**
 * Loaded events share what replayed ones share: their embedded copies, their lists of none or one id or item
 * (sharedLists), their venues' locations (venueLocations) and the short texts many documents hold. Without it a
 * loaded read model took about 60% more heap than a replayed one.
 */
function decodeBody(bytes: Uint8Array, reader: FrameReader): SnapshotDocuments {
  const [first, ...eventFrames] = [...bodyFrames(bytes)];
  if (first === undefined) throw new Error('the body has no frame');
  const { venues, organizers, categories, tags } = reader.read(first) as Omit<SnapshotDocuments, 'events'>;
  const complete = eventCompleter();
  const events: EventDocument[] = [];
  for (const bytesOfFrame of eventFrames) {
    // Each frame's documents made whole while they are new (young objects, still in the cache).
    const frame = reader.read(bytesOfFrame) as EventFrame;
    complete.learn(frame);
    for (const encoded of frame.events) events.push(complete.event(encoded));
  }
  return { events, venues, organizers, categories, tags };
}

/**
 * Makes decoded events whole, in place (the decoded objects are the decoder's own, and keep the compact shape
 * msgpackr gave them): embedded copies from their indexes, the locations derived, repeated values shared.
 */
function eventCompleter() {
  const copies: never[] = [];
  const costAt: EventDocument['cost'][] = [];
  // The loaded documents share among themselves; the memos die with them, not with the process.
  const lists = new SharedLists();
  const locations = new VenueLocations();
  const links = loadedLinks(lists, copies);
  const textAt: string[] = [];
  // The field's own type at each use: a number read is that field's text, anything else (null) stays.
  const text = (value: unknown): never => (typeof value === 'number' ? textAt[value] : value) as never;
  return {
    learn: (frame: EventFrame) => {
      for (const copy of frame.embedded) copies.push(copy as never);
      // Shared by every document of that price, so frozen as the shared lists are.
      for (const cost of frame.costs)
        costAt.push(cost && (Object.freeze({ entries: Object.freeze(cost.entries) }) as EventDocument['cost']));
      for (const value of frame.texts) textAt.push(value);
      links.learn(frame.links);
    },
    event: (encoded: EncodedEvent): EventDocument => {
      const doc = encoded as unknown as Mutable<EventDocument>;
      doc.publishedUtc = encoded.publishedUtc === sameText ? encoded.modifiedUtc : encoded.publishedUtc;
      doc.startUtc = encoded.startUtc === sameText ? encoded.start : encoded.startUtc;
      doc.endUtc = encoded.endUtc === sameText ? encoded.end : encoded.endUtc;
      doc.cost = encoded.cost === null ? null : (costAt[encoded.cost] as EventDocument['cost']);
      // The texts every document repeats, one string each for the whole body (as a replay shares them).
      doc.language = text(encoded.language);
      doc.author = text(encoded.author);
      doc.status = text(encoded.status);
      doc.timezone = text(encoded.timezone);
      doc.timezoneAbbr = text(encoded.timezoneAbbr);
      doc.statusBeforeTrash = text(encoded.statusBeforeTrash);
      const { venues: v, organizers: o, categories: c, tags: t } = encoded;
      doc.venues = links.ids(v);
      doc.organizers = links.ids(o);
      doc.categories = links.ids(c);
      doc.tags = links.ids(t);
      doc.embedded = {
        venues: links.copies(v),
        organizers: links.copies(o),
        categories: links.copies(c),
        tags: links.copies(t),
      };
      doc.venueLocations = locations.of(doc.embedded.venues);
      return doc;
    },
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The file's parts, in order: the body's frames are encoded a slice of events at a time (`slicing`). */
export async function encodeSnapshot(
  header: Omit<SnapshotHeader, 'format' | 'bodyBytes' | 'bodySha256'>,
  documents: SnapshotDocuments,
  slicing: FrameSlicing = {},
): Promise<Uint8Array[]> {
  const frames = await encodeBodyFrames(documents, slicing);
  const hash = createHash('sha256');
  for (const frame of frames) hash.update(frame);
  const headerBytes = packer().pack({
    ...header,
    format: snapshotFormat,
    bodyBytes: frames.reduce((sum, frame) => sum + frame.length, 0),
    bodySha256: hash.digest('hex'),
  } satisfies SnapshotHeader);
  const headerLength = Buffer.alloc(4);
  headerLength.writeUInt32BE(headerBytes.length);
  return [magic, headerLength, headerBytes, ...frames];
}

export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export const refused = (reason: string) => ({ ok: false, reason }) as const;

/** The header, read before the (large) body is decoded, so that a snapshot of other code costs nothing to refuse. */
export function decodeSnapshotHeader(file: Buffer): Decoded<{ header: SnapshotHeader; bodyOffset: number }> {
  if (file.length < magic.length + 4 || !file.subarray(0, magic.length).equals(magic))
    return refused('not a read-model snapshot file');
  const headerLength = file.readUInt32BE(magic.length);
  const bodyOffset = magic.length + 4 + headerLength;
  if (bodyOffset > file.length) return refused('the file is truncated');
  let header: Partial<SnapshotHeader>;
  try {
    header = unpacker().unpack(file.subarray(magic.length + 4, bodyOffset)) as Partial<SnapshotHeader>;
  } catch (error) {
    return refused(`unreadable header (${(error as Error).message})`);
  }
  if (typeof header !== 'object' || header === null) return refused('unreadable header');
  if (header.format !== snapshotFormat)
    return refused(`format ${String(header.format)}, this code reads format ${snapshotFormat}`);
  const complete =
    typeof header.fingerprint === 'string' &&
    typeof header.position === 'string' &&
    /^\d+$/.test(header.position) &&
    typeof header.storeEvent === 'object' &&
    typeof header.bodyBytes === 'number' &&
    typeof header.bodySha256 === 'string';
  return complete
    ? { ok: true, value: { header: header as SnapshotHeader, bodyOffset } }
    : refused('incomplete header');
}

/** The body, when it is as long as the header says. */
export function bodyOf(file: Buffer, header: SnapshotHeader, bodyOffset: number): Decoded<Buffer> {
  const body = file.subarray(bodyOffset);
  if (body.length !== header.bodyBytes)
    return refused(`the body has ${body.length} bytes, the header says ${header.bodyBytes}: truncated`);
  return { ok: true, value: body };
}

/**
 * Whether the body is the one the header describes, decided on libuv's thread pool (WebCrypto digests run there):
 * the main thread decodes the body meanwhile, and nothing decoded is used before this says yes.
 */
export async function bodyMatchesChecksum(body: Uint8Array, header: SnapshotHeader): Promise<boolean> {
  const digest = Buffer.from(await webcrypto.subtle.digest('SHA-256', body)).toString('hex');
  return digest === header.bodySha256;
}

/** The documents of a verified body. */
export function decodeSnapshotBody(body: Buffer): Decoded<SnapshotDocuments> {
  const reader = frameReader();
  try {
    return { ok: true, value: decodeBody(body, reader) };
  } catch (error) {
    return refused(`unreadable body (${(error as Error).message})`);
  } finally {
    reader.done();
  }
}
